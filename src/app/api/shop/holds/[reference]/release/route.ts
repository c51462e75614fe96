import { releaseHold } from '@/booking/hold-release';
import { hasHoldSession } from '@/shop/hold-session';
import { isValidBookingLink } from '@/booking/signature';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../../../responses';

export const dynamic = 'force-dynamic';

/**
 * POST /api/shop/holds/{reference}/release[?firma=…]: the visitor gives the held seats back
 * ("Change the booking", or leaving after the payment page). Only the hold's owner may: the
 * browser that made it (its hold cookie) or the customer of an office payment link (its `firma`).
 * A reference alone travels in URLs and e-mails; anyone else gets the same 404 as an unknown
 * booking, and the seats stay held.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const payload = await payloadClient();
  const signature = new URL(request.url).searchParams.get('firma');
  const owner = hasHoldSession(request, reference) || (await isValidBookingLink(payload, reference, signature));
  if (!owner) return error(404, 'bookingNotFound');
  const result = await releaseHold(payload, reference);
  if (result.ok) return json({ ok: true, seatsReleased: result.seats });
  if (result.error === 'notFound') return error(404, 'bookingNotFound');
  return error(409, 'holdExpired');
}
