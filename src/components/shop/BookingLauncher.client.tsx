'use client';

import { type ComponentProps, lazy, Suspense, use, useState, useSyncExternalStore } from 'react';

import type { Locale } from '@/i18n/locales';

import { prefetchAvailability } from './availability-prefetch';
import { shopTexts } from './booking-form/shop-texts';
import { pendingPayment } from './pending-payment';
import styles from './BookingForm.module.css';

// The calendar and form load only when the visitor asks for them (docs/domain-rules.md#budgets: ≤ 130 KB of
// JavaScript on first load of a tour page), and with them their texts (shop-texts.ts).
const loadForm = () => import('./BookingForm.client');
const BookingForm = lazy(loadForm);

/** The form once its texts have arrived too (the Suspense around it waits for both). */
function FormWithTexts(props: Omit<ComponentProps<typeof BookingForm>, 'messages'>) {
  const messages = use(shopTexts(props.locale));
  return <BookingForm {...props} messages={messages} />;
}

const noSubscription = () => () => {};
const currentSearch = () => window.location.search;
const noSearch = () => '';

export function BookingLauncher({ slug, locale, openLabel }: { slug: string; locale: Locale; openLabel: string }) {
  const [open, setOpen] = useState(false);
  // Back from the gateway's KO page (?reserva=…&pago=ko): reopen that booking's review so the
  // visitor can pay again while the hold lasts. Read without an effect; the server sees ''.
  const search = useSyncExternalStore(noSubscription, currentSearch, noSearch);
  const query = new URLSearchParams(search);
  // Back from the payment page with the browser's back button: the hold it took there.
  const pending = useSyncExternalStore(
    noSubscription,
    () => pendingPayment(slug),
    () => null,
  );
  const resume = query.get('reserva') ?? pending;
  if (!open && !resume) {
    // A finger or pointer on the button, or keyboard focus, is the intent to book: the form's code
    // and its first month of seats start downloading together, before the tap lands.
    const warm = () => {
      void loadForm();
      void shopTexts(locale);
      prefetchAvailability(slug, locale);
    };
    return (
      <button
        type="button"
        className={styles.primary}
        onPointerEnter={warm}
        onPointerDown={warm}
        onFocus={warm}
        onClick={() => {
          warm();
          setOpen(true);
        }}
      >
        {openLabel}
      </button>
    );
  }
  return (
    <Suspense fallback={<p aria-busy="true">…</p>}>
      <FormWithTexts
        slug={slug}
        locale={locale}
        resume={resume ?? undefined}
        paymentFailed={query.get('pago') === 'ko'}
        returned={!query.get('reserva') && Boolean(pending)}
      />
    </Suspense>
  );
}
