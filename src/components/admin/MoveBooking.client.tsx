'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';

import { ConfirmDialog } from './ConfirmDialog.client';
import { dateTimeOf, euros, timeOf } from './format';
import { errorText, postJson, refundText, type Outcome } from './staff-actions';
import './ops.css';

type Departure = {
  id: number;
  tourId: number;
  tourTitle: string;
  boatName: string;
  startsAt: string;
  free: number;
  sellable: boolean;
};

export type MovableBooking = {
  reference: string;
  status: string;
  seats: number;
  tourId: number;
  departureId: number;
  date: string;
};

type Report = (outcome: Outcome) => void;

/**
 * A day's departures the booking fits in (GET /api/ops/departures?date=, the box office's list):
 * on sale, not gone, with a seat for everyone on it; of the booking's own tour unless staff ask
 * for the others too (a disrupted visitor can only be rebooked on their own tour).
 */
function DeparturePicker({
  booking,
  otherTours,
  language,
  t,
  value,
  onChange,
}: {
  booking: MovableBooking;
  otherTours: boolean;
  language: Locale;
  t: OpsMessages;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const a = t.bookingActions;
  const id = useId();
  const [date, setDate] = useState(booking.date);
  const [showOthers, setShowOthers] = useState(false);
  const [loaded, setLoaded] = useState<{ date: string; departures: Departure[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/ops/departures?date=${encodeURIComponent(date)}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    })
      .then((response) => response.json() as Promise<{ ok: boolean; departures: Departure[] }>)
      .then((body) => {
        if (!body.ok) throw new Error('departures');
        // Boats that already left cannot be moved to; "now" is when the list came, not each render.
        const now = Date.now();
        setLoaded({ date, departures: body.departures.filter((d) => new Date(d.startsAt).getTime() > now) });
        setFailed(false);
      })
      .catch((reason: Error) => {
        if (reason.name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [date]);

  const departures =
    loaded?.date === date
      ? loaded.departures.filter(
          (d) =>
            d.id !== booking.departureId &&
            d.sellable &&
            d.free >= booking.seats &&
            ((otherTours && showOthers) || d.tourId === booking.tourId),
        )
      : null;

  return (
    <fieldset className="ops-pick">
      <legend>{plural(a.moveDepartures, booking.seats, language)}</legend>
      <div className="ops-day">
        <label>
          <span>{a.moveDate}</span>
          <input
            type="date"
            value={date}
            required
            onChange={(event) => {
              if (!event.target.value) return;
              setDate(event.target.value);
              onChange(null);
            }}
          />
        </label>
        {otherTours ? (
          <label className="ops-choice">
            <input
              type="checkbox"
              checked={showOthers}
              onChange={(event) => {
                setShowOthers(event.target.checked);
                onChange(null);
              }}
            />
            {a.moveOtherTours}
          </label>
        ) : null}
      </div>
      {failed ? <p className="ops-notice ops-notice--error">{t.errors.network}</p> : null}
      {departures === null ? (
        <p className="ops-muted">…</p>
      ) : departures.length === 0 ? (
        <p className="ops-empty">{a.moveNone}</p>
      ) : (
        <ul className="ops-departures">
          {departures.map((d) => (
            <li key={d.id}>
              <label>
                <input
                  type="radio"
                  name={`${id}-departure`}
                  value={d.id}
                  checked={value === d.id}
                  onChange={() => onChange(d.id)}
                />
                <span className="ops-time">{timeOf(d.startsAt, language)}</span>
                <span>
                  {d.tourTitle} · {d.boatName}
                </span>
                <span className="ops-muted">{plural(t.sell.free, d.free, language)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * Moves a paid booking. A dearer departure is refused with the difference (402) until the desk
 * says how it was collected; a cheaper one refunds the difference through the gateway at once.
 */
export function MoveBooking({
  booking,
  language,
  t,
  onDone,
}: {
  booking: MovableBooking;
  language: Locale;
  t: OpsMessages;
  onDone: Report;
}) {
  const a = t.bookingActions;
  const [departure, setDeparture] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [difference, setDifference] = useState<number | null>(null);
  const [how, setHow] = useState<'cash' | 'terminal' | 'link'>('cash');
  const collectDialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    if (difference !== null) collectDialog.current?.showModal();
  }, [difference]);

  const move = async (collect?: 'cash' | 'terminal' | 'link') => {
    if (departure === null) {
      setError(a.moveChoose);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await postJson(`/api/ops/bookings/${encodeURIComponent(booking.reference)}/move`, {
      departure,
      ...(collect ? { collect } : {}),
    });
    setBusy(false);
    if (!answer.ok && answer.error === 'paymentRequired' && typeof answer.differenceCents === 'number') {
      setDifference(answer.differenceCents);
      return;
    }
    collectDialog.current?.close();
    if (!answer.ok) {
      setError(errorText(answer.error, t));
      return;
    }
    const diff = answer.differenceCents ?? 0;
    if (answer.pendingMove) {
      onDone({
        kind: 'ok',
        text: fill(a.movedLinkSent, {
          amount: euros(answer.pendingMove.differenceCents, language),
          until: dateTimeOf(answer.pendingMove.expiresAt, language),
        }),
      });
    } else if (answer.refund?.error) {
      onDone({ kind: 'error', text: `${a.moved} ${refundText(answer.refund, t, language).text}` });
    } else if (answer.refund) {
      onDone({ kind: 'ok', text: fill(a.movedRefund, { amount: euros(answer.refund.amountCents, language) }) });
    } else if (diff > 0) {
      onDone({ kind: 'ok', text: fill(a.movedCollected, { amount: euros(diff, language) }) });
    } else {
      onDone({ kind: 'ok', text: a.moved });
    }
    setDeparture(null);
  };

  const collected = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void move(how);
  };

  return (
    <>
      <form
        className="ops-action-body"
        data-testid="move-booking"
        onSubmit={(event) => {
          event.preventDefault();
          void move();
        }}
      >
        <DeparturePicker
          booking={booking}
          otherTours
          language={language}
          t={t}
          value={departure}
          onChange={(value) => {
            setDeparture(value);
            setError(null);
          }}
        />
        {error ? (
          <p className="ops-notice ops-notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="ops-button ops-button--primary" disabled={busy}>
          {busy ? a.working : a.moveSubmit}
        </button>
      </form>
      <dialog
        ref={collectDialog}
        className="ops-dialog"
        aria-labelledby={`${id}-collect`}
        data-testid="collect-dialog"
        onClose={() => setDifference(null)}
      >
        <form onSubmit={collected}>
          <h2 id={`${id}-collect`}>{fill(a.collectTitle, { amount: euros(difference ?? 0, language) })}</h2>
          <fieldset>
            <legend>{a.collectQuestion}</legend>
            {(['cash', 'terminal', 'link'] as const).map((method) => (
              <label className="ops-choice" key={method}>
                <input
                  type="radio"
                  name="collect"
                  value={method}
                  checked={how === method}
                  onChange={() => setHow(method)}
                  required
                />
                {method === 'link' ? a.collectLink : t.sell.methods[method]}
              </label>
            ))}
          </fieldset>
          {how === 'link' ? <p className="ops-hint">{a.collectLinkHint}</p> : null}
          <div className="ops-dialog-actions">
            <button
              type="button"
              className="ops-button ops-button--ghost"
              onClick={() => collectDialog.current?.close()}
            >
              {a.collectKeep}
            </button>
            <button type="submit" className="ops-button ops-button--primary" disabled={busy}>
              {busy ? a.working : how === 'link' ? a.collectSend : a.collectConfirm}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/**
 * Staff choose for a visitor whose departure was cancelled (they phoned, or came to the kiosk):
 * another departure of the same tour, or everything they paid back. Either one settles it.
 */
export function DisruptionChoice({
  booking,
  language,
  t,
  onDone,
}: {
  booking: MovableBooking;
  language: Locale;
  t: OpsMessages;
  onDone: Report;
}) {
  const a = t.bookingActions;
  const url = `/api/ops/bookings/${encodeURIComponent(booking.reference)}/disruption`;
  const [departure, setDeparture] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const rebook = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (departure === null) {
      setError(a.moveChoose);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await postJson(url, { choice: 'move', departure });
    setBusy(false);
    if (!answer.ok) setError(errorText(answer.error, t));
    else onDone({ kind: 'ok', text: a.rebooked });
  };

  const refund = async (): Promise<string | null> => {
    const answer = await postJson(url, { choice: 'refund' });
    if (!answer.ok) return errorText(answer.error, t);
    const outcome = answer.refund ? refundText(answer.refund, t, language) : null;
    onDone(
      outcome?.kind === 'ok'
        ? { kind: 'ok', text: fill(a.disruptionRefunded, { amount: euros(answer.refund!.amountCents, language) }) }
        : { kind: 'error', text: outcome?.text ?? a.refundNothing },
    );
    return null;
  };

  return (
    <div className="ops-action-body" data-testid="disruption-choice">
      <p>{a.disruptedIntro}</p>
      <form className="ops-action-body" onSubmit={rebook}>
        <DeparturePicker
          booking={booking}
          otherTours={false}
          language={language}
          t={t}
          value={departure}
          onChange={(value) => {
            setDeparture(value);
            setError(null);
          }}
        />
        {error ? (
          <p className="ops-notice ops-notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="ops-button ops-button--primary" disabled={busy}>
          {busy ? a.working : a.rebookSubmit}
        </button>
      </form>
      {/* Outside the rebooking form: the dialog has a form of its own, and forms cannot nest. */}
      <ConfirmDialog
        trigger={a.refundAll}
        triggerClass="ops-button"
        title={a.refundAll}
        confirm={a.refundAllYes}
        keep={t.board.cancelKeep}
        working={a.working}
        onConfirm={refund}
        testId="disruption-refund-dialog"
      >
        <p className="ops-impact">{fill(a.refundAllConfirm, { reference: booking.reference })}</p>
      </ConfirmDialog>
    </div>
  );
}
