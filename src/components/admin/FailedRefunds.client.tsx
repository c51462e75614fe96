'use client';

import Link from 'next/link';
import { useState } from 'react';

import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';

import { euros } from './format';
import { errorText, postJson, type Outcome } from './staff-actions';
import { officePaths, type OfficeShell } from './office-paths';
import './ops.css';

export type FailedRefund = {
  id: number;
  reference: string;
  amountCents: number;
  gatewayCode: string | null;
  attempts: number;
};

/**
 * Refunds the bank refused or never answered (GET /api/ops/refunds, read by the page on the
 * server): money a visitor is owed and has not got. Each can be asked again (same payment event,
 * same amount, never twice: POST /api/ops/refunds/{id}/retry); a success stays listed, with its
 * outcome, until the board is next loaded, so staff see what their tap did.
 */
export function FailedRefunds({
  initial,
  language,
  t,
  shell,
}: {
  initial: FailedRefund[];
  language: Locale;
  t: OpsMessages;
  shell?: OfficeShell;
}) {
  const paths = officePaths(shell);
  const r = t.failedRefunds;
  const [items, setItems] = useState(initial);
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [busy, setBusy] = useState<number | null>(null);

  if (items.length === 0) return null;

  const retry = async (id: number) => {
    setBusy(id);
    const answer = await postJson(`/api/ops/refunds/${id}/retry`);
    setBusy(null);
    const refund = answer.refund;
    let outcome: Outcome;
    if (answer.ok && refund) {
      outcome = { kind: 'ok', text: fill(r.retried, { amount: euros(refund.amountCents, language) }) };
    } else if (answer.error === 'notFound') {
      outcome = { kind: 'error', text: r.gone };
    } else if (refund?.error === 'inProgress') {
      outcome = { kind: 'error', text: r.pending };
    } else if (refund) {
      outcome = { kind: 'error', text: fill(r.failedAgain, { code: refund.gatewayCode ?? '—' }) };
      setItems((list) =>
        list.map((item) =>
          item.id === id ? { ...item, attempts: item.attempts + 1, gatewayCode: refund.gatewayCode ?? null } : item,
        ),
      );
    } else {
      outcome = { kind: 'error', text: errorText(answer.error, t) };
    }
    setOutcomes((all) => ({ ...all, [id]: outcome }));
  };

  return (
    <section className="ops-attention ops-refunds" aria-labelledby="ops-refunds-title" data-testid="failed-refunds">
      <h2 id="ops-refunds-title">{r.title}</h2>
      <p className="ops-sub">{r.intro}</p>
      <ul>
        {items.map((item) => {
          const outcome = outcomes[item.id];
          const settled = outcome?.kind === 'ok';
          return (
            <li key={item.id} data-testid={`failed-refund-${item.id}`}>
              <dl>
                <div>
                  <dt>{r.booking}</dt>
                  <dd>
                    <Link href={paths.booking(item.reference)}>{item.reference}</Link>
                  </dd>
                </div>
                <div>
                  <dt>{r.amount}</dt>
                  <dd>{euros(item.amountCents, language)}</dd>
                </div>
                <div>
                  <dt>{r.code}</dt>
                  <dd>{item.gatewayCode ?? '—'}</dd>
                </div>
                <div>
                  <dt>{r.attempts}</dt>
                  <dd>{item.attempts}</dd>
                </div>
              </dl>
              {settled ? null : (
                <button
                  type="button"
                  className="ops-button"
                  disabled={busy === item.id}
                  onClick={() => void retry(item.id)}
                >
                  {busy === item.id ? t.bookingActions.working : r.retry}
                </button>
              )}
              <p role="status" className={outcome ? `ops-notice ops-notice--${outcome.kind}` : 'ops-visually-empty'}>
                {outcome?.text}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
