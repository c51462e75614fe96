'use client';

import { useState } from 'react';

import './ops.css';

/**
 * E-mails the booking's tickets again to its own address, with the same action as the booking page
 * (POST /api/ops/bookings/{reference}/resend), and says where they went or why not.
 */
export function InvoicesResend({
  reference,
  label,
  text,
  failed,
}: {
  reference: string;
  /** What the button does, in full, for a screen reader: the visible text is short. */
  label: string;
  text: string;
  failed: string;
}) {
  const [state, setState] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    setState(null);
    try {
      const response = await fetch(`/api/ops/bookings/${encodeURIComponent(reference)}/resend`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await response.json()) as { ok: boolean; message?: string };
      setState({ kind: body.ok ? 'ok' : 'error', text: body.message || failed });
    } catch {
      setState({ kind: 'error', text: failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="ops-button ops-button--ghost"
        aria-label={label}
        disabled={busy}
        onClick={send}
        data-testid={`invoice-resend-${reference}`}
      >
        {text}
      </button>
      {state ? (
        <span className={`ops-notice ops-notice--${state.kind} invoices__notice`} role="status">
          {state.text}
        </span>
      ) : null}
    </>
  );
}
