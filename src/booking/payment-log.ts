import { iso, type Tx } from './db';

/**
 * The trail of collection `payment-notifications`: every payment attempt we start and every
 * notification the gateway sends, verified or not. An attempt row maps its Redsys order number to
 * the booking (and, for a move's price difference, the move) it pays, so a late notification for
 * an earlier attempt still finds what it paid for.
 */
export async function logPayment(
  target: Pick<Tx, 'query'>,
  entry: {
    kind: 'attempt' | 'notification';
    orderRef?: string | null;
    bookingId?: number | null;
    /** The move whose price difference this order pays (src/operations/move-payment.ts). */
    moveId?: number | null;
    provider: string;
    amountCents?: number | null;
    responseCode?: string | null;
    outcome: string;
    now: Date;
  },
): Promise<void> {
  await target.query(
    `INSERT INTO payment_notifications (kind, order_ref, booking_id, move_id, provider, amount_cents, response_code,
       outcome, updated_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      entry.kind,
      entry.orderRef ?? null,
      entry.bookingId ?? null,
      entry.moveId ?? null,
      entry.provider,
      entry.amountCents ?? null,
      entry.responseCode ?? null,
      entry.outcome,
      iso(entry.now),
      iso(entry.now),
    ],
  );
}
