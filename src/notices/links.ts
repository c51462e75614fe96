import { bookingSignatureFor } from '@/booking/signature';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';

// `departureAt`: the booking's departure, from which each link's lifetime counts (signature.ts).

/** The signed link to a disrupted booking's choice page, in the booking's language. */
export function changePageUrl(reference: string, locale: Locale, departureAt: Date): string {
  return `${env().SITE_URL}${pathFor('bookingChange', locale, { reference })}?firma=${bookingSignatureFor(reference, departureAt)}`;
}

/**
 * The signed link an office sale by payment link e-mails: the tour page reopens the held
 * booking's review, where the customer pays through the gateway like any web booking.
 */
export function paymentPageUrl(reference: string, tourSlug: string, locale: Locale, departureAt: Date): string {
  const path = pathFor('tour', locale, { id: tourSlug });
  return `${env().SITE_URL}${path}?reserva=${encodeURIComponent(reference)}&firma=${bookingSignatureFor(reference, departureAt)}`;
}

/** The signed link to a booking's own page: its tickets, and a move waiting for payment. */
export function bookingPageUrl(reference: string, locale: Locale, departureAt: Date): string {
  return `${env().SITE_URL}${pathFor('booking', locale, { reference })}?firma=${bookingSignatureFor(reference, departureAt)}`;
}
