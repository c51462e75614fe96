'use client';

import { useState, type FormEvent } from 'react';

import type { OpsMessages } from '@/i18n/ops-messages';

import './ops.css';

/** Re-sends the tickets, to the booking's address or a corrected one, and says where they went. */
export function ResendTickets({
  reference,
  email,
  t,
}: {
  reference: string;
  email: string;
  t: OpsMessages['booking'];
}) {
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    setState(null);
    try {
      const response = await fetch(`/api/ops/bookings/${encodeURIComponent(reference)}/resend`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: to }),
      });
      const body = (await response.json()) as { ok: boolean; message?: string };
      setState({ kind: body.ok ? 'ok' : 'error', text: body.message ?? '' });
    } catch {
      setState({ kind: 'error', text: '' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ops-add" onSubmit={submit} data-testid="resend">
      <h2>{t.resendTitle}</h2>
      <label className="ops-search">
        <span>{t.resendTo}</span>
        <input
          type="email"
          name="email"
          defaultValue={email}
          required
          autoComplete="off"
          aria-describedby="ops-resend-hint"
        />
        <span id="ops-resend-hint" className="ops-hint">
          {t.resendHint}
        </span>
      </label>
      <button type="submit" className="ops-button ops-button--primary" disabled={busy}>
        {t.resendSubmit}
      </button>
      {state && state.text ? (
        <p className={`ops-notice ops-notice--${state.kind}`} role="status">
          {state.text}
        </p>
      ) : null}
    </form>
  );
}
