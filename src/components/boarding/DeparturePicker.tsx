import Link from 'next/link';

import type { BoardingDeparture } from '@/operations/boarding-decision';

import type { Translate } from './boarding-text';
import styles from './boarding.module.css';

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
        <Link className={styles.link} href="/admin">
          {t('backOffice')}
        </Link>
      </header>
      <h2 className={styles.subtitle}>{t('pickDeparture')}</h2>
      {departures.length === 0 ? <p className={styles.note}>{t('noDepartures')}</p> : null}
      <ul className={styles.departures}>
        {departures.map((d) => (
          <li key={d.id}>
            <button type="button" className={styles.departure} onClick={() => onPick(d.id)}>
              <span className={styles.departureTime}>{d.time}</span>
              <span className={styles.departureTour}>{d.tour}</span>
              <span className={styles.departureMeta}>
                {d.boat} · {t('onBoard', { boarded: d.boarded, sold: d.seatsSold })}
                {d.status === 'cancelled' ? ` · ${t('departureCancelled')}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
