import type { Payload } from 'payload';

import { date, iso, num, shopDb, str, type Row, type Tx } from '../booking/db';
import { findDeparture, releaseHeldSeats } from '../booking/departures-repository';

/**
 * Moves waiting for the customer's payment (docs/decisions/095-dearer-move-payment-link.md): their
 * rows, and the seats they hold given back when they expire or lose their reason to exist (as a
 * hold's are). Asking for one and staff taking one back are the desk's
 * (src/operations/move-requests.ts); settling a paid one too (src/operations/move-payment.ts).
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
