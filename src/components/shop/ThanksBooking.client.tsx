'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';

import type { Locale } from '@/i18n/locales';
import { readThanksLink } from '@/lib/thanks-link';

function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

type State = {
  view: string;
  title: string;
  lines: string[];
  bookingPath: string;
  changePath?: string;
  next: number | null;
};

export type ThanksMessages = {
  /** "Thank you for booking with us": only over a booking that is paid or being paid. */
  heading: string;
  /** The heading while the state is not known, which says nothing about it. */
  headingPending: string;
  checking: string;
  unknown: string;
  viewBooking: string;
  /** The tickets' link of a paid booking. */
  viewTickets: string;
  choose: string;
  success: string;
  next: string;
  steps: string[];
};

// The bank's notification usually arrives before the visitor does; when it has not, ask again
// for a couple of minutes, then leave it to the e-mail.
const MAX_POLLS = 40;

/**
 * On the (cached) thank-you page: the proxy has moved the booking link the payment gateway
 * returned with into the address's fragment (src/lib/thanks-link.ts), which only this browser
 * sees. The page asks the booking's REAL state with it (api/shop/bookings/…/state) and shows
 * that: waiting for the bank, confirmed, or cancelled and refunded. It says "confirmed" only
 * when the booking is paid; the shared HTML says nothing about any booking.
 */
export function ThanksBooking({ locale, messages }: { locale: Locale; messages: ThanksMessages }) {
  // The server render (shared by everyone) has no link; the browser reads it after hydration.
  const fragment = useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => '',
  );
  const link = readThanksLink(fragment);
  const reference = link?.reference;
  const signature = link?.signature;
  const [state, setState] = useState<State | 'failed' | null>(null);

  useEffect(() => {
    if (!reference || !signature) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (poll: number) => {
      try {
        const response = await fetch(
          `/api/shop/bookings/${encodeURIComponent(reference)}/state?firma=${encodeURIComponent(signature)}&locale=${locale}`,
          { cache: 'no-store' },
        );
        const body = (await response.json()) as State & { ok: boolean };
        if (stopped) return;
        if (!body.ok) return setState('failed');
        setState(body);
        if (body.next && poll < MAX_POLLS) timer = setTimeout(() => void ask(poll + 1), body.next);
      } catch {
        if (!stopped) setState('failed');
      }
    };
    void ask(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reference, signature, locale]);

  if (!link) return <h1>{messages.headingPending}</h1>;
  if (state === null)
    return (
      <>
        <h1>{messages.headingPending}</h1>
        <p role="status">{messages.checking}</p>
      </>
    );
  if (state === 'failed')
    return (
      <>
        <h1>{messages.headingPending}</h1>
        <p role="alert">{messages.unknown}</p>
      </>
    );
  const confirmed = state.view === 'confirmed';
  // Thanks only for a booking that is one; otherwise the heading says what happened (a payment
  // that came late, a booking cancelled or never paid), and it is the state's own title.
  const thanked = confirmed || state.view === 'waiting';
  return (
    // Polite live region: a screen reader hears the state change when the bank's answer arrives.
    <div data-testid="booking-state" data-view={state.view} aria-live="polite">
      {confirmed ? <p className="eyebrow">{messages.success}</p> : null}
      {thanked ? (
        <>
          <h1>{messages.heading}</h1>
          <h2>{state.title}</h2>
        </>
      ) : (
        <h1>{state.title}</h1>
      )}
      {state.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>
        {state.changePath ? (
          <a className="button" href={state.changePath}>
            {messages.choose}
          </a>
        ) : (
          <a className="button" href={state.bookingPath}>
            {confirmed ? messages.viewTickets : messages.viewBooking}
          </a>
        )}
      </p>
      {confirmed ? (
        <section className="section card" aria-labelledby="next-heading">
          <h2 id="next-heading">{messages.next}</h2>
          <ol>
            {messages.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
