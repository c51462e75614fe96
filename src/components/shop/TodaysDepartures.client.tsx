'use client';

import { useEffect, useState } from 'react';

import type { TodaysBoard, TodaysDeparture } from '@/operations/today';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { fill, plural } from '@/lib/icu-lite';

import styles from './TodaysDepartures.module.css';

export type TodayMessages = Record<
  | 'title'
  | 'loading'
  | 'unavailable'
  | 'none'
  | 'boarding'
  | 'seatsLeft'
  | 'few'
  | 'capacityExhausted'
  | 'departed'
  | 'book'
  | 'bookTour'
  | 'updated'
  | 'more',
  string
>;

/** The next few departures are what a visitor on the quay needs; the rest fold away. */
const SHOWN_FIRST = 6;

/** Seats change by the minute on a summer morning: refresh while the page is in view. */
const REFRESH_MS = 30_000;

type State = { kind: 'loading' } | { kind: 'failed' } | ({ kind: 'ready' } & TodaysBoard);

/**
 * The home page's departures board. The page around it is cached, with the board as it was when
 * the page was rendered (so the page does not move when the seats arrive); this asks the database
 * through /api/shop/today on load and every 30 s, so the seats shown are never older than that.
 */
export function TodaysDepartures({
  locale,
  messages: t,
  initial,
}: {
  locale: Locale;
  messages: TodayMessages;
  /** The board as the server read it when it rendered the page, drawn before any fetch. */
  initial?: TodaysBoard | null;
}) {
  const [state, setState] = useState<State>(() => (initial ? { kind: 'ready', ...initial } : { kind: 'loading' }));
  // The rows the visitor has been shown stay while the page is open: a boat that leaves turns grey
  // rather than vanishing, so nothing below moves (a cached page may be minutes older than its seats).
  const [shown, setShown] = useState<ReadonlySet<number>>(
    () => new Set(initial?.departures.filter((departure) => !departure.departed).map((departure) => departure.id)),
  );

  useEffect(() => {
    let cancelled = false;
    async function load() {
      try {
        const response = await fetch(`/api/shop/today?locale=${locale}`, { cache: 'no-store' });
        const body = (await response.json()) as { ok: boolean } & Partial<TodaysBoard>;
        if (cancelled) return;
        const { departures, at, time } = body;
        if (response.ok && departures && at && time) {
          setState({ kind: 'ready', departures, at, time });
          setShown((previous) => {
            const upcoming = departures.filter((departure) => !departure.departed && !previous.has(departure.id));
            return upcoming.length === 0 ? previous : new Set([...previous, ...upcoming.map(({ id }) => id)]);
          });
        } else {
          setState((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed' }));
        }
      } catch {
        if (!cancelled) setState((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed' }));
      }
    }
    // A phone keeps a background tab alive for hours: the board polls only while it can be seen
    // and catches up the moment the visitor comes back, so a hidden page costs no work at all.
    let timer: number | undefined;
    const refreshWhileVisible = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (document.visibilityState !== 'visible') return;
      void load();
      timer = window.setInterval(() => void load(), REFRESH_MS);
    };
    refreshWhileVisible();
    document.addEventListener('visibilitychange', refreshWhileVisible);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refreshWhileVisible);
    };
  }, [locale]);

  if (state.kind === 'loading') {
    // The board's usual height is kept free while the seats load, so the tours below it do not
    // jump down when it fills (layout shift): most days have more departures left than it shows.
    return (
      <div aria-busy="true">
        <ul className={styles.board} aria-hidden="true">
          {Array.from({ length: SHOWN_FIRST }, (_, i) => (
            <li key={i} className={`${styles.row} ${styles.placeholder}`}>
              <span className={styles.time}>00:00</span>
              <span className={styles.tour}>
                <span className={styles.title}>&nbsp;</span>
                <span className={styles.meta}>&nbsp;</span>
              </span>
              <span className={styles.seats}>&nbsp;</span>
              <span className={styles.book}>{t.book}</span>
            </li>
          ))}
        </ul>
        <p className={styles.updated}>{t.loading}</p>
      </div>
    );
  }
  if (state.kind === 'failed') return <p className={styles.status}>{t.unavailable}</p>;
  if (state.departures.length === 0) return <p className={styles.status}>{t.none}</p>;

  const upcoming = state.departures.filter((departure) => !departure.departed || shown.has(departure.id));
  if (upcoming.length === 0) return <p className={styles.status}>{t.none}</p>;
  const row = (departure: TodaysDeparture) => {
    const status = departure.departed
      ? t.departed
      : departure.state === 'soldOut'
        ? t.capacityExhausted
        : plural(t.seatsLeft, departure.seatsLeft, locale);
    return (
      <li key={departure.id} className={styles.row} data-state={departure.departed ? 'departed' : departure.state}>
        <span className={styles.time}>{departure.time}</span>
        <span className={styles.tour}>
          <span className={styles.title}>{departure.tourTitle}</span>
          <span className={styles.meta}>{fill(t.boarding, { time: departure.boardingTime })}</span>
        </span>
        <span className={styles.seats}>
          {status}
          {departure.state === 'few' && !departure.departed ? <span className={styles.few}> · {t.few}</span> : null}
        </span>
        {departure.bookable ? (
          <a
            className={styles.book}
            href={`${pathFor('tour', locale, { id: departure.tourSlug })}#reservar`}
            aria-label={fill(t.bookTour, { tour: departure.tourTitle, time: departure.time })}
          >
            {t.book}
          </a>
        ) : (
          <span className={styles.book} aria-hidden="true" data-disabled="true">
            {t.book}
          </span>
        )}
      </li>
    );
  };
  const later = upcoming.slice(SHOWN_FIRST);
  return (
    <div>
      <ul className={styles.board}>{upcoming.slice(0, SHOWN_FIRST).map(row)}</ul>
      {later.length > 0 ? (
        <details className={styles.more}>
          <summary>{fill(t.more, { count: upcoming.length })}</summary>
          <ul className={styles.board}>{later.map(row)}</ul>
        </details>
      ) : null}
      <p className={styles.updated}>{fill(t.updated, { time: state.time })}</p>
    </div>
  );
}
