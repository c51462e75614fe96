import { getTranslations } from 'next-intl/server';

import { formatEuros } from '@/booking/money';
import { timeText } from '@/i18n/time';
import { madridDeadline } from '@/i18n/clock';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { payloadClient } from '@/lib/payload';
import { bookingToChangeWithDeparture, PAY_WITHIN_MINUTES, selfChangeWindow } from '@/operations/self-change';

import styles from '../../app/(site)/[locale]/reserva/[reference]/booking-page.module.css';
import { ChangeChoice } from './ChangeChoice.client';
import { changeCalendar, dayText } from './change-calendar';
import { written } from '@/i18n/written';

/**
 * The change-of-date page of a booking that was never disrupted (operations/self-change.ts): the
 * departures the visitor may take on the booking form's calendar, what it costs, until when; or,
 * when it can no longer be changed online, why and who can still help. Null: no such booking.
 */
export async function SelfChange({ locale, reference, firma }: { locale: Locale; reference: string; firma: string }) {
  const payload = await payloadClient();
  const found = await bookingToChangeWithDeparture(payload, reference);
  if (!found) return null;
  const { booking, departure } = found;
  const [t, tour, window] = await Promise.all([
    getTranslations({ locale, namespace: 'notices.selfChange' }).then((t) => written(locale, t)),
    payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 0 }),
    selfChangeWindow(payload, booking),
  ]);
  const ticketsUrl = `${pathFor('booking', locale, { reference: booking.reference })}?firma=${encodeURIComponent(firma)}`;
  const summary = (
    <p className="lead">
      {t('booking', {
        tour: tour.title,
        date: dayText(departure.startsAt, locale),
        time: timeText(departure.startsAt, locale),
        reference: booking.reference,
        seats: booking.seats,
      })}
    </p>
  );
  if (!window.open) {
    return (
      <article className="page" data-testid="self-change" data-open="false">
        <h1>{t('title')}</h1>
        {summary}
        <p role="status" className={styles.notice}>
          {t('closed', {
            reason: window.reason,
            deadline: window.closesAt ? madridDeadline(window.closesAt, locale) : '',
          })}
        </p>
        <p>
          <a className="button button--secondary" href={ticketsUrl}>
            {t('back')}
          </a>{' '}
          <a href={pathFor('contact', locale)}>{t('contact')}</a>
        </p>
      </article>
    );
  }
  const difference = window.differenceCents;
  const calendar = await changeCalendar(window.alternatives, locale);
  return (
    <article className="page" data-testid="self-change" data-open="true">
      <h1>{t('title')}</h1>
      {summary}
      <p>{t('until', { deadline: madridDeadline(window.closesAt, locale) })}</p>
      <p className={difference === 0 ? styles.muted : styles.notice} data-testid="self-change-price">
        {t('price', {
          difference: difference > 0 ? 'more' : difference < 0 ? 'less' : 'same',
          amount: formatEuros(Math.abs(difference), locale),
          minutes: PAY_WITHIN_MINUTES,
        })}
      </p>
      <ChangeChoice
        mode="date"
        done={`${ticketsUrl}&canvi=ok`}
        locale={locale}
        reference={booking.reference}
        firma={firma}
        alternatives={calendar.alternatives}
        labels={{
          ...calendar.labels,
          chooseTitle: t('chooseTitle'),
          chooseHelp: t('chooseHelp'),
          move: t('move'),
          none: t('none'),
        }}
      />
      <p>
        <a href={ticketsUrl}>{t('back')}</a>
      </p>
    </article>
  );
}
