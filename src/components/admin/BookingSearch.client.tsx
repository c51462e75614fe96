'use client';

import { useEffect, useState } from 'react';

import type { BookingHit } from '@/operations/booking-search';
import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { plural } from '@/lib/icu-lite';

import { euros, shortDate } from './format';
import { officePaths, type OfficeShell } from './office-paths';
import './ops.css';

type Filters = { q: string; date: string; tour: string };

/** Results follow the typing (debounced); the filters stay in the address, so Back returns to them. */
export function BookingSearch({
  language,
  t,
  tours,
  initial,
  shell,
}: {
  language: Locale;
  t: OpsMessages;
  tours: { id: number; title: string }[];
  initial: Filters;
  /** Which shell draws the search: a hit opens the booking in it (office-paths.ts). */
  shell?: OfficeShell;
}) {
  const paths = officePaths(shell);
  const [filters, setFilters] = useState(initial);
  const [results, setResults] = useState<{ hits: BookingHit[]; limit: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const tourTitle = new Map(tours.map((tour) => [tour.id, tour.title]));

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
    const timer = setTimeout(async () => {
      setLoading(true);
      window.history.replaceState(null, '', `${window.location.pathname}${query.size ? `?${query}` : ''}`);
      try {
        const response = await fetch(`/api/ops/bookings?${query}`, {
          signal: controller.signal,
          credentials: 'same-origin',
        });
        const body = (await response.json()) as { ok: boolean; results: BookingHit[]; limit: number };
        if (!body.ok) throw new Error('search failed');
        setResults({ hits: body.results, limit: body.limit });
        setFailed(false);
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      } finally {
        setLoading(false);
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [filters]);

  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));

  return (
    <div className="ops" data-testid="booking-search">
      <h1>{t.bookings.title}</h1>
      <form className="ops-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="ops-search">
          <span>{t.bookings.searchLabel}</span>
          <input
            type="search"
            name="q"
            value={filters.q}
            onChange={set('q')}
            autoComplete="off"
            aria-describedby="ops-search-hint"
          />
          <span id="ops-search-hint" className="ops-hint">
            {t.bookings.searchHint}
          </span>
        </label>
        <label>
          <span>{t.bookings.date}</span>
          <input type="date" name="date" value={filters.date} onChange={set('date')} />
        </label>
        <label>
          <span>{t.bookings.tour}</span>
          <select name="tour" value={filters.tour} onChange={set('tour')}>
            <option value="">{t.bookings.anyTour}</option>
            {tours.map((tour) => (
              <option key={tour.id} value={tour.id}>
                {tour.title}
              </option>
            ))}
          </select>
        </label>
      </form>

      <p role="status" aria-live="polite" className="ops-sub">
        {failed
          ? t.errors.network
          : loading && !results
            ? t.bookings.searching
            : results
              ? plural(t.bookings.results, results.hits.length, language)
              : ''}
      </p>
      {results && results.hits.length >= results.limit ? (
        <p className="ops-sub">{plural(t.bookings.more, results.limit, language)}</p>
      ) : null}

      {results && results.hits.length > 0 ? (
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">{t.bookings.reference}</th>
              <th scope="col">{t.bookings.customer}</th>
              <th scope="col">{t.bookings.departure}</th>
              <th scope="col" className="ops-num">
                {t.bookings.persons}
              </th>
              <th scope="col" className="ops-num">
                {t.bookings.total}
              </th>
              <th scope="col">{t.bookings.status}</th>
            </tr>
          </thead>
          <tbody>
            {results.hits.map((hit) => (
              <tr key={hit.id}>
                <th scope="row">
                  <a href={paths.booking(hit.reference)}>{hit.reference}</a>
                </th>
                <td data-label={t.bookings.customer}>
                  {hit.name} {hit.surnames}
                  <br />
                  <span className="ops-muted">
                    {hit.email} · {hit.phone}
                  </span>
                </td>
                <td data-label={t.bookings.departure}>
                  {shortDate(hit.date, language)} {hit.time}
                  <br />
                  <span className="ops-muted">{tourTitle.get(hit.tourId) ?? ''}</span>
                </td>
                <td data-label={t.bookings.persons} className="ops-num">
                  {hit.seats}
                </td>
                <td data-label={t.bookings.total} className="ops-num">
                  {euros(hit.totalCents, language)}
                </td>
                <td data-label={t.bookings.status}>
                  {t.bookingStatus[hit.status as keyof OpsMessages['bookingStatus']] ?? hit.status}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
