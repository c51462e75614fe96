import { BOARDING_PATH } from '@/lib/staff-app';
import type { BoardingDeparture } from '@/operations/boarding-decision';

import type { Translate } from './boarding-text';
import styles from '../staff-app/staff-app.module.css';

const DEPARTURE_PARAM = 'departure';

export function departureHref(id: number): string {
  return `${BOARDING_PATH}?${DEPARTURE_PARAM}=${id}`;
}

/** The departure a tap before hydration asked for, from the page's address; null when none. */
export function departureFromAddress(href: string): number | null {
  const value = new URL(href).searchParams.get(DEPARTURE_PARAM);
  const id = value === null ? NaN : Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Today's departures, for the crew to pick the one they are loading. */
export function DeparturePicker({
  departures,
  t,
  onPick,
}: {
  departures: readonly BoardingDeparture[];
  t: Translate;
  onPick: (id: number) => void;
}) {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        {/* The back office is another app (Payload's): a plain link loads it. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- Payload's admin is another app: a full load */}
        <a className={styles.link} href="/admin">
          {t('backOffice')}
        </a>
      </header>
      <h2 className={styles.subtitle}>{t('pickDeparture')}</h2>
      {departures.length === 0 ? <p className={styles.note}>{t('noDepartures')}</p> : null}
      <ul className={styles.departures}>
        {departures.map((d) => (
          <li key={d.id}>
            {/* A link, so that a tap before the page has come alive (a slow phone, a cold start) still
                opens the departure: the app reads it from the address once it runs. */}
            <a
              className={styles.departure}
              href={departureHref(d.id)}
              onClick={(event) => {
                event.preventDefault();
                onPick(d.id);
              }}
            >
              <span className={styles.departureTime}>{d.time}</span>
              <span className={styles.departureTour}>{d.tour}</span>
              <span className={styles.departureMeta}>
                {d.boat} · {t('onBoard', { boarded: d.boarded, sold: d.seatsSold })}
                {d.status === 'cancelled' ? ` · ${t('departureCancelled')}` : ''}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
