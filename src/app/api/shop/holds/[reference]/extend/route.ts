import { extendHold } from '@/booking/holds';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../../../responses';

export const dynamic = 'force-dynamic';

/** POST /api/shop/holds/{reference}/extend: once per booking. */
export async function POST(_request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const result = await extendHold(await payloadClient(), reference);
  if (result.ok) return json({ ok: true, holdExpiresAt: result.holdExpiresAt.toISOString() });
  if (result.error === 'notFound') return error(404, 'bookingNotFound');
  return error(409, result.error === 'notHeld' ? 'holdExpired' : 'alreadyExtended');
}
