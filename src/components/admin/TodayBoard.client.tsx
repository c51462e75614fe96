'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

import { madridToday } from '@/i18n/time';
import type { BoardStatus } from '@/operations/today-board';
import type { WindThresholds } from '@/content/weather-at';
import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';
import type { BoardDepartureWithWeather } from '@/content/board-weather';

import { CancelDeparture, DisruptionFollowUp } from './CancelDeparture.client';
import { longDate, timeOf } from './format';
import { officePaths, type OfficeShell } from './office-paths';
import './ops.css';

export type BoardData = {
  ok: true;
  date: string;
  now: string;
  thresholds: WindThresholds;
  departures: BoardDepartureWithWeather[];
};

/** How often the board asks for fresh numbers: seats and boarding change by the second at the quay. */
const POLL_MS = 5000;

const statusLabel = (t: OpsMessages, status: BoardStatus) =>
  ({
    onSale: t.board.statusOnSale,
    closed: t.board.statusClosed,
    departed: t.board.statusDeparted,
    cancelled: t.board.statusCancelled,
  })[status];

type Notice = { kind: 'ok' | 'error'; text: string; departureId?: number };

async function post(url: string, body?: unknown): Promise<{ ok: boolean; message?: string; [key: string]: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return (await response.json().catch(() => ({ ok: false }))) as { ok: boolean; message?: string };
}

export function TodayBoard({
  initial,
  language,
  t,
  canManage,
  tours,
  boats,
  date,
  shell,
}: {
  initial: BoardData;
  language: Locale;
  t: OpsMessages;
  canManage: boolean;
  tours: { id: number; title: string }[];
  boats: { id: number; name: string; capacity: number }[];
  /** Another day than today (office only), as YYYY-MM-DD; the board then follows that day. */
  date?: string;
  /** Which shell draws the board: its links stay in it (office-paths.ts). */
  shell?: OfficeShell;
}) {
  const paths = officePaths(shell);
  const [data, setData] = useState(initial);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState<number | 'add' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const response = await fetch(`/api/ops/today${date ? `?date=${date}` : ''}`, {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!response.ok) throw new Error(String(response.status));
      setData((await response.json()) as BoardData);
      setStale(false);
    } catch {
      setStale(true);
    }
  }, [date]);

  useEffect(() => {
    let cancelled = false;
    const loop = async () => {
      // A hidden tab does not poll; it catches up as soon as it is shown again.
      if (document.visibilityState === 'visible') await refresh();
      if (!cancelled) timer.current = setTimeout(loop, POLL_MS);
    };
    timer.current = setTimeout(loop, POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const act = async (departureId: number, path: string, body?: unknown) => {
    setBusy(departureId);
    setNotice(null);
    try {
      const result = await post(`/api/ops/departures/${departureId}/${path}`, body);
      setNotice(
        result.ok
          ? { kind: 'ok', text: t.board.done, departureId }
          : { kind: 'error', text: result.message ?? t.errors.network, departureId },
      );
    } catch {
      setNotice({ kind: 'error', text: t.errors.network, departureId });
    }
    await refresh();
    setBusy(null);
  };

  const addDeparture = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy('add');
    setNotice(null);
    try {
      const result = await post('/api/ops/departures', {
        tour: Number(form.get('tour')),
        boat: Number(form.get('boat')),
        date: form.get('date'),
        time: form.get('time'),
      });
      setNotice(
        result.ok
          ? { kind: 'ok', text: fill(t.board.added, { time: String(form.get('time')) }) }
          : { kind: 'error', text: result.message ?? t.errors.network },
      );
    } catch {
      setNotice({ kind: 'error', text: t.errors.network });
    }
    await refresh();
    setBusy(null);
  };

  const updated = timeOf(data.now, language);
  // What is still to sail comes first (on a phone, the next boat is on the first screen); the
  // boats that have left follow, in time order, with their final counts.
  const departures = [
    ...data.departures.filter((d) => d.status !== 'departed'),
    ...data.departures.filter((d) => d.status === 'departed'),
  ];
  return (
    <div className="ops ops-board" data-testid="today-board">
      <header className="ops-head">
        {/* Another day's board must not call itself today's. */}
        <h1>{data.date === madridToday(new Date()) ? t.board.title : t.board.titleOtherDay}</h1>
        <p className="ops-sub">{fill(t.board.subtitle, { date: longDate(data.date, language) })}</p>
        <p className={stale ? 'ops-live ops-live--stale' : 'ops-live'} role="status" aria-live="polite">
          {stale ? fill(t.board.stale, { time: updated }) : fill(t.board.updated, { time: updated })}
        </p>
        <p className="ops-sub">
          {fill(t.board.thresholds, { gust: data.thresholds.gustKmh, wind: data.thresholds.windKmh })}
        </p>
        {canManage ? (
          <div className="ops-toolbar">
            <Link className="ops-button" href={paths.bookings}>
              {t.nav.bookings}
            </Link>
            {date ? (
              <Link className="ops-button ops-button--ghost" href={paths.today}>
                {t.board.backToToday}
              </Link>
            ) : null}
            <form method="get" action={paths.todayForm} className="ops-day">
              <label>
                <span>{t.board.otherDay}</span>
                <input type="date" name="date" defaultValue={data.date} required />
              </label>
              <button type="submit" className="ops-button">
                {t.board.show}
              </button>
            </form>
          </div>
        ) : null}
      </header>

      {data.departures.length === 0 ? (
        <p className="ops-empty">{t.board.empty}</p>
      ) : (
        <table className="ops-table ops-table--board">
          <thead>
            <tr>
              <th scope="col">{t.board.time}</th>
              <th scope="col">{t.board.tour}</th>
              <th scope="col">{t.board.boat}</th>
              <th scope="col" className="ops-num">
                {t.board.capacity}
              </th>
              <th scope="col" className="ops-num">
                {t.board.sold}
              </th>
              <th scope="col" className="ops-num">
                {t.board.held}
              </th>
              <th scope="col" className="ops-num">
                {t.board.free}
              </th>
              <th scope="col" className="ops-num">
                {t.board.boarded}
              </th>
              <th scope="col">{t.board.status}</th>
              <th scope="col">{t.board.weather}</th>
              <th scope="col">{t.board.actions}</th>
            </tr>
          </thead>
          <tbody>
            {departures.map((d) => (
              <tr
                key={d.id}
                data-testid={`departure-${d.id}`}
                className={`ops-row ops-row--${d.status}${d.windWarning ? ' ops-row--wind' : ''}`}
              >
                <th scope="row" className="ops-time">
                  {d.time}
                  {d.extra ? <span className="ops-tag">{t.board.extra}</span> : null}
                </th>
                <td data-label={t.board.tour}>{d.tourTitle}</td>
                <td data-label={t.board.boat}>{d.boatName}</td>
                <td data-label={t.board.capacity} className="ops-num">
                  {d.capacity}
                </td>
                <td data-label={t.board.sold} className="ops-num">
                  {d.sold}
                </td>
                <td data-label={t.board.held} className="ops-num">
                  {d.held}
                </td>
                <td data-label={t.board.free} className="ops-num" data-testid="free">
                  {d.free}
                </td>
                <td data-label={t.board.boarded} className="ops-num ops-boarded" data-testid="boarded">
                  {d.boarded} / {d.sold}
                </td>
                <td data-label={t.board.status}>
                  <span className={`ops-status ops-status--${d.status}`} data-testid="status">
                    {statusLabel(t, d.status)}
                  </span>
                </td>
                <td data-label={t.board.weather}>
                  {d.weather ? (
                    <span className="ops-weather">
                      {fill(t.board.wind, { wind: d.weather.windKmh })}
                      {d.weather.gustKmh !== null ? `, ${fill(t.board.gusts, { gust: d.weather.gustKmh })}` : ''}
                      {d.weather.tempC !== null ? ` · ${d.weather.tempC} °C` : ''}
                    </span>
                  ) : (
                    <span className="ops-muted">{t.board.noForecast}</span>
                  )}
                  {d.windWarning ? (
                    <strong className="ops-warning" role="note">
                      ⚠ {t.board.windWarning}
                    </strong>
                  ) : null}
                </td>
                <td className="ops-actions">
                  <a className="ops-button ops-button--ghost" href={`/admin/ops/departures/${d.id}/manifest`}>
                    {t.board.manifest}
                  </a>
                  {canManage && d.status === 'cancelled' ? (
                    <DisruptionFollowUp departureId={d.id} t={t} version={data.now} />
                  ) : null}
                  {canManage && d.status !== 'cancelled' && d.status !== 'departed' ? (
                    <>
                      <CancelDeparture
                        departure={{ id: d.id, time: d.time, tourTitle: d.tourTitle, sold: d.sold }}
                        language={language}
                        t={t}
                        onDone={async (outcome) => {
                          setNotice({ ...outcome, departureId: d.id });
                          await refresh();
                        }}
                      />
                      {/* Closed by the booking window (minutes before leaving) is not the office's to reopen. */}
                      {d.status === 'closed' && !d.closedByStaff ? null : d.closedByStaff ? (
                        <button
                          type="button"
                          className="ops-button"
                          disabled={busy === d.id}
                          onClick={() => act(d.id, 'reopen')}
                        >
                          {t.board.reopen}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="ops-button"
                          disabled={busy === d.id}
                          onClick={() => act(d.id, 'close')}
                        >
                          {t.board.close}
                        </button>
                      )}
                      <form
                        className="ops-capacity"
                        onSubmit={(event) => {
                          event.preventDefault();
                          const value = Number(new FormData(event.currentTarget).get('capacity'));
                          void act(d.id, 'capacity', { capacity: value });
                        }}
                      >
                        <label>
                          <span>{t.board.capacityLabel}</span>
                          <input
                            name="capacity"
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={d.boatCapacity}
                            defaultValue={d.capacity}
                            required
                          />
                        </label>
                        <button type="submit" className="ops-button" disabled={busy === d.id}>
                          {t.board.setCapacity}
                        </button>
                      </form>
                    </>
                  ) : null}
                  {notice && notice.departureId === d.id ? (
                    <p className={`ops-notice ops-notice--${notice.kind}`} role="alert">
                      {notice.text}
                    </p>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {canManage ? (
        <form className="ops-add" onSubmit={addDeparture}>
          <h2>{t.board.addTitle}</h2>
          <label>
            <span>{t.board.addTour}</span>
            <select name="tour" required>
              {tours.map((tour) => (
                <option key={tour.id} value={tour.id}>
                  {tour.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t.board.addBoat}</span>
            <select name="boat" required>
              {boats.map((boat) => (
                <option key={boat.id} value={boat.id}>
                  {boat.name} ({boat.capacity})
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t.board.addDate}</span>
            <input name="date" type="date" required defaultValue={data.date} />
          </label>
          <label>
            <span>{t.board.addTime}</span>
            <input name="time" type="time" required step={300} />
          </label>
          <button type="submit" className="ops-button ops-button--primary" disabled={busy === 'add'}>
            {busy === 'add' ? t.board.working : t.board.addSubmit}
          </button>
          {notice && notice.departureId === undefined ? (
            <p className={`ops-notice ops-notice--${notice.kind}`} role="alert">
              {notice.text}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
