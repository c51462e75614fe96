'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';

import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';

import { ConfirmDialog } from './ConfirmDialog.client';
import { parseEuros } from './euro-parse';
import { euros } from './format';
import { DisruptionChoice, MoveBooking, type MovableBooking } from './MoveBooking.client';
import { errorText, postJson, refundText, type Outcome } from './staff-actions';
import './ops.css';

const CONTACT_FIELDS = ['name', 'surnames', 'email', 'phone', 'mobilePhone'] as const;
type Contact = Record<(typeof CONTACT_FIELDS)[number], string>;

export type ActionableBooking = MovableBooking & {
  totalCents: number;
  customer: Contact;
  /** Anonymised on request: nothing personal is left to correct or erase. */
  erased: boolean;
  /** A move offered by payment link, not paid yet, as the page shows it (texts already formatted). */
  pendingMove: { tour: string; date: string; time: string; amount: string; until: string } | null;
  /** A combined tour's partner admissions already used whose shares a full refund keeps (decision 181). */
  usedPartsKept?: { partners: string; cents: number } | null;
};

/**
 * What the office can do to one booking, each behind its own heading so a phone shows a short
 * list: correct the contact, move it, cancel it with or without a refund, choose for a disrupted
 * visitor, erase the personal data. Every action ends in router.refresh(), so the page above shows
 * the booking as it is now; the outcome stays in one status line, which survives that refresh even
 * when the action that spoke has gone (a disrupted booking rebooked is simply paid).
 */
export function BookingActions({
  booking,
  language,
  t,
}: {
  booking: ActionableBooking;
  language: Locale;
  t: OpsMessages;
}) {
  const a = t.bookingActions;
  const router = useRouter();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);

  const done = (next: Outcome) => {
    setOutcome(next);
    router.refresh();
    // The action's button may sit a screen below the line that reports it.
    requestAnimationFrame(() => notice.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  };

  const paid = booking.status === 'paid';
  const disrupted = booking.status === 'disrupted';
  const canCorrect = (paid || disrupted) && !booking.erased;
  const canErase = booking.status !== 'held' && !booking.erased;
  // A booking still being paid has nothing to act on; the last outcome is kept once shown.
  if (!outcome && !booking.erased && !disrupted && !canCorrect && !paid && !canErase) return null;

  return (
    <section
      className="ops-booking-actions ops-no-print"
      aria-labelledby="ops-actions-title"
      data-testid="booking-actions"
    >
      <h2 id="ops-actions-title">{a.title}</h2>
      <p
        ref={notice}
        role="status"
        className={outcome ? `ops-notice ops-notice--${outcome.kind}` : 'ops-visually-empty'}
        data-testid="action-outcome"
      >
        {outcome?.text}
      </p>
      {booking.erased ? <p className="ops-muted">{a.erased}</p> : null}
      {booking.pendingMove ? (
        <PendingMove booking={booking} pendingMove={booking.pendingMove} t={t} onDone={done} />
      ) : null}
      {disrupted ? (
        <details className="ops-action" open>
          <summary>{a.disruptedTitle}</summary>
          <DisruptionChoice booking={booking} language={language} t={t} onDone={done} />
        </details>
      ) : null}
      {canCorrect ? (
        <details className="ops-action">
          <summary>{a.correctTitle}</summary>
          <CorrectDetails booking={booking} t={t} onDone={done} />
        </details>
      ) : null}
      {paid ? (
        <details className="ops-action">
          <summary>{a.moveTitle}</summary>
          <MoveBooking booking={booking} language={language} t={t} onDone={done} />
        </details>
      ) : null}
      {paid ? (
        <details className="ops-action">
          <summary>{a.cancelTitle}</summary>
          <CancelBooking booking={booking} language={language} t={t} onDone={done} />
        </details>
      ) : null}
      {canErase ? (
        <details className="ops-action">
          <summary>{a.anonymiseTitle}</summary>
          <Anonymise booking={booking} t={t} onDone={done} />
        </details>
      ) : null}
    </section>
  );
}

function CorrectDetails({
  booking,
  t,
  onDone,
}: {
  booking: ActionableBooking;
  t: OpsMessages;
  onDone: (outcome: Outcome) => void;
}) {
  const a = t.bookingActions;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labels: Contact = {
    name: t.sell.name,
    surnames: t.sell.surnames,
    email: t.booking.email,
    phone: t.booking.phone,
    mobilePhone: t.booking.mobile,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Only what changed: an untouched field is not "corrected" in the log.
    const changes: Partial<Contact> = {};
    for (const field of CONTACT_FIELDS) {
      const value = String(form.get(field) ?? '').trim();
      if (value !== booking.customer[field].trim()) changes[field] = value;
    }
    if (Object.keys(changes).length === 0) {
      setError(a.errors.nothingToChange);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await postJson(`/api/ops/bookings/${encodeURIComponent(booking.reference)}/correct`, changes);
    setBusy(false);
    if (!answer.ok) setError(errorText(answer.error, t));
    else onDone({ kind: 'ok', text: a.corrected });
  };

  return (
    <form className="ops-action-body ops-action-fields" onSubmit={submit} data-testid="correct-details">
      <p className="ops-hint">{a.correctHint}</p>
      {CONTACT_FIELDS.map((field) => {
        const original = booking.customer[field];
        const phone = field === 'phone' || field === 'mobilePhone';
        return (
          <label key={`${field}:${original}`} className="ops-field">
            <span>{labels[field]}</span>
            <input
              name={field}
              type={field === 'email' ? 'email' : phone ? 'tel' : 'text'}
              defaultValue={original}
              // A field that had a value cannot be emptied (the API keeps every contact field
              // filled); one that was empty, from a sale at the kiosk, may stay so.
              required={original.trim() !== ''}
              minLength={phone ? 6 : 1}
              maxLength={field === 'email' ? 254 : phone ? 40 : 200}
              autoComplete="off"
            />
          </label>
        );
      })}
      {error ? (
        <p className="ops-notice ops-notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="ops-button ops-button--primary" disabled={busy}>
        {busy ? a.working : a.correctSubmit}
      </button>
    </form>
  );
}

function CancelBooking({
  booking,
  language,
  t,
  onDone,
}: {
  booking: ActionableBooking;
  language: Locale;
  t: OpsMessages;
  onDone: (outcome: Outcome) => void;
}) {
  const a = t.bookingActions;
  const [refund, setRefund] = useState<'full' | 'none' | 'partial'>('full');
  const [refundUsed, setRefundUsed] = useState(false);
  const kept = booking.usedPartsKept ?? null;
  const fullCents = booking.totalCents - (kept && !refundUsed ? kept.cents : 0);

  const confirm = async (form: FormData): Promise<string | null> => {
    const reason = String(form.get('reason') ?? '').trim();
    if (!reason) return a.cancelReason;
    let amount: 'full' | 'none' | number = refund === 'partial' ? 0 : refund;
    if (refund === 'partial') {
      const cents = parseEuros(String(form.get('amount') ?? ''));
      // Checked here: the server would cancel first and only then find the refund too large.
      if (typeof cents !== 'number' || cents > booking.totalCents) return a.errors.invalidRefund;
      amount = cents;
    }
    const answer = await postJson(`/api/ops/bookings/${encodeURIComponent(booking.reference)}/cancel`, {
      refund: amount,
      reason,
      ...(refund === 'full' && kept && refundUsed ? { refundUsedParts: true } : {}),
    });
    if (!answer.ok) return errorText(answer.error, t);
    if (answer.refund) {
      const result = refundText(answer.refund, t, language);
      onDone(
        result.kind === 'ok'
          ? { kind: 'ok', text: fill(a.cancelledRefund, { amount: euros(answer.refund.amountCents, language) }) }
          : result,
      );
    } else {
      onDone({ kind: 'ok', text: answer.alreadyCancelled ? a.alreadyCancelled : a.cancelled });
    }
    return null;
  };

  return (
    <div className="ops-action-body" data-testid="cancel-booking">
      <p className="ops-hint">{a.cancelImpact}</p>
      <ConfirmDialog
        trigger={a.cancelOpen}
        title={a.cancelTitle}
        confirm={a.cancelConfirm}
        keep={a.cancelKeep}
        working={a.working}
        onConfirm={confirm}
        testId="cancel-booking-dialog"
      >
        <label className="ops-field">
          <span>{a.cancelReason}</span>
          <textarea name="reason" rows={2} maxLength={500} required />
        </label>
        <fieldset>
          <legend>{a.cancelRefund}</legend>
          <label className="ops-choice">
            <input
              type="radio"
              name="refund"
              value="full"
              checked={refund === 'full'}
              onChange={() => setRefund('full')}
            />
            {a.refundFull} ({euros(fullCents, language)})
          </label>
          {kept && refund === 'full' ? (
            <div className="ops-hint" data-testid="used-parts-kept">
              <p>{fill(a.usedPartsKept, { partners: kept.partners, amount: euros(kept.cents, language) })}</p>
              <label className="ops-choice">
                <input
                  type="checkbox"
                  name="refundUsedParts"
                  checked={refundUsed}
                  onChange={(event) => setRefundUsed(event.currentTarget.checked)}
                />
                {a.refundUsedParts}
              </label>
            </div>
          ) : null}
          <label className="ops-choice">
            <input
              type="radio"
              name="refund"
              value="none"
              checked={refund === 'none'}
              onChange={() => setRefund('none')}
            />
            {a.refundNone}
          </label>
          <label className="ops-choice">
            <input
              type="radio"
              name="refund"
              value="partial"
              checked={refund === 'partial'}
              onChange={() => setRefund('partial')}
            />
            {a.refundPartial}
          </label>
          {refund === 'partial' ? (
            <label className="ops-field">
              <span>{a.refundAmount}</span>
              <input name="amount" inputMode="decimal" required autoComplete="off" placeholder="0,00" />
            </label>
          ) : null}
        </fieldset>
        <p className="ops-impact">{a.cancelImpact}</p>
      </ConfirmDialog>
    </div>
  );
}

function Anonymise({
  booking,
  t,
  onDone,
}: {
  booking: ActionableBooking;
  t: OpsMessages;
  onDone: (outcome: Outcome) => void;
}) {
  const a = t.bookingActions;
  const confirm = async (): Promise<string | null> => {
    const answer = await postJson(`/api/ops/bookings/${encodeURIComponent(booking.reference)}/anonymise`);
    if (!answer.ok) return errorText(answer.error, t);
    onDone({ kind: 'ok', text: a.anonymised });
    return null;
  };
  return (
    <div className="ops-action-body" data-testid="anonymise">
      <p className="ops-hint">{a.anonymiseHint}</p>
      <ConfirmDialog
        trigger={a.anonymiseOpen}
        title={a.anonymiseTitle}
        confirm={a.anonymiseConfirm}
        keep={a.cancelKeep}
        working={a.working}
        onConfirm={confirm}
        testId="anonymise-dialog"
      >
        <p className="ops-impact">{fill(a.anonymiseConfirmText, { reference: booking.reference })}</p>
      </ConfirmDialog>
    </div>
  );
}

/** A move offered by payment link: what the customer was asked to pay, until when, and a way to take it back. */
function PendingMove({
  booking,
  pendingMove,
  t,
  onDone,
}: {
  booking: ActionableBooking;
  pendingMove: NonNullable<ActionableBooking['pendingMove']>;
  t: OpsMessages;
  onDone: (outcome: Outcome) => void;
}) {
  const a = t.bookingActions;
  const withdraw = async (): Promise<string | null> => {
    const answer = await postJson(`/api/ops/bookings/${encodeURIComponent(booking.reference)}/move/withdraw`);
    if (!answer.ok) return errorText(answer.error, t);
    onDone({ kind: 'ok', text: a.withdrawn });
    return null;
  };
  return (
    <div className="ops-notice ops-pending-move" data-testid="pending-move">
      <h3>{a.pendingTitle}</h3>
      <p>{fill(a.pendingText, pendingMove)}</p>
      <ConfirmDialog
        trigger={a.withdraw}
        triggerClass="ops-button ops-button--ghost"
        title={a.withdraw}
        confirm={a.withdrawYes}
        keep={a.cancelKeep}
        working={a.working}
        onConfirm={withdraw}
        testId="withdraw-dialog"
      >
        <p className="ops-impact">{fill(a.withdrawConfirm, { reference: booking.reference })}</p>
      </ConfirmDialog>
    </div>
  );
}
