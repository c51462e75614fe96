import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';

import { euros } from './format';

/**
 * What the booking page's actions share: one way to call the staff API, and one place that
 * turns its answers (codes, never localized text: src/operations/http.ts) into the staff member's words.
 */

export type Outcome = { kind: 'ok' | 'error'; text: string };

/** A refund as the staff API reports it (refundSummary in src/operations/http.ts). */
export type RefundSummary = {
  id: number | null;
  status: string;
  amountCents: number;
  error?: string;
  gatewayCode?: string | null;
  replayed?: boolean;
};

export type ApiAnswer = {
  ok: boolean;
  error?: string;
  refund?: RefundSummary | null;
  differenceCents?: number;
  alreadyCancelled?: boolean;
  /** A dearer move to be paid by the customer through a link (202 from the move endpoint). */
  pendingMove?: { differenceCents: number; expiresAt: string };
  [key: string]: unknown;
};

/**
 * POSTs JSON to the staff API. The HTTP status only matters when the body is not ours (a proxy's
 * error page, a lost session): then it becomes a code of its own, so every answer has one.
 */
export async function postJson(url: string, body: unknown = {}): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: 'network' };
  }
  const answer = (await response.json().catch(() => null)) as ApiAnswer | null;
  if (answer && typeof answer.ok === 'boolean') {
    if (!answer.ok && !answer.error) answer.error = httpError(response.status);
    return answer;
  }
  return { ok: false, error: httpError(response.status) };
}

function httpError(status: number): string {
  if (status === 401) return 'signInRequired';
  if (status === 403) return 'forbidden';
  return `http${status}`;
}

/** The message for an error code of the booking actions' endpoints. */
export function errorText(code: string | undefined, t: OpsMessages): string {
  const a = t.bookingActions.errors;
  switch (code) {
    case 'network':
      return t.errors.network;
    case 'forbidden':
      return t.errors.forbidden;
    case 'signInRequired':
      return t.errors.signInRequired;
    case 'notFound':
    case 'invalidRequest':
    case 'nothingToChange':
    case 'notMovable':
    case 'departureNotFound':
    case 'alreadyThere':
    case 'changed':
    case 'notSoldOnline':
    case 'full':
    case 'notCancellable':
    case 'invalidRefund':
    case 'notDisrupted':
    case 'notAnAlternative':
    case 'stillHeld':
    case 'emailRequired':
    case 'bookingClosed':
      return a[code];
    default:
      return fill(a.unknown, { code: code ?? '?' });
  }
}

/**
 * What became of a refund: money back, refused by the bank (with its code, for the bank's help
 * desk), still waiting, or not made because the amount was more than was left.
 */
export function refundText(refund: RefundSummary, t: OpsMessages, language: Locale): Outcome {
  const a = t.bookingActions;
  const amount = euros(refund.amountCents, language);
  if (!refund.error) return { kind: 'ok', text: fill(a.refundOk, { amount }) };
  switch (refund.error) {
    case 'inProgress':
      return { kind: 'error', text: fill(a.refundPending, { amount }) };
    case 'exceedsPaid':
    case 'exceedsOrder':
      return { kind: 'error', text: a.refundTooMuch };
    case 'invalidAmount':
      return { kind: 'error', text: a.errors.invalidRefund };
    case 'nothingToRefund':
      return { kind: 'error', text: a.refundNothing };
    default:
      return { kind: 'error', text: fill(a.refundFailed, { amount, code: refund.gatewayCode ?? '—' }) };
  }
}
