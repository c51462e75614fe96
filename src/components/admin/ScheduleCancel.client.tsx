'use client';

import { useId, useRef, useState } from 'react';

import { locales, type Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';
import type { CancellationImpact } from '@/operations/cancellation-impact';

import { ImpactSummary } from './ImpactSummary';

export type StrandedItem = {
  id: number;
  /** The date and time as shown in the list. */
  when: string;
  time: string;
  tour: string;
  reason: 'timetable' | 'closedDay';
};

function sum(impacts: CancellationImpact[]): CancellationImpact {
  const total: CancellationImpact = {
    departures: 0,
    bookings: 0,
    people: 0,
    byLanguage: Object.fromEntries(locales.map((locale) => [locale, 0])) as Record<Locale, number>,
    resellerBookings: 0,
    resellerPeople: 0,
    holds: 0,
  };
  for (const impact of impacts) {
    total.departures += impact.departures;
    total.bookings += impact.bookings;
    total.people += impact.people;
    total.resellerBookings += impact.resellerBookings;
    total.resellerPeople += impact.resellerPeople;
    total.holds += impact.holds;
    for (const locale of locales) total.byLanguage[locale] += impact.byLanguage[locale];
  }
  return total;
}

/**
 * The confirmation of a schedule change (docs/decisions/170-schedule-changes-are-disruptions.md):
 * from "needs attention", one departure or all of them, with the schedule's reason already chosen.
 * The dialog first counts who is reached (GET /api/ops/departures/{id}/impact, fresh when it
 * opens: a sale may have landed since the page loaded), then cancels each through the same
 * endpoint as a weather cancellation, which tells every visitor in their language.
 */
export function ScheduleCancel({
  items,
  label,
  language,
  t,
}: {
  items: StrandedItem[];
  label: string;
  language: Locale;
  t: OpsMessages;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const s = t.scheduleImpact;
  const [impact, setImpact] = useState<CancellationImpact | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const open = async () => {
    setImpact(null);
    setError(null);
    dialog.current?.showModal();
    try {
      const answers = await Promise.all(
        items.map(async (item) => {
          const response = await fetch(`/api/ops/departures/${item.id}/impact`, {
            credentials: 'same-origin',
            cache: 'no-store',
          });
          const body = (await response.json()) as { ok: boolean; impact?: CancellationImpact };
          if (!body.ok || !body.impact) throw new Error('impact');
          return body.impact;
        }),
      );
      setImpact(sum(answers));
    } catch {
      setError(s.failed);
    }
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    let cancelled = 0;
    let disrupted = 0;
    try {
      for (const item of items) {
        const response = await fetch(`/api/ops/departures/${item.id}/cancel`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: item.reason }),
        });
        const body = (await response.json().catch(() => ({ ok: false }))) as { ok: boolean; disrupted?: number };
        // Cancelled meanwhile by someone else: nothing more to do for it.
        if (!body.ok) continue;
        cancelled += 1;
        disrupted += body.disrupted ?? 0;
      }
      dialog.current?.close();
      // Said in place of the button, which has nothing left to do; the list is recomputed on the next visit.
      setDone(`${plural(s.done, cancelled, language)} ${plural(s.doneTold, disrupted, language)}`);
    } catch {
      setError(t.errors.network);
    } finally {
      setBusy(false);
    }
  };

  const reasons = [...new Set(items.map((item) => item.reason))];
  const single = items.length === 1 ? items[0] : undefined;
  if (done) {
    return (
      <p className="ops-notice" role="status">
        {done}
      </p>
    );
  }
  return (
    <>
      <button type="button" className="ops-button ops-button--danger" onClick={() => void open()}>
        {label}
      </button>
      <dialog ref={dialog} className="ops-dialog" aria-labelledby={`${id}-title`} data-testid="schedule-cancel-dialog">
        <h2 id={`${id}-title`}>
          {single
            ? fill(s.title, { date: single.when, time: single.time, tour: single.tour })
            : fill(s.titleAll, { count: items.length })}
        </h2>
        {reasons.map((reason) => (
          <p key={reason}>{reason === 'closedDay' ? s.reasonClosedDay : s.reasonTimetable}</p>
        ))}
        {impact ? <ImpactSummary impact={impact} t={t} language={language} /> : error ? null : <p>{s.loading}</p>}
        {error ? (
          <p className="ops-notice ops-notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="ops-dialog-actions">
          <button type="button" className="ops-button ops-button--ghost" onClick={() => dialog.current?.close()}>
            {s.keep}
          </button>
          <button
            type="button"
            className="ops-button ops-button--danger"
            disabled={busy || !impact}
            onClick={() => void confirm()}
          >
            {busy ? t.board.working : s.confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}
