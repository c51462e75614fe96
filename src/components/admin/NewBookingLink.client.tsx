'use client';

import { useState } from 'react';

import type { OpsMessages } from '@/i18n/ops-messages';

import './ops.css';

type Issued = { url: string; changeUrl: string | null; message: string };

/**
 * Makes a fresh signed link to the booking for the office to pass on (POST …/link): the
 * customer's own expired after its lifetime, or the e-mail with it got lost.
 */
export function NewBookingLink({ reference, t }: { reference: string; t: OpsMessages['booking'] }) {
  const [issued, setIssued] = useState<Issued | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const make = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetch(`/api/ops/bookings/${encodeURIComponent(reference)}/link`, {
        method: 'POST',
        credentials: 'same-origin',
      });
      const body = (await response.json()) as Partial<Issued> & { ok: boolean; message?: string };
      if (body.ok && body.url)
        setIssued({ url: body.url, changeUrl: body.changeUrl ?? null, message: body.message ?? '' });
      else setFailure(body.message ?? '');
    } catch {
      setFailure('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ops-add" data-testid="new-link" aria-labelledby="ops-new-link-title">
      <h2 id="ops-new-link-title">{t.linkTitle}</h2>
      <p className="ops-hint">{t.linkHint}</p>
      <button type="button" className="ops-button" onClick={() => void make()} disabled={busy}>
        {t.linkSubmit}
      </button>
      {issued ? (
        <div role="status">
          <p className="ops-notice ops-notice--ok">{issued.message}</p>
          <label className="ops-search">
            <span>{t.linkPage}</span>
            <input type="text" readOnly value={issued.url} onFocus={(event) => event.currentTarget.select()} />
          </label>
          {issued.changeUrl ? (
            <label className="ops-search">
              <span>{t.linkChange}</span>
              <input type="text" readOnly value={issued.changeUrl} onFocus={(event) => event.currentTarget.select()} />
            </label>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <p className="ops-notice ops-notice--error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
