'use client';

import { useSyncExternalStore } from 'react';

import type { Locale } from '@/i18n/locales';
import { localePrefix } from '@/i18n/locales';
import { readThanksLink } from '@/lib/thanks-link';

function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/**
 * On the (cached) thank-you page: the proxy has moved the booking link the payment gateway
 * returned with into the address's fragment (src/lib/thanks-link.ts), which only this browser
 * sees, so the page can link straight to the tickets while the e-mail is on its way.
 */
export function ThanksBooking({ locale, messages }: { locale: Locale; messages: { viewTickets: string } }) {
  // The server render (shared by everyone) has no link; the browser reads it after hydration.
  const fragment = useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => '',
  );
  const link = readThanksLink(fragment);
  if (!link) return null;
  return (
    <p>
      <a
        className="button"
        href={`${localePrefix(locale)}/reserva/${link.reference}?firma=${encodeURIComponent(link.signature)}`}
      >
        {messages.viewTickets}
      </a>
    </p>
  );
}
