'use client';

import { lazy, Suspense, useState } from 'react';

import type { Locale } from '@/i18n/locales';

import type { ShopMessages } from './BookingForm.client';
import styles from './BookingForm.module.css';

// The calendar and form load only when the visitor asks for them (DESIGN budget: ≤ 130 KB of
// JavaScript on first load of a tour page).
const BookingForm = lazy(() => import('./BookingForm.client'));

export function BookingLauncher({
  slug,
  locale,
  messages,
  openLabel,
}: {
  slug: string;
  locale: Locale;
  messages: ShopMessages;
  openLabel: string;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={styles.primary} onClick={() => setOpen(true)}>
        {openLabel}
      </button>
    );
  }
  return (
    <Suspense fallback={<p aria-busy="true">…</p>}>
      <BookingForm slug={slug} locale={locale} messages={messages} />
    </Suspense>
  );
}
