import 'server-only';

import type { Payload } from 'payload';

import type { RefundOutcome } from '@/booking/refunds';

import { requireStaff, type StaffSession } from '@/lib/staff-session';

/** Staff JSON API under /api/ops: answers are never cached. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** Office and admin only: crew get 403 on every /api/ops endpoint. */
export async function officeOnly(request: Request): Promise<StaffSession | { response: Response }> {
  return requireStaff(request, ['admin', 'office']);
}

/** How the audit log and payment events name a staff member. */
export function actor(session: { user: { id: number | string } }): string {
  return `user:${session.user.id}`;
}

export async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A refund as the staff API answers it: the payment event's state, or why none was made. */
export function refundSummary(refund: RefundOutcome | null) {
  if (!refund) return null;
  if (refund.ok) {
    return {
      id: refund.event.id,
      status: refund.event.status,
      amountCents: refund.event.amountCents,
      replayed: refund.replayed,
    };
  }
  return {
    id: refund.event?.id ?? null,
    status: refund.event?.status ?? 'notRefunded',
    error: refund.error,
    amountCents: refund.event?.amountCents ?? 0,
    gatewayCode: refund.event?.gatewayCode ?? null,
  };
}

export type { Payload };
