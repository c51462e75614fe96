'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';
import type { CancellationImpact } from '@/operations/cancellation-impact';

import { ImpactSummary } from './ImpactSummary';

// `timetable` too: an extra sailing dropped is a schedule change, and its visitors read so.
// `closedDay` is given from "needs attention", where the closed day is what stranded a departure.
const REASONS = ['wind', 'seaState', 'technical', 'timetable', 'other'] as const;

type Outcome = { kind: 'ok' | 'error'; text: string };

/**
 * The windy-morning action: a button that opens a modal dialog (the browser's own <dialog>: focus
 * moves in, Escape closes, the page behind is inert) asking why, saying who will be told, and
 * cancelling through POST /api/ops/departures/{id}/cancel, which closes sales, releases holds and
 * tells every paid visitor in their language.
 */
export function CancelDeparture({
  departure,
  language,
  t,
  onDone,
}: {
  departure: { id: number; time: string; tourTitle: string; sold: number };
  language: Locale;
  t: OpsMessages;
  onDone: (outcome: Outcome) => Promise<void> | void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Who it reaches, counted when the dialog opens (bookings, people, languages, resellers).
  const [impact, setImpact] = useState<CancellationImpact | null>(null);
  const id = useId();
  const b = t.board;

  useEffect(() => {
    const element = dialog.current;
    const reset = () => {
      setError(null);
      setImpact(null);
    };
    element?.addEventListener('close', reset);
    return () => element?.removeEventListener('close', reset);
  }, []);

  const open = () => {
    dialog.current?.showModal();
    fetch(`/api/ops/departures/${departure.id}/impact`, { credentials: 'same-origin', cache: 'no-store' })
      .then((response) => response.json() as Promise<{ ok: boolean; impact?: CancellationImpact }>)
      .then((body) => {
        if (body.ok && body.impact) setImpact(body.impact);
      })
      // Without the count the dialog still says how many seats are sold.
      .catch(() => {});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/ops/departures/${departure.id}/cancel`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: form.get('reason'), ...(note ? { note } : {}) }),
      });
      const result = (await response.json().catch(() => ({ ok: false }))) as {
        ok: boolean;
        error?: string;
        disrupted?: number;
      };
      if (!result.ok) {
        // Someone else cancelled it meanwhile, or it is gone: the board will show which.
        setError(result.error === 'alreadyCancelled' ? t.errors.cancelled : t.errors.notFound);
        return;
      }
      dialog.current?.close();
      await onDone({ kind: 'ok', text: fill(b.cancelDone, { disrupted: result.disrupted ?? 0 }) });
    } catch {
      setError(t.errors.network);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="ops-button ops-button--danger" onClick={open}>
        {b.cancel}
      </button>
      <dialog ref={dialog} className="ops-dialog" aria-labelledby={`${id}-title`} data-testid="cancel-dialog">
        <form onSubmit={submit}>
          <h2 id={`${id}-title`}>{fill(b.cancelTitle, { time: departure.time, tour: departure.tourTitle })}</h2>
          <fieldset>
            <legend>{b.cancelReason}</legend>
            {REASONS.map((reason, index) => (
              <label key={reason} className="ops-choice">
                <input type="radio" name="reason" value={reason} defaultChecked={index === 0} required />
                {b.reasons[reason]}
              </label>
            ))}
          </fieldset>
          <label className="ops-field">
            <span>{b.cancelNote}</span>
            <textarea name="note" rows={2} maxLength={500} />
          </label>
          {impact ? (
            <ImpactSummary impact={impact} t={t} language={language} />
          ) : (
            <p className="ops-impact">
              {plural(b.cancelPeople, departure.sold, language)} {b.cancelHolds}
            </p>
          )}
          {error ? (
            <p className="ops-notice ops-notice--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="ops-dialog-actions">
            <button type="button" className="ops-button ops-button--ghost" onClick={() => dialog.current?.close()}>
              {b.cancelKeep}
            </button>
            <button type="submit" className="ops-button ops-button--danger" disabled={busy}>
              {busy ? t.board.working : b.cancelConfirm}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

type FollowUp = { disrupted: number; moved: number; refunded: number; undecided: number };

/**
 * After a cancellation: how many visitors were disrupted, how many rebooked, took the refund or
 * have not answered yet (GET /api/ops/departures/{id}/disruption), fetched again with the board.
 * The booking search lists them one by one; staff act for a visitor from the booking page.
 */
export function DisruptionFollowUp({
  departureId,
  t,
  version,
}: {
  departureId: number;
  t: OpsMessages;
  version: string;
}) {
  const [totals, setTotals] = useState<FollowUp | null>(null);
  useEffect(() => {
    let current = true;
    fetch(`/api/ops/departures/${departureId}/disruption`, { credentials: 'same-origin', cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { totals?: FollowUp } | null) => {
        if (current && body?.totals) setTotals(body.totals);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [departureId, version]);
  if (!totals || totals.disrupted === 0) return null;
  return (
    <p className="ops-followup" data-testid={`follow-up-${departureId}`}>
      {fill(t.board.followUp, { ...totals })}
    </p>
  );
}
