import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';

export type DepartureTour = {
  slug: string;
  title: string;
  departuresWeekday: string | null;
  departuresWeekend: string | null;
};

/**
 * SLOT for the ticket shop: today's departures on the home page. Until live departures (times,
 * seats left, status) exist, it shows each featured tour's timetable for today's kind of day.
 * The ticket-shop work replaces the body of this component and keeps its name and props.
 */
export async function TodaysDepartures({
  locale,
  tours,
  now = new Date(),
}: {
  locale: Locale;
  tours: DepartureTour[];
  now?: Date;
}) {
  const t = await getTranslations({ locale, namespace: 'content.today' });
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', weekday: 'short' }).format(now);
  const weekend = weekday === 'Sat' || weekday === 'Sun';
  return (
    <section className="section todays-departures" aria-labelledby="today-heading" data-slot="todays-departures">
      <h2 id="today-heading">{t('title')}</h2>
      <p>{t('intro')}</p>
      <ul className="departure-list">
        {tours.map((tour) => {
          const text = weekend ? tour.departuresWeekend : tour.departuresWeekday;
          if (!text) return null;
          return (
            <li key={tour.slug}>
              <Link href={`${pathFor('tour', locale, { id: tour.slug })}#reservar`}>{tour.title}</Link>
              <span className="departure-list__times">
                <span className="visually-hidden">{weekend ? t('weekend') : t('weekday')}: </span>
                {text}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
