import { bookingReview } from '@/booking/review';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../../responses';

export const dynamic = 'force-dynamic';

/** GET /api/shop/holds/{reference}: the review step (WCAG 3.3.4) and the countdown. */
export async function GET(_request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const review = await bookingReview(await payloadClient(), reference);
  if (!review) return error(404, 'bookingNotFound');
  return json({ ok: true, booking: review });
}
