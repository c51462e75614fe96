import type { Payload } from 'payload';

import type { RefundingProvider, RefundResult } from '../payments/provider';
import { iso, num, shopDb, str, type Tx } from './db';
import { moneyMoved } from './money-moved';
import { publish } from './events';
import { PAYMENT_EVENT_COLUMNS, paymentEventFromRow, type PaymentEvent } from './payment-events';
import { transitionBooking, type BookingMove } from './transitions';

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

/** `event` is the refund's first row; `parts` every row when the money went back in several. */
export type RefundOutcome =
  | { ok: true; event: PaymentEvent; parts: PaymentEvent[]; replayed: boolean }
  | { ok: false; error: RefundError; event?: PaymentEvent; parts?: PaymentEvent[] };

async function eventById(target: Pick<Tx, 'query'>, id: number): Promise<PaymentEvent> {
  const { rows } = await target.query(`SELECT ${PAYMENT_EVENT_COLUMNS} FROM payment_events WHERE id = ?`, [id]);
  if (!rows[0]) throw new Error(`payment event ${id} vanished`);
  return paymentEventFromRow(rows[0]);
}

/** Money of a booking that can still go back one way: a gateway order, or what staff took by one method. */
type RefundSource = { orderRef: string | null; method: string; left: number };

/**
 * Every way a booking's money came in, newest first, with what is left of each: each gateway
 * order on its own (Redsys refunds against one order), and what staff took in cash, by card
 * terminal or on invoice summed per method (it goes back the way it came, by hand).
 */
async function refundSources(target: Pick<Tx, 'query'>, bookingId: number): Promise<RefundSource[]> {
  const { rows } = await target.query(
    `SELECT p.order_ref, p.method, p.amount_cents,
       (SELECT COALESCE(SUM(r.amount_cents), 0) FROM payment_events r
         WHERE r.kind = 'refund' AND r.status <> 'failed' AND r.booking_id = p.booking_id
           AND r.order_ref = p.order_ref) AS refunded
     FROM payment_events p
     WHERE p.booking_id = ? AND p.kind = 'payment' AND p.status = 'succeeded'
     ORDER BY p.id DESC`,
    [bookingId],
  );
  const sources: RefundSource[] = [];
  const manual = new Map<string, RefundSource>();
  for (const row of rows) {
    const method = str(row.method);
    if (row.order_ref && GATEWAY_METHODS.has(method)) {
      sources.push({ orderRef: str(row.order_ref), method, left: num(row.amount_cents) - num(row.refunded) });
      continue;
    }
    const pool = manual.get(method);
    if (pool) pool.left += num(row.amount_cents);
    else {
      const source = { orderRef: null, method, left: num(row.amount_cents) };
      manual.set(method, source);
      sources.push(source);
    }
  }
  if (manual.size > 0) {
    const { rows: returned } = await target.query(
      `SELECT method, COALESCE(SUM(amount_cents), 0) AS refunded FROM payment_events
       WHERE booking_id = ? AND kind = 'refund' AND status <> 'failed' AND order_ref IS NULL GROUP BY method`,
      [bookingId],
    );
    for (const row of returned) {
      const pool = manual.get(str(row.method));
      if (pool) pool.left -= num(row.refunded);
    }
  }
  return sources.filter((source) => source.left > 0);
}

/**
 * Where a refund of this size goes: one gateway order that covers it if there is one (a single
 * refund the customer sees as one line), else the newest money first — a move's difference before
 * the original payment — across as many sources as it takes. Null when the sources do not add up.
 */
export function planRefund(
  sources: RefundSource[],
  amountCents: number,
): { orderRef: string | null; method: string; amountCents: number }[] | null {
  const single = sources.find((source) => source.orderRef && source.left >= amountCents);
  if (single) return [{ orderRef: single.orderRef, method: single.method, amountCents }];
  const parts: { orderRef: string | null; method: string; amountCents: number }[] = [];
  let rest = amountCents;
  for (const source of sources) {
    if (rest === 0) break;
    const take = Math.min(rest, source.left);
    parts.push({ orderRef: source.orderRef, method: source.method, amountCents: take });
    rest -= take;
  }
  return rest === 0 ? parts : null;
}

/** The idempotency key of a refund's n-th part (the first part keeps the request's own key). */
const partKey = (key: string, index: number) => (index === 0 ? key : `${key}/${index + 1}`);
const MAX_PARTS = 9;

/** A refund's rows: its own key, then the keys of its further parts when it was split. */
async function partsOf(target: Pick<Tx, 'query'>, key: string): Promise<PaymentEvent[]> {
  const keys = Array.from({ length: MAX_PARTS }, (_, index) => partKey(key, index));
  const { rows } = await target.query(
    `SELECT ${PAYMENT_EVENT_COLUMNS} FROM payment_events WHERE idempotency_key IN (${keys.map(() => '?').join(', ')})
     ORDER BY id`,
    keys,
  );
  return rows.map(paymentEventFromRow);
}

type Reservation = { events: PaymentEvent[]; fresh: Set<number> } | { error: RefundError; event?: PaymentEvent };

/**
 * Reserves the refund on the booking and writes its pending rows (one per source it goes back
 * through), or re-arms the rows the gateway refused; `fresh` are the rows to ask the gateway for.
 */
async function reserve(payload: Payload, request: RefundRequest, now: Date): Promise<Reservation> {
  const db = shopDb(payload);
  try {
    return await db.transaction(async (tx) => {
      const existing = await partsOf(tx, request.idempotencyKey);
      if (existing.length > 0) {
        const fresh = new Set<number>();
        for (const event of existing.filter((e) => e.status === 'failed')) {
          // A retry of a refund the gateway refused: the same row, the same amount, reserved again.
          const reserved = await tx.query(
            `UPDATE bookings SET refunded_cents = refunded_cents + ?, updated_at = ?
             WHERE id = ? AND refunded_cents + ? <= paid_cents`,
            [event.amountCents, iso(now), event.bookingId, event.amountCents],
          );
          if (reserved.rowsAffected !== 1) throw new RefundAbort('exceedsPaid', event);
          moneyMoved(tx, event.bookingId);
          const rearmed = await tx.query(
            `UPDATE payment_events SET status = 'pending', attempts = attempts + 1, updated_at = ?
             WHERE id = ? AND status = 'failed'`,
            [iso(now), event.id],
          );
          if (rearmed.rowsAffected !== 1) throw new Error('refund retried twice at once');
          fresh.add(event.id);
        }
        return { events: await partsOf(tx, request.idempotencyKey), fresh };
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
      moneyMoved(tx, request.bookingId);
      const plan = planRefund(await refundSources(tx, request.bookingId), amountCents);
      if (!plan || plan.length > MAX_PARTS) throw new RefundAbort('exceedsOrder');
      const events: PaymentEvent[] = [];
      for (const [index, part] of plan.entries()) {
        const inserted = await tx.query(
          `INSERT INTO payment_events (booking_id, kind, status, amount_cents, method, order_ref, idempotency_key,
             requested_by, reason, attempts, updated_at, created_at)
           VALUES (?, 'refund', 'pending', ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id`,
          [
            request.bookingId,
            part.amountCents,
            part.method,
            part.orderRef,
            partKey(request.idempotencyKey, index),
            request.requestedBy,
            request.reason.slice(0, 500),
            iso(now),
            iso(now),
          ],
        );
        events.push(await eventById(tx, num(inserted.rows[0]?.id)));
      }
      return { events, fresh: new Set(events.map((e) => e.id)) };
    });
  } catch (error) {
    if (error instanceof RefundAbort) return { error: error.reason, ...(error.event ? { event: error.event } : {}) };
    // Two requests with one key at once: the unique key let one insert; the other reads it.
    const existing = await partsOf(db, request.idempotencyKey);
    if (existing.length > 0) return { events: existing, fresh: new Set() };
    throw error;
  }
}

class RefundAbort extends Error {
  constructor(
    readonly reason: RefundError,
    readonly event?: PaymentEvent,
  ) {
    super(reason);
  }
}

async function settle(payload: Payload, event: PaymentEvent, result: RefundResult, now: Date): Promise<PaymentEvent> {
  const db = shopDb(payload);
  const { settled, closed } = await db.transaction(async (tx) => {
    let closed: BookingMove | null = null;
    if (result.ok) {
      await tx.query(
        `UPDATE payment_events SET status = 'succeeded', gateway_code = ?, gateway_answer = ?, updated_at = ?
         WHERE id = ? AND status = 'pending'`,
        [result.responseCode, result.answer, iso(now), event.id],
      );
      // A payment that never had seats is closed once all of it is back.
      closed = await transitionBooking(tx, event.bookingId, 'refundPending', 'cancelled', {
        now,
        by: 'system',
        and: { sql: 'paid_cents = refunded_cents' },
      });
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
        moneyMoved(tx, event.bookingId);
      }
    }
    return { settled: await eventById(tx, event.id), closed };
  });
  if (closed) await publish(payload, closed.event);
  return settled;
}

/**
 * Refunds money of a booking through the gateway that took it (or records a manual refund for
 * cash, terminal and invoice payments), exactly once per idempotency key. Money that came in
 * several ways (a card payment and a move's difference paid by link or in cash) goes back in as
 * many parts, each its own row. Publishes `booking.refunded` per part once the gateway has said
 * yes; never before.
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
  const parts: PaymentEvent[] = [];
  let reference: string | undefined;
  for (const event of reserved.events) {
    if (!reserved.fresh.has(event.id)) {
      parts.push(event);
      continue;
    }
    const result: RefundResult = event.orderRef
      ? await options.provider.refund({ orderRef: event.orderRef, amountCents: event.amountCents })
      : { ok: true, responseCode: 'manual', answer: `returned by ${event.method ?? 'staff'}` };
    const settled = await settle(payload, event, result, now);
    parts.push(settled);
    if (settled.status !== 'succeeded') continue;
    reference ??= str(
      (await shopDb(payload).query('SELECT reference FROM bookings WHERE id = ?', [event.bookingId])).rows[0]
        ?.reference,
    );
    await publish(payload, {
      type: 'booking.refunded',
      bookingId: event.bookingId,
      reference,
      amountCents: settled.amountCents,
      reason: request.reason,
      by: request.requestedBy,
      at: now,
    });
  }
  const unsettled = parts.find((part) => part.status === 'failed') ?? parts.find((part) => part.status === 'pending');
  if (unsettled) {
    const error = unsettled.status === 'pending' ? 'inProgress' : 'failed';
    return { ok: false, error, event: unsettled, parts };
  }
  return { ok: true, event: parts[0]!, parts, replayed: reserved.fresh.size === 0 };
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
