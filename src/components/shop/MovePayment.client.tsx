'use client';

import { useState } from 'react';

import { goToGateway, type GatewayForm } from './gateway-redirect';

/**
 * The customer's "Pay the difference" for a move the office offered: asks our server for a
 * payment of the difference (signed link required) and carries the browser to the gateway.
 */
export function MovePayment(props: {
  reference: string;
  firma: string;
  labels: { pay: string; working: string; expired: string; error: string };
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function pay() {
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(`/api/shop/bookings/${encodeURIComponent(props.reference)}/move-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firma: props.firma }),
      });
      const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string; form?: GatewayForm };
      if (answer.ok && answer.form) {
        goToGateway(answer.form);
        return;
      }
      setMessage(answer.error === 'noPendingMove' ? props.labels.expired : props.labels.error);
    } catch {
      setMessage(props.labels.error);
    }
    setBusy(false);
  }

  return (
    <>
      {message ? <p role="alert">{message}</p> : null}
      <p>
        <button type="button" className="button" onClick={() => void pay()} disabled={busy} aria-busy={busy}>
          {busy ? props.labels.working : props.labels.pay}
        </button>
      </p>
    </>
  );
}
