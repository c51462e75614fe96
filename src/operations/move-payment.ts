import type { Payload } from 'payload';

import { pathFor } from '../i18n/routes';
import { env } from '../lib/env';
import { makeOrderRef, type PaymentProvider, type RedirectForm } from '../payments';
import type { RefundingProvider, VerifiedNotification } from '../payments/provider';
import { NOTIFY_PATH, paymentProvider } from '../booking/checkout';
import { transferBooking } from './booking-actions';
import { iso, shopDb, type Tx } from '../booking/db';
import { publish, type EventOf } from '../booking/events';
import { isRecorded, recordPayment } from '../booking/payments-repository';
import { logPayment } from '../booking/payment-log';
import { moveById, pendingMoveOf, withdrawPendingMoves, type PendingMove } from './pending-moves';
import { refundBooking } from './refunds';
import { findBooking, type BookingRow } from '../booking/bookings-repository';
import { bookingSignatureFor, latestDepartureOf } from '../booking/signature';
import { sellFreeSeats, sellHeldSeats } from '../booking/departures-repository';

/**
 * A move to a dearer departure paid by the customer through a link
 * (docs/decisions/095-dearer-move-payment-link.md). Staff ask for it; the seats are held on the new
 * departure at once (the same conditional UPDATE as any hold, so nothing is oversold) while the
 * booking keeps its tickets on the old one; the customer pays the difference from their booking
 * page; the gateway's notification moves the booking in one transaction (seats, tickets, payment).
 * A move not paid in time gives its seats back; one that lost its reason to exist (the booking was
 * cancelled or moved otherwise, the new departure cancelled) is withdrawn. Money that still
 * arrives for a move that cannot happen any more goes straight back.
 */

export type StartMovePaymentResult =
  { ok: true; form: RedirectForm; orderRef: string } | { ok: false; error: 'notFound' | 'noPendingMove' };

/**
 * A payment attempt for the price difference of a move staff offered (requestMovePayment): an order
 * of the difference only, its attempt row naming the move, so the notification settles the move
 * and never the booking's original price. The customer comes back to their booking page.
 */
export async function startMovePayment(
  payload: Payload,
  reference: string,
  options: { provider?: PaymentProvider; siteUrl?: string; now?: Date } = {},
): Promise<StartMovePaymentResult> {
  const now = options.now ?? new Date();
  const gateway = options.provider ?? paymentProvider();
  const siteUrl = options.siteUrl ?? env().SITE_URL;
  const booking = await findBooking(shopDb(payload), { reference });
  if (!booking) return { ok: false, error: 'notFound' };
  const move = await pendingMoveOf(payload, booking.id, now);
  if (!move) return { ok: false, error: 'noPendingMove' };
  const orderRef = makeOrderRef();
  await logPayment(shopDb(payload), {
    kind: 'attempt',
    orderRef,
    bookingId: booking.id,
    moveId: move.id,
    provider: gateway.id,
    amountCents: move.differenceCents,
    outcome: 'started',
    now,
  });
  const tour = await payload.findByID({ collection: 'tours', id: move.toTourId, depth: 0, locale: booking.locale });
  // The visitor comes back to a booking that may already be on the (later) new departure.
  const current = (await latestDepartureOf(payload, reference)) ?? now;
  const firma = bookingSignatureFor(reference, new Date(Math.max(current.getTime(), move.toStartsAt.getTime())));
  const page = `${siteUrl}${pathFor('booking', booking.locale, { reference })}?firma=${firma}`;
  const form = gateway.createRedirect({
    orderRef,
    amountCents: move.differenceCents,
    description: `${env().SITE_BRAND} · ${tour.title}`,
    locale: booking.locale,
    urls: { ok: `${page}&canvi=ok`, ko: `${page}&canvi=ko`, notify: `${siteUrl}${NOTIFY_PATH}` },
  });
  return { ok: true, form, orderRef };
}

export type MoveNotificationOutcome = 'moved' | 'refundPending' | 'duplicate';

/**
 * The gateway says the customer paid a move's difference (signature and amount already checked).
 * In one transaction: the held seats (or, after the move expired, free ones) become sold on the
 * new departure, the old ones go back, tickets are voided and re-issued, the payment is recorded.
 * Money for a move that can no longer happen is recorded and refunded at once.
 */
export async function settleMovePayment(
  payload: Payload,
  verified: VerifiedNotification,
  moveId: number,
  options: { provider: RefundingProvider; providerId: string; now: Date },
): Promise<MoveNotificationOutcome> {
  const { now } = options;
  const db = shopDb(payload);
  const base = {
    kind: 'notification' as const,
    orderRef: verified.orderRef,
    provider: options.providerId,
    amountCents: verified.amountCents,
    responseCode: verified.responseCode,
    moveId,
    now,
  };
  let booking: BookingRow | null = null;
  let move: PendingMove | null = null;
  const statusChanges: EventOf<'booking.statusChanged'>[] = [];
  const outcome = await db.transaction(async (tx): Promise<MoveNotificationOutcome> => {
    statusChanges.length = 0;
    move = await moveById(tx, moveId);
    if (!move) throw new Error(`move ${moveId} vanished`);
    booking = await findBooking(tx, { id: move.bookingId });
    if (!booking) throw new Error(`booking of move ${moveId} vanished`);
    if (await isRecorded(tx, `payment:${verified.orderRef}`)) {
      await logPayment(tx, { ...base, bookingId: booking.id, outcome: 'duplicate' });
      return 'duplicate';
    }
    const unchanged =
      booking.departureId === move.fromDepartureId && (booking.status === 'paid' || booking.status === 'disrupted');
    let seatsTaken = false;
    if (!unchanged) {
      await withdrawPendingMoves(tx, { bookingId: booking.id }, now);
    } else if (await claimMove(tx, move.id, 'pending', verified.orderRef, now)) {
      await sellHeldSeats(tx, move.toDepartureId, move.seats);
      seatsTaken = true;
    } else if (move.status === 'expired' && (await sellFreeSeats(tx, move.toDepartureId, move.seats))) {
      // Paid after the link ran out: the seats were still free, so the move still happens.
      if (!(await claimMove(tx, move.id, 'expired', verified.orderRef, now)))
        throw new Error(`move ${moveId} changed while it was being paid`);
      seatsTaken = true;
    }
    await recordPayment(tx, {
      bookingId: booking.id,
      amountCents: verified.amountCents,
      method: verified.payMethod ?? 'card',
      orderRef: verified.orderRef,
      idempotencyKey: `payment:${verified.orderRef}`,
      requestedBy: 'visitor',
      reason: 'price difference of a move',
      gatewayCode: verified.responseCode,
      now,
    });
    if (!seatsTaken) {
      await logPayment(tx, { ...base, bookingId: booking.id, outcome: 'refundPending' });
      return 'refundPending';
    }
    const changed = await transferBooking(
      tx,
      booking,
      { departureId: move.toDepartureId, tourId: move.toTourId, totalCents: move.totalCents },
      { chosenBy: 'visitor', now },
    );
    if (changed) statusChanges.push(changed);
    await logPayment(tx, { ...base, bookingId: booking.id, outcome: 'moved' });
    return 'moved';
  });
  const paid = booking as BookingRow | null;
  const settled = move as PendingMove | null;
  if (!paid || !settled) return outcome;
  if (outcome === 'refundPending') {
    await refundBooking(
      payload,
      {
        bookingId: paid.id,
        amount: verified.amountCents,
        idempotencyKey: `auto:${verified.orderRef}`,
        requestedBy: 'system',
        reason: 'movePaymentWithoutMove',
        now,
      },
      { provider: options.provider },
    );
  }
  if (outcome === 'moved') {
    for (const event of statusChanges) await publish(payload, event);
    await publish(payload, {
      type: 'booking.moved',
      bookingId: paid.id,
      reference: paid.reference,
      fromDepartureId: settled.fromDepartureId,
      toDepartureId: settled.toDepartureId,
      by: settled.requestedBy,
      at: now,
    });
  }
  return outcome;
}

async function claimMove(tx: Tx, id: number, from: 'pending' | 'expired', orderRef: string, now: Date) {
  const { rowsAffected } = await tx.query(
    `UPDATE booking_moves SET status = 'completed', order_ref = ?, updated_at = ? WHERE id = ? AND status = ?`,
    [orderRef, iso(now), id, from],
  );
  return rowsAffected === 1;
}
