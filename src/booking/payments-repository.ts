import { date, iso, num, optNum, qualified, str, type Row, type Tx } from './db';
import { moneyMoved } from './money-moved';

/**
 * The payment_events table (docs/decisions/132-one-repository-per-table.md): money in and out of
 * a booking (collection `payment-events`). A booking's `paid_cents` and `refunded_cents` move
 * only here, in the same transaction as the row that explains them.
 */

export type PaymentMethod = 'card' | 'bizum' | 'cash' | 'terminal' | 'invoice' | 'link' | 'other';
export type PaymentEventStatus = 'succeeded' | 'pending' | 'failed';

export type PaymentEvent = {
  id: number;
  bookingId: number;
  kind: 'payment' | 'refund';
  status: PaymentEventStatus;
  amountCents: number;
  method: PaymentMethod | null;
  orderRef: string | null;
  idempotencyKey: string;
  requestedBy: string;
  reason: string | null;
  gatewayCode: string | null;
  gatewayAnswer: string | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
};

export const PAYMENT_EVENT_COLUMNS = `id, booking_id, kind, status, amount_cents, method, order_ref, idempotency_key,
  requested_by, reason, gateway_code, gateway_answer, attempts, created_at, updated_at`;

export function paymentEventFromRow(row: Row): PaymentEvent {
  return {
    id: num(row.id),
    bookingId: num(row.booking_id),
    kind: row.kind === 'refund' ? 'refund' : 'payment',
    status: str(row.status) as PaymentEventStatus,
    amountCents: num(row.amount_cents),
    method: row.method ? (str(row.method) as PaymentMethod) : null,
    orderRef: row.order_ref ? str(row.order_ref) : null,
    idempotencyKey: str(row.idempotency_key),
    requestedBy: str(row.requested_by),
    reason: row.reason ? str(row.reason) : null,
    gatewayCode: row.gateway_code ? str(row.gateway_code) : null,
    gatewayAnswer: row.gateway_answer ? str(row.gateway_answer) : null,
    attempts: optNum(row.attempts) ?? 0,
    createdAt: new Date(row.created_at instanceof Date ? row.created_at : String(row.created_at)),
    updatedAt: new Date(row.updated_at instanceof Date ? row.updated_at : String(row.updated_at)),
  };
}

/**
 * Money received for a booking: the event and the booking's `paid_cents`, together. Keyed by
 * `idempotencyKey`, so recording the same payment twice records it once (returns false).
 */
export async function recordPayment(
  tx: Tx,
  input: {
    bookingId: number;
    amountCents: number;
    method: PaymentMethod;
    orderRef?: string | null;
    idempotencyKey: string;
    requestedBy: string;
    reason?: string | null;
    gatewayCode?: string | null;
    now: Date;
  },
): Promise<boolean> {
  const { rows } = await tx.query('SELECT id FROM payment_events WHERE idempotency_key = ?', [input.idempotencyKey]);
  if (rows.length > 0) return false;
  await tx.query(
    `INSERT INTO payment_events (booking_id, kind, status, amount_cents, method, order_ref, idempotency_key, requested_by,
       reason, gateway_code, attempts, updated_at, created_at)
     VALUES (?, 'payment', 'succeeded', ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    [
      input.bookingId,
      input.amountCents,
      input.method,
      input.orderRef ?? null,
      input.idempotencyKey,
      input.requestedBy,
      input.reason ?? null,
      input.gatewayCode ?? null,
      iso(input.now),
      iso(input.now),
    ],
  );
  await tx.query('UPDATE bookings SET paid_cents = paid_cents + ?, updated_at = ? WHERE id = ?', [
    input.amountCents,
    iso(input.now),
    input.bookingId,
  ]);
  moneyMoved(tx, input.bookingId);
  return true;
}

/** Whether money under this key is on the books already (a replayed notification finds its payment). */
export async function isRecorded(target: Pick<Tx, 'query'>, idempotencyKey: string): Promise<boolean> {
  const { rows } = await target.query('SELECT id FROM payment_events WHERE idempotency_key = ?', [idempotencyKey]);
  return rows.length > 0;
}

export async function paymentEventsOf(target: Pick<Tx, 'query'>, bookingId: number): Promise<PaymentEvent[]> {
  const { rows } = await target.query(
    `SELECT ${PAYMENT_EVENT_COLUMNS} FROM payment_events WHERE booking_id = ? ORDER BY id`,
    [bookingId],
  );
  return rows.map(paymentEventFromRow);
}

export async function findPaymentEvent(target: Pick<Tx, 'query'>, id: number): Promise<PaymentEvent | null> {
  const { rows } = await target.query(`SELECT ${PAYMENT_EVENT_COLUMNS} FROM payment_events WHERE id = ?`, [id]);
  return rows[0] ? paymentEventFromRow(rows[0]) : null;
}

/** The events filed under any of these idempotency keys (a refund and its further parts), oldest first. */
export async function paymentEventsByKeys(target: Pick<Tx, 'query'>, keys: readonly string[]): Promise<PaymentEvent[]> {
  const { rows } = await target.query(
    `SELECT ${PAYMENT_EVENT_COLUMNS} FROM payment_events WHERE idempotency_key IN (${keys.map(() => '?').join(', ')})
     ORDER BY id`,
    keys,
  );
  return rows.map(paymentEventFromRow);
}

/** A payment that went through, with what was refunded (or is being refunded) against its gateway order. */
export type SucceededPayment = { orderRef: string | null; method: string; amountCents: number; refundedCents: number };

/** A booking's succeeded payments, newest first, each with the refunds not failed that share its order. */
export async function succeededPaymentsOf(target: Pick<Tx, 'query'>, bookingId: number): Promise<SucceededPayment[]> {
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
  return rows.map((row) => ({
    orderRef: row.order_ref ? str(row.order_ref) : null,
    method: str(row.method),
    amountCents: num(row.amount_cents),
    refundedCents: num(row.refunded),
  }));
}

/** What went back by hand (refunds without a gateway order, not failed), summed per method. */
export async function manualRefundsByMethod(
  target: Pick<Tx, 'query'>,
  bookingId: number,
): Promise<{ method: string; refundedCents: number }[]> {
  const { rows } = await target.query(
    `SELECT method, COALESCE(SUM(amount_cents), 0) AS refunded FROM payment_events
     WHERE booking_id = ? AND kind = 'refund' AND status <> 'failed' AND order_ref IS NULL GROUP BY method`,
    [bookingId],
  );
  return rows.map((row) => ({ method: str(row.method), refundedCents: num(row.refunded) }));
}

/**
 * Reserves a refund on the booking: `refunded_cents` grows only while it stays within
 * `paid_cents`, in one statement, so two refunds can never return more than was paid. False if
 * it would not.
 */
export async function reserveRefund(tx: Tx, bookingId: number, amountCents: number, now: Date): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE bookings SET refunded_cents = refunded_cents + ?, updated_at = ?
     WHERE id = ? AND refunded_cents + ? <= paid_cents`,
    [amountCents, iso(now), bookingId, amountCents],
  );
  if (rowsAffected !== 1) return false;
  moneyMoved(tx, bookingId);
  return true;
}

/** Gives a refused refund's reservation back: the booking shows the money as still held by us. */
export async function releaseRefundReservation(tx: Tx, bookingId: number, amountCents: number, now: Date) {
  await tx.query('UPDATE bookings SET refunded_cents = refunded_cents - ?, updated_at = ? WHERE id = ?', [
    amountCents,
    iso(now),
    bookingId,
  ]);
  moneyMoved(tx, bookingId);
}

/** Files one part of a refund as `pending`, before the gateway is asked; its id. */
export async function insertPendingRefund(
  tx: Tx,
  input: {
    bookingId: number;
    amountCents: number;
    method: string;
    orderRef: string | null;
    idempotencyKey: string;
    requestedBy: string;
    reason: string;
    now: Date;
  },
): Promise<number> {
  const { rows } = await tx.query(
    `INSERT INTO payment_events (booking_id, kind, status, amount_cents, method, order_ref, idempotency_key,
       requested_by, reason, attempts, updated_at, created_at)
     VALUES (?, 'refund', 'pending', ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id`,
    [
      input.bookingId,
      input.amountCents,
      input.method,
      input.orderRef,
      input.idempotencyKey,
      input.requestedBy,
      input.reason,
      iso(input.now),
      iso(input.now),
    ],
  );
  return num(rows[0]?.id);
}

/** A refused refund made `pending` again for another try; false if another try got there first. */
export async function rearmFailedRefund(tx: Tx, eventId: number, now: Date): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE payment_events SET status = 'pending', attempts = attempts + 1, updated_at = ?
     WHERE id = ? AND status = 'failed'`,
    [iso(now), eventId],
  );
  return rowsAffected === 1;
}

/** Settles a pending refund with the gateway's answer; false if it was no longer pending. */
export async function settlePendingRefund(
  tx: Tx,
  eventId: number,
  outcome: { status: 'succeeded' | 'failed'; gatewayCode: string; gatewayAnswer: string },
  now: Date,
): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE payment_events SET status = ?, gateway_code = ?, gateway_answer = ?, updated_at = ?
     WHERE id = ? AND status = 'pending'`,
    [outcome.status, outcome.gatewayCode, outcome.gatewayAnswer, iso(now), eventId],
  );
  return rowsAffected === 1;
}

/** Refunds the gateway refused or never answered, newest first, with their booking's reference. */
export async function failedRefundEvents(
  target: Pick<Tx, 'query'>,
  limit: number,
): Promise<(PaymentEvent & { reference: string })[]> {
  const { rows } = await target.query(
    `SELECT ${qualified(PAYMENT_EVENT_COLUMNS, 'e')}, b.reference
     FROM payment_events e JOIN bookings b ON b.id = e.booking_id
     WHERE e.kind = 'refund' AND e.status = 'failed' ORDER BY e.id DESC LIMIT ${Math.trunc(limit)}`,
  );
  return rows.map((row) => ({ ...paymentEventFromRow(row), reference: str(row.reference) }));
}

/** What one payment_events row (alias `e`) adds to the money a booking holds: a payment in, a refund not failed out. */
const heldCents = (e: string) =>
  `CASE WHEN ${e}.kind = 'payment' AND ${e}.status = 'succeeded' THEN ${e}.amount_cents
        WHEN ${e}.kind = 'refund' AND ${e}.status <> 'failed' THEN -${e}.amount_cents ELSE 0 END`;

/** Payments − refunds (not failed) of a booking recorded since `since` (ISO). */
export async function heldCentsSince(target: Pick<Tx, 'query'>, bookingId: number, since: string): Promise<number> {
  const { rows } = await target.query(
    `SELECT COALESCE(SUM(${heldCents('e')}), 0) AS held FROM payment_events e WHERE e.booking_id = ? AND e.created_at >= ?`,
    [bookingId, since],
  );
  return num(rows[0]?.held ?? 0);
}

/** Whether a payment of the booking went through at or after `since` (ISO). */
export async function tookPaymentSince(target: Pick<Tx, 'query'>, bookingId: number, since: string): Promise<boolean> {
  const { rows } = await target.query(
    `SELECT 1 AS paid FROM payment_events
     WHERE booking_id = ? AND kind = 'payment' AND status = 'succeeded' AND created_at >= ? LIMIT 1`,
    [bookingId, since],
  );
  return rows.length > 0;
}

/**
 * A derived table `(booking_id, held)`: each booking's payments − refunds recorded since the time
 * `sinceSql` (an SQL expression) says, for a sweep that compares it with another table's sums in
 * one statement (invoicing's books out of balance) rather than reading every booking's money.
 */
export function heldByBookingSinceSql(sinceSql: string): string {
  return `SELECT e.booking_id, SUM(${heldCents('e')}) AS held
    FROM payment_events e WHERE e.created_at >= ${sinceSql} GROUP BY e.booking_id`;
}

/** Money that went through, with what the reports need of its booking. */
export type SucceededMovement = {
  kind: 'payment' | 'refund';
  amountCents: number;
  method: PaymentMethod | null;
  requestedBy: string;
  createdAt: Date;
  booking: {
    tourId: number;
    resellerId: number | null;
    paidCents: number;
    /** What the reseller owed, kept at sale (reseller-rates.ts); null for bookings sold before. */
    resellerNetCents: number | null;
    resellerCommissionPercent: number | null;
    /** How it is invoiced (decision 165): 'resale', 'agent', or null (not a reseller's, or sold before). */
    resellerInvoicing: string | null;
  };
};

/** Every payment and refund that went through in [start, end), in no particular order. */
export async function succeededMovementsBetween(
  target: Pick<Tx, 'query'>,
  start: Date,
  end: Date,
): Promise<SucceededMovement[]> {
  const { rows } = await target.query(
    `SELECT e.kind, e.amount_cents, e.method, e.requested_by, e.created_at, b.tour_id, b.reseller_id,
       b.reseller_commission_percent, b.reseller_net_cents, b.paid_cents, b.reseller_invoicing
     FROM payment_events e JOIN bookings b ON b.id = e.booking_id
     WHERE e.status = 'succeeded' AND e.created_at >= ? AND e.created_at < ?`,
    [iso(start), iso(end)],
  );
  return rows.map((row) => ({
    kind: row.kind === 'refund' ? 'refund' : 'payment',
    amountCents: num(row.amount_cents),
    method: row.method ? (str(row.method) as PaymentMethod) : null,
    requestedBy: str(row.requested_by),
    createdAt: date(row.created_at),
    booking: {
      tourId: num(row.tour_id),
      resellerId: row.reseller_id ? num(row.reseller_id) : null,
      paidCents: num(row.paid_cents),
      resellerNetCents: optNum(row.reseller_net_cents),
      resellerCommissionPercent: optNum(row.reseller_commission_percent),
      resellerInvoicing: row.reseller_invoicing ? str(row.reseller_invoicing) : null,
    },
  }));
}

/** The booking whose payment was filed under this idempotency key, if any. */
export async function bookingPaidUnderKey(
  target: Pick<Tx, 'query'>,
  idempotencyKey: string,
): Promise<{ id: number; reference: string; totalCents: number } | null> {
  const { rows } = await target.query(
    `SELECT b.id, b.reference, b.total_cents FROM payment_events e JOIN bookings b ON b.id = e.booking_id
     WHERE e.idempotency_key = ?`,
    [idempotencyKey],
  );
  const row = rows[0];
  return row ? { id: num(row.id), reference: String(row.reference), totalCents: num(row.total_cents) } : null;
}

/** What one staff member took and gave back by hand with one method. */
export type TillLine = {
  requestedBy: string;
  method: string;
  sales: number;
  salesCents: number;
  refunds: number;
  refundsCents: number;
};

/** The payment events a till counts: staff payments, and refunds they gave back by hand (no gateway order). */
const TILL_EVENTS = `status = 'succeeded' AND requested_by LIKE 'user:%' AND (kind = 'payment' OR order_ref IS NULL)`;

/**
 * Which of those events: stamped in [from, to); or not yet settled at a till close and stamped in
 * [from, to) (the open till session: a sale stamped before a close but committed after it is the
 * next session's); or settled at the close of one session.
 */
export type TillEventScope =
  | { from: Date; to: Date; unsettledOnly?: boolean; requestedBy?: string | undefined }
  | { settledIn: number; requestedBy?: string | undefined };

/** Per staff member (`user:<id>`) and method, the payments and the refunds given back by hand in a scope. */
export async function tillTotals(target: Pick<Tx, 'query'>, scope: TillEventScope): Promise<TillLine[]> {
  const params: (string | number)[] = [];
  let where: string;
  if ('settledIn' in scope) {
    where = 'till_session_id = ?';
    params.push(scope.settledIn);
  } else {
    where = `created_at >= ? AND created_at < ?${scope.unsettledOnly ? ' AND till_session_id IS NULL' : ''}`;
    params.push(iso(scope.from), iso(scope.to));
  }
  if (scope.requestedBy) {
    where += ' AND requested_by = ?';
    params.push(scope.requestedBy);
  }
  const { rows } = await target.query(
    `SELECT requested_by, method,
       SUM(CASE WHEN kind = 'payment' THEN 1 ELSE 0 END) AS sales,
       SUM(CASE WHEN kind = 'payment' THEN amount_cents ELSE 0 END) AS sales_cents,
       SUM(CASE WHEN kind = 'refund' THEN 1 ELSE 0 END) AS refunds,
       SUM(CASE WHEN kind = 'refund' THEN amount_cents ELSE 0 END) AS refunds_cents
     FROM payment_events
     WHERE ${TILL_EVENTS} AND ${where}
     GROUP BY requested_by, method ORDER BY requested_by, method`,
    params,
  );
  return rows.map((row) => ({
    requestedBy: String(row.requested_by),
    method: String(row.method ?? 'other'),
    sales: num(row.sales),
    salesCents: num(row.sales_cents),
    refunds: num(row.refunds),
    refundsCents: num(row.refunds_cents),
  }));
}

/**
 * At a till close, inside its transaction: every till event stamped in [from, to) that no earlier
 * close settled becomes this session's. What the close reads back (`tillTotals({ settledIn })`) is
 * then exactly what it settled; an event committed after this statement stays unsettled and is
 * the next session's, whatever its stamp, so no sale falls between two sessions.
 */
export async function settleTillEvents(
  tx: Pick<Tx, 'query'>,
  settle: { sessionId: number; from: Date; to: Date },
): Promise<void> {
  await tx.query(
    `UPDATE payment_events SET till_session_id = ?
     WHERE ${TILL_EVENTS} AND till_session_id IS NULL AND created_at >= ? AND created_at < ?`,
    [settle.sessionId, iso(settle.from), iso(settle.to)],
  );
}
