import { z } from 'zod';

import { startMovePayment } from '@/operations/move-payment';
import { checkBookingLink } from '@/booking/signature';
import { overLimit } from '@/lib/endpoint-limits';
import { payloadClient } from '@/lib/payload';

import { json } from '../../../responses';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({ firma: z.string().max(128) });

/**
 * POST /api/shop/bookings/{reference}/move-payment `{ firma }`: the customer pays the difference of
 * a move staff offered, from the signed link on their booking page. Answers the form the browser
 * posts to the gateway, as for a held booking; 409 `noPendingMove` once the offer ran out.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const limited = await overLimit('payments', request);
  if (limited) return limited;
  const { reference } = await context.params;
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, parsed.data.firma);
  if (link !== 'valid') return json({ ok: false, error: link === 'expired' ? 'linkExpired' : 'invalidLink' }, 403);
  const result = await startMovePayment(payload, reference);
  if (result.ok) return json({ ok: true, form: result.form });
  return json({ ok: false, error: result.error }, result.error === 'notFound' ? 404 : 409);
}
