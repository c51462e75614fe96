'use client';

import type { Locale } from '@/i18n/locales';
import { plural } from '@/lib/icu-lite';
import type { DayAvailability, DepartureAvailability } from '@/schedule/availability';

import styles from '../BookingForm.module.css';

/** Step 2: the chosen day's departures, with the seats left on each. */
export function DepartureStep({
  locale,
  text,
  day,
  departure,
  onPick,
}: {
  locale: Locale;
  /** messages.form */
  text: Record<string, string>;
  day: DayAvailability;
  departure: DepartureAvailability | null;
  onPick: (departure: DepartureAvailability) => void;
}) {
  const t = text;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t.time}</legend>
      {day.departures.map((dep) => (
        <label key={dep.id} className={styles.option}>
          <input
            type="radio"
            name="departure"
            value={dep.id}
            checked={departure?.id === dep.id}
            disabled={!dep.bookable}
            onChange={() => onPick(dep)}
          />
          <span>
            {dep.time} · {dep.state === 'soldOut' ? t.soldOut : plural(t.seatsLeft ?? '', dep.seatsLeft, locale)}
          </span>
        </label>
      ))}
      <p className={styles.hint}>{t.otherTimesOnRequest}</p>
      {departure ? (
        <p>
          {t.boardingTime}: <strong>{departure.boardingTime}</strong>
        </p>
      ) : null}
    </fieldset>
  );
}
