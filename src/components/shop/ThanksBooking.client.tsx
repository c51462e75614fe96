'use client';

import { useSyncExternalStore } from 'react';

import type { Locale } from '@/i18n/locales';
import { localePrefix } from '@/i18n/locales';

const noSubscription = () => () => {};

function ticketsLink(search: string, locale: Locale): string | null {
  const query = new URLSearchParams(search);
  const reference = query.get('reserva');
  const signature = query.get('firma');
  if (!reference || !signature || !/^[A-Z0-9]{6,40}$/.test(reference) || !/^[\w-]{16,64}$/.test(signature)) return null;
  return `${localePrefix(locale)}/reserva/${reference}?firma=${encodeURIComponent(signature)}`;
}

/**
 * On the (cached) thank-you page: the payment gateway returns the visitor with the booking
 * reference and its signature, so the page can confirm the booking and link straight to the
 * tickets while the e-mail is on its way.
 */
export function ThanksBooking({ locale, messages }: { locale: Locale; messages: { viewTickets: string } }) {
  // The server render (cached) has no query string; the browser reads it after hydration.
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => '',
  );
  const link = ticketsLink(search, locale);
  if (!link) return null;
  return (
    <p>
      <a className="button" href={link}>
        {messages.viewTickets}
      </a>
    </p>
  );
}
