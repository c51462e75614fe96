import 'server-only';

// The operations' own answers, in the staff answer format of src/security/staff-route.ts: the
// status and localized message of each refusal, and how a refund is reported.

import type { OpsError } from '@/operations/departures';
import type { RefundOutcome } from '@/operations/refunds';
import type { TillError } from '@/operations/till';
import { fill } from '@/lib/icu-lite';
import { opsMessages } from '@/i18n/ops-messages';
import type { Locale } from '@/i18n/locales';
import { json } from '@/security/staff-route';

const statusOf: Record<OpsError, number> = {
  notFound: 404,
  cancelled: 409,
  departed: 409,
  alreadyClosed: 409,
  notClosed: 409,
  belowTaken: 409,
  boatBelowTaken: 409,
  aboveBoat: 422,
  invalidCapacity: 400,
  invalidInput: 400,
  unknownTour: 422,
  unknownBoat: 422,
  inThePast: 422,
  duplicate: 409,
  boatBusy: 409,
};

/** An operation refused: the code for programs, the message for the staff member, the numbers. */
export function opsError(language: Locale, error: OpsError, details: Record<string, unknown> = {}): Response {
  const message = fill(opsMessages(language).errors[error], details as Record<string, string | number>);
  return json({ ok: false, error, message, ...details }, statusOf[error]);
}

/** A row id in a URL: up to 12 digits, nothing else. */
export function idParam(value: string): number | null {
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/** The older, laxer reading some endpoints kept (`Number()`: a sign, an exponent, spaces pass). */
export function numberParam(value: string): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A refund as the staff API answers it: the payment event's state, or why none was made. A refund
 * that went back in several parts (card and cash, or two card orders) answers its total and parts.
 */
export function refundSummary(refund: RefundOutcome | null) {
  if (!refund) return null;
  const parts = (refund.parts ?? []).map((part) => ({
    id: part.id,
    status: part.status,
    amountCents: part.amountCents,
    method: part.method,
    gatewayCode: part.gatewayCode,
  }));
  const total = parts.reduce((sum, part) => sum + part.amountCents, 0);
  if (refund.ok) {
    return {
      id: refund.event.id,
      status: refund.event.status,
      amountCents: total || refund.event.amountCents,
      replayed: refund.replayed,
      ...(parts.length > 1 ? { parts } : {}),
    };
  }
  return {
    id: refund.event?.id ?? null,
    status: refund.event?.status ?? 'notRefunded',
    error: refund.error,
    // What did not go back: the part the gateway refused (the others, if any, are in `parts`).
    amountCents: refund.event?.amountCents ?? 0,
    gatewayCode: refund.event?.gatewayCode ?? null,
    ...(parts.length > 1 ? { parts } : {}),
  };
}

const tillStatus: Record<TillError, number> = {
  notFound: 404,
  notClosed: 409,
  uncounted: 409,
  alreadyClosed: 409,
  invalidCount: 400,
};

/** The till refused (a close with drawers left to count, a session closed meanwhile, an odd amount). */
export function tillError(language: Locale, error: TillError, details: Record<string, number> = {}): Response {
  const message = fill(opsMessages(language).till.errors[error], details);
  return json({ ok: false, error, message, ...details }, tillStatus[error]);
}
