import { isLocale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { payloadClient } from '@/lib/payload';
import { describeBookingState, loadBookingState } from '@/notices/booking-state';
import { checkBookingLink } from '@/tickets/delivery';

import { error, json } from '../../../responses';

export const dynamic = 'force-dynamic';

/**
 * GET /api/shop/bookings/{reference}/state?firma=…&locale=… — what the booking really is, in
 * words, for the thank-you page (which is static and shared, so it asks from the browser): waiting
 * for the bank, confirmed, cancelled and refunded (how much, and when the card shows it)…, never
 * "confirmed" for a booking that is not. `next` says when to ask again (the bank's notification
 * has not arrived yet).
 */
export async function GET(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  // No rate limit, like the PDF's: nothing answers without the HMAC, and the page polls.
  const { reference } = await context.params;
  const url = new URL(request.url);
  const firma = url.searchParams.get('firma');
  const locale = url.searchParams.get('locale');
  if (!isLocale(locale)) return error(400, 'invalidLocale');
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, firma);
  if (link === 'expired') return error(410, 'linkExpired');
  if (link !== 'valid') return error(404, 'bookingNotFound');
  const state = await loadBookingState(payload, reference, locale);
  if (!state) return error(404, 'bookingNotFound');
  const text = await describeBookingState(state, locale);
  const signed = `?firma=${encodeURIComponent(firma!)}`;
  return json({
    ok: true,
    reference: state.reference,
    ...text,
    bookingPath: `${pathFor('booking', locale, { reference: state.reference })}${signed}`,
    ...(state.view === 'disrupted'
      ? { changePath: `${pathFor('bookingChange', locale, { reference: state.reference })}${signed}` }
      : {}),
    next: state.view === 'waiting' ? 3000 : null,
  });
}
