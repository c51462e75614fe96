import type { Payload } from 'payload';

import { bookingClosesAt } from './booking-window';
import { type BookingRow, findBooking, lockMovableBooking } from './bookings-repository';
import { date, iso, num, shopDb, str, type Row, type Tx } from './db';
import { findDeparture, releaseHeldSeats, takeHeldSeats } from './departures-repository';
import { publish } from './events';

/**
 * Moves waiting for the customer's payment (docs/decisions/095-dearer-move-payment-link.md):
 * asking for one, expiring and withdrawing them. Apart from move-payment.ts, which settles a paid
 * move through booking-actions.ts's transfer, so that booking-actions.ts can offer and withdraw
 * moves without the two modules importing each other.
 */

/** How long the seats wait for the customer's payment, as for a box-office payment link. */
export const MOVE_PAYMENT_HOURS = 24;

export type PendingMove = {
  id: number;
  bookingId: number;
  status: 'pending' | 'completed' | 'expired' | 'withdrawn';
  fromDepartureId: number;
  toDepartureId: number;
  toTourId: number;
  seats: number;
  totalCents: number;
  differenceCents: number;
  expiresAt: Date;
  requestedBy: string;
  toStartsAt: Date;
};

const MOVE_COLUMNS = `m.id, m.booking_id, m.status, m.from_departure_id, m.to_departure_id, m.to_tour_id, m.seats,
  m.total_cents, m.difference_cents, m.expires_at, m.requested_by`;

function moveFromRow(row: Row, toStartsAt: Date): PendingMove {
  return {
    id: num(row.id),
    bookingId: num(row.booking_id),
    status: str(row.status) as PendingMove['status'],
    fromDepartureId: num(row.from_departure_id),
    toDepartureId: num(row.to_departure_id),
    toTourId: num(row.to_tour_id),
    seats: num(row.seats),
    totalCents: num(row.total_cents),
    differenceCents: num(row.difference_cents),
    expiresAt: date(row.expires_at),
    requestedBy: str(row.requested_by),
    toStartsAt,
  };
}

/** A move with when its target departure leaves (a move whose departure is gone is none). */
async function withTarget(target: Pick<Tx, 'query'>, row: Row | undefined): Promise<PendingMove | null> {
  if (!row) return null;
  const departure = await findDeparture(target, num(row.to_departure_id));
  return departure ? moveFromRow(row, departure.startsAt) : null;
}

export async function moveById(target: Pick<Tx, 'query'>, id: number): Promise<PendingMove | null> {
  const { rows } = await target.query(`SELECT ${MOVE_COLUMNS} FROM booking_moves m WHERE m.id = ?`, [id]);
  return withTarget(target, rows[0]);
}

/** The move a booking's customer can still pay for, if any (one at a time). */
export async function pendingMoveOf(
  payload: Payload,
  bookingId: number,
  now = new Date(),
): Promise<PendingMove | null> {
  await expirePendingMoves(payload, { now, bookingId });
  const db = shopDb(payload);
  const { rows } = await db.query(
    `SELECT ${MOVE_COLUMNS} FROM booking_moves m
     WHERE m.booking_id = ? AND m.status = 'pending' ORDER BY m.id DESC LIMIT 1`,
    [bookingId],
  );
  return withTarget(db, rows[0]);
}

/**
 * Ends pending moves and gives their held seats back, inside the caller's transaction: those of a
 * booking whose departure or status is changing, or those to a departure being cancelled.
 */
export async function withdrawPendingMoves(
  tx: Tx,
  filter: { bookingId: number } | { toDepartureId: number },
  now: Date,
): Promise<number> {
  const column = 'bookingId' in filter ? 'booking_id' : 'to_departure_id';
  const value = 'bookingId' in filter ? filter.bookingId : filter.toDepartureId;
  const { rows } = await tx.query(
    `UPDATE booking_moves SET status = 'withdrawn', updated_at = ? WHERE ${column} = ? AND status = 'pending'
     RETURNING to_departure_id, seats`,
    [iso(now), value],
  );
  for (const row of rows) await releaseHeldSeats(tx, num(row.to_departure_id), num(row.seats));
  return rows.length;
}

/** Gives back the seats of moves nobody paid for in time, each exactly once. */
export async function expirePendingMoves(
  payload: Payload,
  options: { now?: Date; bookingId?: number } = {},
): Promise<{ expired: number }> {
  const now = options.now ?? new Date();
  const db = shopDb(payload);
  const filters = ["status = 'pending'", 'expires_at <= ?'];
  const params: (string | number)[] = [iso(now)];
  if (options.bookingId !== undefined) {
    filters.push('booking_id = ?');
    params.push(options.bookingId);
  }
  const { rows } = await db.query(
    `SELECT id, to_departure_id, seats FROM booking_moves WHERE ${filters.join(' AND ')} ORDER BY id LIMIT 500`,
    params,
  );
  let expired = 0;
  for (const row of rows) {
    const released = await db.transaction(async (tx) => {
      const { rowsAffected } = await tx.query(
        `UPDATE booking_moves SET status = 'expired', updated_at = ? WHERE id = ? AND status = 'pending'`,
        [iso(now), num(row.id)],
      );
      if (rowsAffected !== 1) return false;
      await releaseHeldSeats(tx, num(row.to_departure_id), num(row.seats));
      return true;
    });
    if (released) expired++;
  }
  return { expired };
}

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
