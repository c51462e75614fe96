import 'server-only';

import type { OpsError } from '@/operations/departures';
import type { RefundOutcome } from '@/booking/refunds';
import { fill } from '@/lib/icu-lite';
import { opsLanguage, opsMessages } from '@/i18n/ops-messages';
import type { Locale } from '@/i18n/locales';
import { requireStaff, type StaffSession } from '@/lib/staff-session';

/** Staff data is live and personal: never cached anywhere. */
export const NO_STORE = { 'Cache-Control': 'no-store, private' } as const;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * The staff member's back-office language: the one they chose in their account (Payload keeps
 * it in the `payload-lng` cookie), else the browser's, else Catalan.
 */
export function staffLanguage(request: Request): Locale {
  const cookie = /(?:^|;\s*)payload-lng=([a-z]{2})/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (cookie) return opsLanguage(cookie);
  const accept = (request.headers.get('accept-language') ?? '').slice(0, 2).toLowerCase();
  return opsLanguage(accept);
}

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

/** A JSON object body, or null. */
export async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function idParam(value: string): number | null {
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/** Office and admin only: crew get 403 on every /api/ops endpoint that changes a booking. */
export async function officeOnly(request: Request): Promise<StaffSession | { response: Response }> {
  return requireStaff(request, ['admin', 'office']);
}

/** How the audit log and payment events name a staff member. */
export function actor(session: { user: { id: number | string } }): string {
  return `user:${session.user.id}`;
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
