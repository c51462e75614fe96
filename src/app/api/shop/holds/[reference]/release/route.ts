import { releaseHold } from '@/booking/hold-release';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../../../responses';

export const dynamic = 'force-dynamic';

/**
 * POST /api/shop/holds/{reference}/release: the visitor gives the held seats back ("Change the
 * booking", or leaving after the payment page). The reference is the visitor's unguessable key.
 */
export async function POST(_request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const result = await releaseHold(await payloadClient(), reference);
  if (result.ok) return json({ ok: true, seatsReleased: result.seats });
  if (result.error === 'notFound') return error(404, 'bookingNotFound');
  return error(409, 'holdExpired');
}
