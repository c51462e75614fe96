import { iso, num, optNum, str, type Row, type Tx } from './db';
import { moneyMoved } from './money-moved';

/**
 * Money in and out of a booking (collection `payment-events`). A booking's `paid_cents` and
 * `refunded_cents` move only here, in the same transaction as the row that explains them.
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
