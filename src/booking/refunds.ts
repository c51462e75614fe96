import type { Payload } from 'payload';

import type { RefundingProvider, RefundResult } from '../payments/provider';
import { iso, num, shopDb, str, type Tx } from './db';
import { publish } from './events';
import { PAYMENT_EVENT_COLUMNS, paymentEventFromRow, type PaymentEvent } from './payment-events';

/**
 * Refunds (docs/decisions/090-refunds.md). A refund is first reserved on the booking in one
 * conditional UPDATE (`refunded_cents + amount <= paid_cents`, so two refunds can never return
 * more than was paid) together with a `pending` payment event keyed by the caller's idempotency
 * key; then the gateway is asked, outside any transaction; then its answer settles the event:
 * `succeeded`, or `failed` with the reservation given back. The same key again finds the event
 * and never asks the gateway twice; a failed event is retried from the same row.
 */

const GATEWAY_METHODS = new Set(['card', 'bizum', 'link', 'other']);

export type RefundRequest = {
  bookingId: number;
  /** Cents; `'rest'` is everything paid and not yet refunded. */
  amount: number | 'rest';
  /** The same key twice refunds once: e.g. `cancel:<booking>`, `auto:<order>`, a staff request id. */
  idempotencyKey: string;
  /** `user:<id>`, `visitor` or `system`. */
  requestedBy: string;
  reason: string;
  now?: Date;
};

export type RefundError =
  'notFound' | 'nothingToRefund' | 'exceedsPaid' | 'exceedsOrder' | 'inProgress' | 'failed' | 'invalidAmount';

export type RefundOutcome =
  { ok: true; event: PaymentEvent; replayed: boolean } | { ok: false; error: RefundError; event?: PaymentEvent };

async function eventByKey(target: Pick<Tx, 'query'>, key: string): Promise<PaymentEvent | null> {
  const { rows } = await target.query(`SELECT ${PAYMENT_EVENT_COLUMNS} FROM payment_events WHERE idempotency_key = ?`, [
    key,
  ]);
  return rows[0] ? paymentEventFromRow(rows[0]) : null;
}

async function eventById(target: Pick<Tx, 'query'>, id: number): Promise<PaymentEvent> {
  const { rows } = await target.query(`SELECT ${PAYMENT_EVENT_COLUMNS} FROM payment_events WHERE id = ?`, [id]);
  if (!rows[0]) throw new Error(`payment event ${id} vanished`);
  return paymentEventFromRow(rows[0]);
}

/** Where money of this size can go back: the gateway order with that much left, or a manual refund. */
async function refundSource(
  tx: Tx,
  bookingId: number,
  amountCents: number,
): Promise<{ orderRef: string | null; method: string } | null> {
  const { rows } = await tx.query(
    `SELECT p.order_ref, p.method, p.amount_cents,
       (SELECT COALESCE(SUM(r.amount_cents), 0) FROM payment_events r
         WHERE r.kind = 'refund' AND r.status <> 'failed' AND r.booking_id = p.booking_id
           AND r.order_ref = p.order_ref) AS refunded
     FROM payment_events p
     WHERE p.booking_id = ? AND p.kind = 'payment' AND p.status = 'succeeded'
     ORDER BY p.id DESC`,
    [bookingId],
  );
  for (const row of rows) {
    const method = str(row.method);
    const left = num(row.amount_cents) - num(row.refunded);
    if (row.order_ref && GATEWAY_METHODS.has(method)) {
      if (left >= amountCents) return { orderRef: str(row.order_ref), method };
    }
  }
  // Cash, card terminal or invoice: the money goes back the way it came, by staff, not the gateway.
  const manual = rows.find((row) => !row.order_ref || !GATEWAY_METHODS.has(str(row.method)));
  if (manual) return { orderRef: null, method: str(manual.method) };
  return null;
}

/** Reserves the refund and writes (or re-arms) its pending event; null when nothing was reserved. */
async function reserve(
  payload: Payload,
  request: RefundRequest,
  now: Date,
): Promise<{ event: PaymentEvent; fresh: boolean } | { error: RefundError; event?: PaymentEvent }> {
  const db = shopDb(payload);
  try {
    return await db.transaction(async (tx) => {
      const existing = await eventByKey(tx, request.idempotencyKey);
      if (existing) {
        if (existing.status !== 'failed') return { event: existing, fresh: false };
        // A retry of a refund the gateway refused: the same row, the same amount, reserved again.
        const reserved = await tx.query(
          `UPDATE bookings SET refunded_cents = refunded_cents + ?, updated_at = ?
           WHERE id = ? AND refunded_cents + ? <= paid_cents`,
          [existing.amountCents, iso(now), existing.bookingId, existing.amountCents],
        );
        if (reserved.rowsAffected !== 1) return { error: 'exceedsPaid' as const, event: existing };
        const rearmed = await tx.query(
          `UPDATE payment_events SET status = 'pending', attempts = attempts + 1, updated_at = ?
           WHERE id = ? AND status = 'failed'`,
          [iso(now), existing.id],
        );
        if (rearmed.rowsAffected !== 1) throw new Error('refund retried twice at once');
        return { event: await eventById(tx, existing.id), fresh: true };
      }
      const { rows } = await tx.query('SELECT paid_cents, refunded_cents FROM bookings WHERE id = ?', [
        request.bookingId,
      ]);
      if (!rows[0]) return { error: 'notFound' as const };
      const left = num(rows[0].paid_cents) - num(rows[0].refunded_cents);
      const amountCents = request.amount === 'rest' ? left : request.amount;
      if (!Number.isSafeInteger(amountCents) || amountCents < 0) return { error: 'invalidAmount' as const };
      if (amountCents === 0) return { error: 'nothingToRefund' as const };
      const reserved = await tx.query(
        `UPDATE bookings SET refunded_cents = refunded_cents + ?, updated_at = ?
         WHERE id = ? AND refunded_cents + ? <= paid_cents`,
        [amountCents, iso(now), request.bookingId, amountCents],
      );
      if (reserved.rowsAffected !== 1) return { error: 'exceedsPaid' as const };
      const source = await refundSource(tx, request.bookingId, amountCents);
      if (!source) throw new RefundAbort('exceedsOrder');
      const inserted = await tx.query(
        `INSERT INTO payment_events (booking_id, kind, status, amount_cents, method, order_ref, idempotency_key,
           requested_by, reason, attempts, updated_at, created_at)
         VALUES (?, 'refund', 'pending', ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id`,
        [
          request.bookingId,
          amountCents,
          source.method,
          source.orderRef,
          request.idempotencyKey,
          request.requestedBy,
          request.reason.slice(0, 500),
          iso(now),
          iso(now),
        ],
      );
      return { event: await eventById(tx, num(inserted.rows[0]?.id)), fresh: true };
    });
  } catch (error) {
    if (error instanceof RefundAbort) return { error: error.reason };
    // Two requests with one key at once: the unique key let one insert; the other reads it.
    const existing = await eventByKey(db, request.idempotencyKey);
    if (existing) return { event: existing, fresh: false };
    throw error;
  }
}

class RefundAbort extends Error {
  constructor(readonly reason: RefundError) {
    super(reason);
  }
}

async function settle(payload: Payload, event: PaymentEvent, result: RefundResult, now: Date): Promise<PaymentEvent> {
  const db = shopDb(payload);
  return db.transaction(async (tx) => {
    if (result.ok) {
      await tx.query(
        `UPDATE payment_events SET status = 'succeeded', gateway_code = ?, gateway_answer = ?, updated_at = ?
         WHERE id = ? AND status = 'pending'`,
        [result.responseCode, result.answer, iso(now), event.id],
      );
      // A payment that never had seats is closed once all of it is back.
      await tx.query(
        `UPDATE bookings SET status = 'cancelled', updated_at = ?
         WHERE id = ? AND status = 'refundPending' AND paid_cents = refunded_cents`,
        [iso(now), event.bookingId],
      );
    } else {
      const moved = await tx.query(
        `UPDATE payment_events SET status = 'failed', gateway_code = ?, gateway_answer = ?, updated_at = ?
         WHERE id = ? AND status = 'pending'`,
        [`${result.outcome}:${result.code}`, result.answer, iso(now), event.id],
      );
      // Not returned: the reservation goes back, so the booking still shows the money as held by us.
      if (moved.rowsAffected === 1) {
        await tx.query('UPDATE bookings SET refunded_cents = refunded_cents - ?, updated_at = ? WHERE id = ?', [
          event.amountCents,
          iso(now),
          event.bookingId,
        ]);
      }
    }
    return eventById(tx, event.id);
  });
}

/**
 * Refunds money of a booking through the gateway that took it (or records a manual refund for
 * cash, terminal and invoice payments), exactly once per idempotency key. Publishes
 * `booking.refunded` once the gateway has said yes; never before.
 */
export async function refundBooking(
  payload: Payload,
  request: RefundRequest,
  options: { provider: RefundingProvider },
): Promise<RefundOutcome> {
  const now = request.now ?? new Date();
  const reserved = await reserve(payload, request, now);
  if ('error' in reserved)
    return { ok: false, error: reserved.error, ...(reserved.event ? { event: reserved.event } : {}) };
  const { event, fresh } = reserved;
  if (!fresh) {
    if (event.status === 'succeeded') return { ok: true, event, replayed: true };
    return { ok: false, error: event.status === 'pending' ? 'inProgress' : 'failed', event };
  }
  const result: RefundResult = event.orderRef
    ? await options.provider.refund({ orderRef: event.orderRef, amountCents: event.amountCents })
    : { ok: true, responseCode: 'manual', answer: `returned by ${event.method ?? 'staff'}` };
  const settled = await settle(payload, event, result, now);
  if (settled.status !== 'succeeded') return { ok: false, error: 'failed', event: settled };
  const { rows } = await shopDb(payload).query('SELECT reference FROM bookings WHERE id = ?', [event.bookingId]);
  await publish(payload, {
    type: 'booking.refunded',
    bookingId: event.bookingId,
    reference: str(rows[0]?.reference),
    amountCents: event.amountCents,
    reason: request.reason,
    by: request.requestedBy,
    at: now,
  });
  return { ok: true, event: settled, replayed: false };
}

/** Refunds the gateway refused or never answered, newest first: the today board's "refund failed". */
export async function failedRefunds(payload: Payload, limit = 100): Promise<(PaymentEvent & { reference: string })[]> {
  const { rows } = await shopDb(payload).query(
    `SELECT ${PAYMENT_EVENT_COLUMNS.split(',')
      .map((c) => `e.${c.trim()}`)
      .join(', ')}, b.reference
     FROM payment_events e JOIN bookings b ON b.id = e.booking_id
     WHERE e.kind = 'refund' AND e.status = 'failed' ORDER BY e.id DESC LIMIT ${Math.trunc(limit)}`,
  );
  return rows.map((row) => ({ ...paymentEventFromRow(row), reference: str(row.reference) }));
}

/** Retries a failed refund from its own row (same key, same amount). */
export async function retryRefund(
  payload: Payload,
  eventId: number,
  options: { provider: RefundingProvider; requestedBy: string; now?: Date },
): Promise<RefundOutcome> {
  const event = await eventById(shopDb(payload), eventId).catch(() => null);
  if (!event || event.kind !== 'refund') return { ok: false, error: 'notFound' };
  return refundBooking(
    payload,
    {
      bookingId: event.bookingId,
      amount: event.amountCents,
      idempotencyKey: event.idempotencyKey,
      requestedBy: options.requestedBy,
      reason: event.reason ?? 'retry',
      ...(options.now ? { now: options.now } : {}),
    },
    options,
  );
}
