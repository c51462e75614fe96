import { ChangedMeanwhileError } from '../security/changed-meanwhile';
import { iso, num, str, type Param, type Tx } from './db';
import type { EventOf } from './events';
import type { BookingStatus, DepartureStatus } from './statuses';

/**
 * The only place where a booking's or a departure's status changes (docs/domain-rules.md#events,
 * docs/decisions/130-one-transitions-module.md; src/booking/status-writes.test.ts refuses an
 * `UPDATE … SET status` anywhere else). Each move is one conditional UPDATE whose WHERE clause
 * names the statuses it may leave, so two requests racing for the same booking move it once: the
 * rows it affected are the answer. It runs inside the caller's transaction and returns the events
 * the caller publishes once that transaction has committed (never before: a rolled-back move
 * must announce nothing).
 */

/** Where each booking status may go. Anything else is a bug in the caller, refused before any SQL. */
export const bookingTransitions: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  // Paid (gateway, box office, reseller); the hold ran out or was given back; its departure was
  // cancelled or the reseller let it go.
  held: ['paid', 'expired', 'cancelled'],
  // A payment that arrives after the hold ended and finds the seats still free.
  expired: ['paid'],
  // `paid → paid` is a move to another departure (the status is set again in the same statement
  // that changes the departure). `refundPending`: a late payment that found its seats re-sold.
  paid: ['paid', 'cancelled', 'disrupted', 'refundPending'],
  // The visitor (or staff) chose another departure, or the refund.
  disrupted: ['paid', 'cancelled'],
  // Money arrived for a booking that no longer has seats.
  cancelled: ['refundPending'],
  // Closed once all of the money is back.
  refundPending: ['cancelled'],
};

/** Where each departure status may go; a cancelled departure stays cancelled. */
export const departureTransitions: Readonly<Record<DepartureStatus, readonly DepartureStatus[]>> = {
  scheduled: ['closed', 'cancelled'],
  closed: ['scheduled', 'cancelled'],
  cancelled: [],
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return bookingTransitions[from]?.includes(to) ?? false;
}

export function canMoveDeparture(from: DepartureStatus, to: DepartureStatus): boolean {
  return departureTransitions[from]?.includes(to) ?? false;
}

export class IllegalTransitionError extends ChangedMeanwhileError {
  constructor(kind: 'booking' | 'departure', from: string, to: string) {
    super(`A ${kind} may not move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

/** An SQL fragment and its parameters, in the order of their placeholders. */
export type Fragment = { sql: string; params?: readonly Param[] };

type Common = {
  now: Date;
  /** Who caused it, as the events and the audit log name them: `user:<id>`, `visitor`, `reseller:<id>`, `system`. */
  by?: string | undefined;
  /** More columns to set in the same statement, e.g. `paid_at = ?` (never `status`, never `updated_at`). */
  set?: Fragment | undefined;
  /** More conditions the row must meet, e.g. `hold_expires_at <= ?`. */
  and?: Fragment | undefined;
};

function checked(fragment: Fragment | undefined, what: 'set' | 'and'): Fragment | undefined {
  if (!fragment || fragment.sql.trim() === '') return undefined;
  // The status is this module's to write; the extra fragment only carries the move's details.
  if (what === 'set' && /(^|,)\s*(status|updated_at)\s*=/i.test(fragment.sql)) {
    throw new Error('transitions: `set` may not assign status or updated_at');
  }
  return fragment;
}

function list<T>(value: T | readonly T[]): readonly T[] {
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}

export type BookingMove = {
  id: number;
  reference: string;
  departureId: number;
  seats: number;
  from: BookingStatus;
  to: BookingStatus;
  event: EventOf<'booking.statusChanged'>;
};

/**
 * Moves the bookings that match `where` and are in one of `from` to `to`, in one statement per
 * `from` status (so the event can say which status each left), and returns one move per booking
 * moved: none when the rows had already moved on.
 */
export async function transitionBookings(
  tx: Pick<Tx, 'query'>,
  where: { id: number } | { departureId: number },
  from: BookingStatus | readonly BookingStatus[],
  to: BookingStatus,
  options: Common,
): Promise<BookingMove[]> {
  const froms = list(from);
  for (const f of froms) if (!canMoveBooking(f, to)) throw new IllegalTransitionError('booking', f, to);
  const set = checked(options.set, 'set');
  const and = checked(options.and, 'and');
  const [column, value] = 'id' in where ? ['id', where.id] : ['departure_id', where.departureId];
  const moves: BookingMove[] = [];
  for (const f of froms) {
    const { rows } = await tx.query(
      `UPDATE bookings SET status = ?, ${set ? `${set.sql}, ` : ''}updated_at = ?
       WHERE ${column} = ? AND status = ?${and ? ` AND (${and.sql})` : ''}
       RETURNING id, reference, departure_id, seats`,
      [to, ...(set?.params ?? []), iso(options.now), value, f, ...(and?.params ?? [])],
    );
    for (const row of rows) {
      const move = {
        id: num(row.id),
        reference: str(row.reference),
        departureId: num(row.departure_id),
        seats: num(row.seats),
        from: f,
        to,
      };
      moves.push({
        ...move,
        event: {
          type: 'booking.statusChanged',
          bookingId: move.id,
          reference: move.reference,
          departureId: move.departureId,
          from: f,
          to,
          at: options.now,
          ...(options.by ? { by: options.by } : {}),
        },
      });
    }
    // One booking leaves one status: once it moved, the other `from`s cannot match it, except
    // `paid → paid`, which must not run twice.
    if ('id' in where && rows.length > 0) break;
  }
  return moves.sort((a, b) => a.id - b.id);
}

/**
 * The events of the moves one transaction made, one per booking: a booking moved twice in it
 * (a late payment claimed `expired → paid`, then found its seats re-sold: `paid → refundPending`)
 * is announced by what was committed (`expired → refundPending`), never by a state nobody saw.
 */
export function netStatusEvents(moves: readonly BookingMove[]): EventOf<'booking.statusChanged'>[] {
  const net = new Map<number, EventOf<'booking.statusChanged'>>();
  for (const { event } of moves) {
    const earlier = net.get(event.bookingId);
    net.set(event.bookingId, earlier ? { ...event, from: earlier.from } : event);
  }
  return [...net.values()];
}

/** Moves one booking; null when it was in none of `from` (or failed `and`): nothing changed. */
export async function transitionBooking(
  tx: Pick<Tx, 'query'>,
  bookingId: number,
  from: BookingStatus | readonly BookingStatus[],
  to: BookingStatus,
  options: Common,
): Promise<BookingMove | null> {
  const [move] = await transitionBookings(tx, { id: bookingId }, from, to, options);
  return move ?? null;
}

export type DepartureEvent = EventOf<'departure.cancelled'> | EventOf<'departure.changed'>;

/** `reason`: why it was cancelled (required then), or closed (`timetable`); staff closing needs none. */
type DepartureOptions = Common & { reason?: string | undefined };

export type DepartureMove = { id: number; from: DepartureStatus; to: DepartureStatus; event: DepartureEvent };

/**
 * Moves the departures that match `where` and are in one of `from` to `to`. A cancellation is
 * announced as `departure.cancelled` (with `reason`), closing and reopening as `departure.changed`.
 */
export async function transitionDepartures(
  tx: Pick<Tx, 'query'>,
  where: { id: number } | { localDate: string; tourId?: number | null | undefined },
  from: DepartureStatus | readonly DepartureStatus[],
  to: DepartureStatus,
  options: DepartureOptions,
): Promise<DepartureMove[]> {
  const froms = list(from);
  for (const f of froms) if (!canMoveDeparture(f, to)) throw new IllegalTransitionError('departure', f, to);
  const { reason } = options;
  if (to === 'cancelled' && !reason) throw new Error('transitions: a departure is cancelled for a reason');
  const set = checked(options.set, 'set');
  const and = checked(options.and, 'and');
  const selector: Fragment =
    'id' in where
      ? { sql: 'id = ?', params: [where.id] }
      : where.tourId === null || where.tourId === undefined
        ? { sql: 'local_date = ?', params: [where.localDate] }
        : { sql: 'local_date = ? AND tour_id = ?', params: [where.localDate, where.tourId] };
  const moves: DepartureMove[] = [];
  for (const f of froms) {
    const { rows } = await tx.query(
      `UPDATE departures SET status = ?, ${set ? `${set.sql}, ` : ''}updated_at = ?
       WHERE ${selector.sql} AND status = ?${and ? ` AND (${and.sql})` : ''}
       RETURNING id`,
      [to, ...(set?.params ?? []), iso(options.now), ...(selector.params ?? []), f, ...(and?.params ?? [])],
    );
    for (const row of rows) {
      const id = num(row.id);
      const common = { departureId: id, at: options.now, ...(options.by ? { by: options.by } : {}) };
      const event: DepartureEvent =
        to === 'cancelled'
          ? { type: 'departure.cancelled', ...common, reason: reason!, from: f }
          : {
              type: 'departure.changed',
              ...common,
              changes: [to === 'closed' ? 'closed for sale' : 'reopened for sale'],
              status: { from: f, to },
              ...(reason ? { reason } : {}),
            };
      moves.push({ id, from: f, to, event });
    }
    if ('id' in where && rows.length > 0) break;
  }
  return moves.sort((a, b) => a.id - b.id);
}

/** Moves one departure; null when it was in none of `from` (or failed `and`): nothing changed. */
export async function transitionDeparture(
  tx: Pick<Tx, 'query'>,
  departureId: number,
  from: DepartureStatus | readonly DepartureStatus[],
  to: DepartureStatus,
  options: DepartureOptions,
): Promise<DepartureMove | null> {
  const [move] = await transitionDepartures(tx, { id: departureId }, from, to, options);
  return move ?? null;
}
