import type { Payload } from 'payload';

import { bookingClosesAt } from '../booking/booking-window';
import { type BookingRow, findBooking, lockMovableBooking } from '../booking/bookings-repository';
import { iso, num, shopDb } from '../booking/db';
import { takeHeldSeats } from '../booking/departures-repository';
import { publish } from '../booking/events';
import { MOVE_PAYMENT_HOURS, moveById, withdrawPendingMoves, type PendingMove } from './pending-moves';

/**
 * Staff offering a move to a dearer departure paid by the customer through a link
 * (docs/decisions/095-dearer-move-payment-link.md), and taking it back: the seats wait on the new
 * departure as a hold's do (pending-moves.ts keeps the rows and gives seats back).
 */

export type MovePaymentRequest = {
  booking: BookingRow;
  target: { id: number; tourId: number; startsAt: Date };
  fromStartsAt: Date;
  totalCents: number;
  differenceCents: number;
  by: string;
  now: Date;
  /** How long the seats wait: the office's e-mailed offer a day, a visitor on their way to the bank a hold's time. */
  payWithinMinutes?: number;
};

export type RequestMovePaymentResult =
  { ok: true; move: PendingMove } | { ok: false; error: 'emailRequired' | 'full' | 'bookingClosed' | 'notMovable' };

/**
 * Holds the seats on the new departure and records the move as waiting for the customer's
 * payment; a previous pending move of the booking is withdrawn in the same transaction. The
 * customer is e-mailed the link by a `booking.movePaymentRequested` subscriber.
 */
export async function requestMovePayment(
  payload: Payload,
  request: MovePaymentRequest,
): Promise<RequestMovePaymentResult> {
  const { booking, target, now } = request;
  if (!booking.customer.email) return { ok: false, error: 'emailRequired' };
  // Never past the sale's close of the new trip, nor past the old one's departure: the customer
  // must not pay to leave a boat they have already sailed on.
  const expiresAt = new Date(
    Math.min(
      now.getTime() + (request.payWithinMinutes ?? MOVE_PAYMENT_HOURS * 60) * 60_000,
      bookingClosesAt(target.startsAt, 0).getTime(),
      request.fromStartsAt.getTime(),
    ),
  );
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, error: 'bookingClosed' };
  const db = shopDb(payload);
  const created = await db.transaction(async (tx): Promise<number | 'full' | 'notMovable'> => {
    // Locks the booking row against a concurrent move or cancellation while the seats are taken.
    if (!(await lockMovableBooking(tx, booking.id, booking.departureId, now))) return 'notMovable';
    await withdrawPendingMoves(tx, { bookingId: booking.id }, now);
    if (!(await takeHeldSeats(tx, target.id, booking.seats))) return 'full';
    const inserted = await tx.query(
      `INSERT INTO booking_moves (booking_id, status, from_departure_id, to_departure_id, to_tour_id, seats, total_cents,
         difference_cents, expires_at, requested_by, updated_at, created_at)
       VALUES (?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        booking.id,
        booking.departureId,
        target.id,
        target.tourId,
        booking.seats,
        request.totalCents,
        request.differenceCents,
        iso(expiresAt),
        request.by,
        iso(now),
        iso(now),
      ],
    );
    return num(inserted.rows[0]?.id);
  });
  if (created === 'full' || created === 'notMovable') return { ok: false, error: created };
  const move = (await moveById(db, created))!;
  await publish(payload, {
    type: 'booking.movePaymentRequested',
    bookingId: booking.id,
    reference: booking.reference,
    moveId: move.id,
    toDepartureId: target.id,
    differenceCents: request.differenceCents,
    expiresAt,
    by: request.by,
    at: now,
  });
  return { ok: true, move };
}

/** Staff take back a move they offered: the held seats go back at once. */
export async function withdrawMove(
  payload: Payload,
  input: { reference: string; by: string; now?: Date },
): Promise<{ ok: true; withdrawn: number } | { ok: false; error: 'notFound' }> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  const withdrawn = await db.transaction((tx) => withdrawPendingMoves(tx, { bookingId: booking.id }, now));
  if (withdrawn > 0) {
    await publish(payload, {
      type: 'booking.moveWithdrawn',
      bookingId: booking.id,
      reference: booking.reference,
      withdrawn,
      by: input.by,
      at: now,
    });
  }
  return { ok: true, withdrawn };
}
