'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

import type { OpsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';

import { ConfirmDialog } from './ConfirmDialog.client';
import { parseEuros } from './euro-parse';
import { postJson, type Outcome } from './staff-actions';
import { officePaths, type OfficeShell } from './office-paths';
import './ops.css';

type Till = OpsMessages['till'];

function answerText(answer: { error?: string; message?: unknown }, t: OpsMessages): string {
  if (typeof answer.message === 'string' && answer.message) return answer.message;
  if (answer.error === 'network') return t.errors.network;
  if (answer.error === 'forbidden') return t.errors.forbidden;
  return t.till.errors.invalidCount;
}

/** The amount counted in one staff member's drawer (or terminal), saved as it is typed in euros. */
export function TillCount({
  staff,
  method,
  label,
  counted,
  t,
}: {
  staff: string;
  method: string;
  label: string;
  counted: string;
  t: OpsMessages;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = parseEuros(String(new FormData(event.currentTarget).get('counted') ?? ''));
    if (cents === null || cents === 'invalid') {
      setOutcome({ kind: 'error', text: t.till.errors.invalidCount });
      return;
    }
    setBusy(true);
    const answer = await postJson('/api/ops/till/counts', { staff, method, countedCents: cents });
    setBusy(false);
    setOutcome(answer.ok ? { kind: 'ok', text: t.till.saved } : { kind: 'error', text: answerText(answer, t) });
    if (answer.ok) router.refresh();
  };
  return (
    <form className="till-count ops-no-print" onSubmit={submit}>
      <input
        name="counted"
        aria-label={label}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={counted}
        size={8}
        required
      />
      <button type="submit" className="ops-button" disabled={busy}>
        {t.till.save}
      </button>
      {outcome ? (
        <p className={`ops-notice ops-notice--${outcome.kind}`} role="status">
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}

/** Closes the session the page shows, then opens its Z report to print. */
export function TillClose({ sessionId, t, shell }: { sessionId: number; t: OpsMessages; shell?: OfficeShell }) {
  const router = useRouter();
  const paths = officePaths(shell);
  const till: Till = t.till;
  return (
    <ConfirmDialog
      trigger={till.close}
      triggerClass="ops-button ops-button--primary"
      title={fill(till.closeConfirm, { id: sessionId })}
      confirm={till.close}
      keep={till.cancel}
      working={t.bookingActions.working}
      testId="till-close-dialog"
      onConfirm={async () => {
        const answer = await postJson('/api/ops/till/close', { sessionId });
        if (!answer.ok) {
          // A drawer that took money since the page was drawn (a colleague's sale): show its line to count.
          router.refresh();
          return answerText(answer, t);
        }
        router.push(paths.tillSession(sessionId));
        return null;
      }}
    />
  );
}
