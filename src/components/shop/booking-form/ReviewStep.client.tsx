'use client';

import { useEffect, useRef } from 'react';

import { formatEuros } from '@/booking/money';
import type { Locale } from '@/i18n/locales';

import styles from '../BookingForm.module.css';
import type { Hold } from './use-hold';
import type { BookingReview, ShopMessages } from './types';

/** The last step, in place of the form: the held booking, its countdown, and paying for it. */
export function ReviewStep({
  ids,
  locale,
  messages,
  review,
  hold,
  busy,
  formError,
}: {
  ids: string;
  locale: Locale;
  messages: ShopMessages;
  review: BookingReview;
  hold: Hold;
  busy: boolean;
  formError: string | null;
}) {
  const t = messages;
  const { expired, backFromPayment } = hold;
  const heading = useRef<HTMLHeadingElement>(null);

  // The review replaces the form: take keyboard and screen-reader focus to its heading.
  useEffect(() => {
    heading.current?.focus();
  }, [review.reference]);

  return (
    <section className={styles.review} aria-labelledby={`${ids}-review`}>
      <h3 id={`${ids}-review`} ref={heading} tabIndex={-1}>
        {t.review.title}
      </h3>
      <p>{t.review.intro}</p>
      {backFromPayment && !expired ? (
        <p role="status" className={styles.note}>
          {t.review.returned}
        </p>
      ) : null}
      <p className={styles.countdown} role="timer" aria-live="off">
        {(t.review.expiresIn ?? '').replace('{time}', hold.timeLeft)}
      </p>
      <dl className={styles.summary}>
        <dt>{t.review.reference}</dt>
        <dd>{review.reference}</dd>
        <dt>{t.form.date}</dt>
        <dd>
          {new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
            new Date(`${review.departure.date}T12:00:00Z`),
          )}
        </dd>
        <dt>{t.form.time}</dt>
        <dd>{review.departure.time}</dd>
        <dt>{t.form.boardingTime}</dt>
        <dd>{review.departure.boardingTime}</dd>
        <dt>{t.form.people}</dt>
        <dd>{review.seats}</dd>
        {review.customer && (
          <>
            <dt>{t.form.name}</dt>
            <dd>
              {review.customer.name} {review.customer.surnames}
            </dd>
            <dt>{t.form.email}</dt>
            <dd>{review.customer.email}</dd>
          </>
        )}
        <dt>{t.form.total}</dt>
        <dd className={styles.total}>{formatEuros(review.totalCents, locale)}</dd>
      </dl>
      {review.invoice ? (
        <p data-testid="review-invoice">
          {(t.invoice.fullInvoiceTo ?? '')
            .replace('{name}', review.invoice.name)
            .replace('{taxId}', review.invoice.taxId)}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className={styles.error}>
          {formError}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={hold.pay} disabled={busy || expired}>
          {(t.review.pay ?? '').replace('{amount}', formatEuros(review.totalCents, locale))}
        </button>
        {!review.holdExtended && !expired ? (
          <button type="button" className={styles.secondary} onClick={hold.extend}>
            {t.review.extend}
          </button>
        ) : null}
        <button type="button" className={styles.secondary} onClick={() => void hold.release('edit')} disabled={busy}>
          {t.review.edit}
        </button>
        {backFromPayment && !expired ? (
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void hold.release('released')}
            disabled={busy}
          >
            {t.review.release}
          </button>
        ) : null}
      </div>
      {expired ? <p role="alert">{t.errors.holdExpired}</p> : null}
    </section>
  );
}
