import { hasHoldSession } from '@/booking/hold-session';
import { bookingReview } from '@/booking/review';
import { payloadClient } from '@/lib/payload';
import { isValidBookingLink } from '@/booking/signature';

import { error, json } from '../../responses';

export const dynamic = 'force-dynamic';

/**
 * GET /api/shop/holds/{reference}: the review step (WCAG 3.3.4) and the countdown. The customer's
 * name, e-mail and phone only for the browser that made the hold or with the signed link's
 * `firma`; anyone else holding the reference sees the hold's state without them.
 */
export async function GET(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const payload = await payloadClient();
  const review = await bookingReview(payload, reference);
  if (!review) return error(404, 'bookingNotFound');
  const signature = new URL(request.url).searchParams.get('firma');
  const personal =
    hasHoldSession(request, review.reference) || (await isValidBookingLink(payload, review.reference, signature));
  return json({ ok: true, booking: personal ? review : { ...review, customer: null } });
}
