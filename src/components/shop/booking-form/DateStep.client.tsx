'use client';

import type { Locale } from '@/i18n/locales';

import styles from '../BookingForm.module.css';
import { monthOf } from '../availability-prefetch';

/**
 * What the calendar needs: the booking form's availability (use-availability.ts) or any other
 * list of bookable days, such as a disrupted visitor's alternatives (ChangeChoice.client.tsx).
 */
export type CalendarView = {
  month: string;
  calendar: { days: { date: string; bookable: boolean }[]; closedDates?: string[] } | null;
  loading: boolean;
  date: string | null;
  /** The last month worth paging to ("YYYY-MM"); open-ended when absent. */
  lastMonth?: string;
  showMonth(by: number): void;
  pickDate(iso: string): void;
};

/** Step 1: a month of days, those with bookable departures enabled. */
export function DateStep({
  locale,
  text,
  availability,
}: {
  locale: Locale;
  /** messages.form */
  text: Record<string, string>;
  availability: CalendarView;
}) {
  const t = text;
  const { month, calendar, loading, date, lastMonth } = availability;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const firstWeekday = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  // Only the first letter: CSS's `capitalize` made every word a capital ("Desembre Del 2026").
  const monthWords = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
  const monthLabel = monthWords.charAt(0).toLocaleUpperCase(locale) + monthWords.slice(1);
  const weekdayNames = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );
  const thisMonth = monthOf(new Date());

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t.date}</legend>
      <div className={styles.monthNav}>
        <button
          type="button"
          onClick={() => availability.showMonth(-1)}
          disabled={month <= thisMonth}
          aria-label={t.previousMonth}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span aria-live="polite">{monthLabel}</span>
        <button
          type="button"
          onClick={() => availability.showMonth(1)}
          disabled={lastMonth !== undefined && month >= lastMonth}
          aria-label={t.nextMonth}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className={styles.calendar} role="group" aria-label={monthLabel} aria-busy={loading}>
        {weekdayNames.map((name) => (
          <span key={name} className={styles.weekday} aria-hidden="true">
            {name}
          </span>
        ))}
        {Array.from({ length: firstWeekday }, (_, i) => (
          <span key={`blank-${i}`} aria-hidden="true" />
        ))}
        {Array.from({ length: daysInMonth }, (_, i) => {
          const iso = `${month}-${String(i + 1).padStart(2, '0')}`;
          const info = calendar?.days.find((d) => d.date === iso);
          const closed = calendar?.closedDates?.includes(iso) ?? false;
          const label = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
            new Date(`${iso}T12:00:00Z`),
          );
          return (
            <button
              key={iso}
              type="button"
              className={closed ? `${styles.day} ${styles.closed}` : styles.day}
              disabled={closed || !info?.bookable}
              aria-pressed={date === iso}
              data-date={iso}
              aria-label={closed ? `${label} — ${t.closed}` : info?.bookable ? label : `${label} — ${t.noDepartures}`}
              onClick={() => availability.pickDate(iso)}
            >
              {i + 1}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
