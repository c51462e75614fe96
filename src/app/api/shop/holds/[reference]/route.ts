import { hasHoldSession } from '@/shop/hold-session';
import { bookingReview } from '@/shop/review';
import { isValidBookingLink } from '@/booking/signature';
import { overLimit } from '@/lib/endpoint-limits';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../../responses';

export const dynamic = 'force-dynamic';

/**
 * GET /api/shop/holds/{reference}[?firma=…]: the review step (WCAG 3.3.4) and the countdown, for
 * the hold's owner only, as its release (decision 127): the browser that made it (its hold cookie)
 * or the customer of a signed link (its `firma`). A reference alone travels in URLs and e-mails,
 * and answered the booking's trip, seats and price to anyone, without limit (issue 42): now the
 * same 404 as an unknown booking, and every read counts against a per-address limit.
 */
export async function GET(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const limited = await overLimit('holdReads', request);
  if (limited) return limited;
  const { reference } = await context.params;
  const payload = await payloadClient();
  const signature = new URL(request.url).searchParams.get('firma');
  const owner = hasHoldSession(request, reference) || (await isValidBookingLink(payload, reference, signature));
  if (!owner) return error(404, 'bookingNotFound');
  const review = await bookingReview(payload, reference);
  if (!review) return error(404, 'bookingNotFound');
  return json({ ok: true, booking: review });
}
