import { isLocale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { payloadClient } from '@/lib/payload';
import { checkBookingLink, queueTicketEmail, ticketEmailsSince, loadPaidBooking } from '@/tickets/delivery';

import { error } from '../../../responses';

export const dynamic = 'force-dynamic';

/** At most this many ticket e-mails per booking per hour, the confirmation included. */
const RESENDS_PER_HOUR = 4;

/**
 * POST /api/shop/bookings/{reference}/resend (form post from the booking page; works without
 * JavaScript): queues the ticket e-mail again and returns to the booking page with the outcome.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const form = await request.formData().catch(() => null);
  const signature = form?.get('firma');
  const localeField = form?.get('locale');
  const payload = await payloadClient();
  const link = typeof signature === 'string' ? await checkBookingLink(payload, reference, signature) : 'invalid';
  if (link === 'expired' && isLocale(localeField)) {
    // Back to the booking page, which says the link expired and how to get a new one.
    const query = new URLSearchParams({ firma: signature as string });
    return new Response(null, {
      status: 303,
      headers: { Location: `${pathFor('booking', localeField, { reference })}?${query}`, 'Cache-Control': 'no-store' },
    });
  }
  if (link === 'expired') return error(410, 'linkExpired');
  if (link !== 'valid' || typeof signature !== 'string') return error(404, 'bookingNotFound');
  const booking = await loadPaidBooking(payload, { reference });
  if (!booking) return error(404, 'bookingNotFound');
  const locale = isLocale(localeField) ? localeField : booking.locale;
  const limited = (await ticketEmailsSince(payload, booking.id, new Date(Date.now() - 3600_000))) >= RESENDS_PER_HOUR;
  if (!limited) await queueTicketEmail(payload, booking.id);
  const query = new URLSearchParams({ firma: signature, reenviat: limited ? 'limit' : '1' });
  // A relative Location: the browser stays on the host it used. Built from request.url it named
  // the address the server listens on (http://0.0.0.0:3100), which no browser can open.
  return new Response(null, {
    status: 303,
    headers: { Location: `${pathFor('booking', locale, { reference })}?${query}`, 'Cache-Control': 'no-store' },
  });
}
