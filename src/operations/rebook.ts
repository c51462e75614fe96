import { ChangedMeanwhileError } from '../security/changed-meanwhile';
import { reshapeHeldBooking, shapeSet, type BookingRow, type BookingShape } from '../booking/bookings-repository';
import type { Tx } from '../booking/db';
import { releaseHeldSeats, releaseSoldSeats, sellFreeSeats, takeHeldSeats } from '../booking/departures-repository';
import type { EventOf } from '../booking/events';
import { withdrawPendingMoves } from './pending-moves';
import { insertTickets, ticketsInIssueOrder, voidTickets } from '../booking/tickets-repository';
import { transitionBooking } from '../booking/transitions';

export type { BookingShape } from '../booking/bookings-repository';

/**
 * The booking was no longer where the change found it: another change (a double click, a
 * colleague, the reseller's retry) or a cancellation committed first, or the hold ran out.
 * Thrown inside the transaction, so nothing of this one stays.
 */
export class BookingChangedError extends ChangedMeanwhileError {
  constructor(reference: string) {
    super(`Booking ${reference} changed while it was being moved`);
    this.name = 'BookingChangedError';
  }
}

export type RebookResult =
  { ok: true; statusChanged: EventOf<'booking.statusChanged'> | null } | { ok: false; error: 'full' };

/**
 * The one way a sold or held booking changes departure, tour, trip or people
 * (docs/decisions/136-one-rebook.md): the staff's move (booking-actions.ts), the move paid
 * through a link (move-payment.ts) and a reseller's OCTO change (resellers/sales.ts) all call it,
 * inside their own transaction, with the shape already priced and checked against the ticket rules.
 *
 * Seats are taken on the new departure BEFORE the old ones are given back, in the same
 * transaction and by the same single-statement capacity checks as any sale: a full departure
 * answers `full` and the caller rolls back, so the booking keeps what it had and nothing is ever
 * oversold, on any number of instances. On the same departure only the difference moves (one
 * more person needs one free seat, not the whole party's). A held booking stays held (its seats
 * held); a paid or disrupted one is paid, its tickets voided and issued again for the new people
 * (their partner admissions kept, decision 185),
 * any move waiting for a payment link withdrawn. Money is the caller's: it knows how it is settled.
 *
 * `seatsTaken`: the caller already holds the new departure's seats (a move paid by link, whose
 * seats waited as held seats and were just sold).
 */
export async function rebook(
  tx: Tx,
  booking: BookingRow,
  to: BookingShape,
  options: {
    by: string;
    now: Date;
    seatsTaken?: boolean;
    /** A held booking's new departure stops selling then: its hold ends by then at the latest. */
    holdClosesAt?: Date;
  },
): Promise<RebookResult> {
  const { now } = options;
  const held = booking.status === 'held';
  if (!held && booking.status !== 'paid' && booking.status !== 'disrupted')
    throw new BookingChangedError(booking.reference);
  const same = to.departureId === booking.departureId;
  if (!options.seatsTaken) {
    const more = same ? to.seats - booking.seats : to.seats;
    if (more > 0) {
      const taken = held
        ? await takeHeldSeats(tx, to.departureId, more)
        : await sellFreeSeats(tx, to.departureId, more);
      if (!taken) return { ok: false, error: 'full' };
    }
  }
  let statusChanged: EventOf<'booking.statusChanged'> | null = null;
  const from = { departureId: booking.departureId, seats: booking.seats };
  if (held) {
    const closesAt = options.holdClosesAt ?? booking.holdExpiresAt;
    if (!(await reshapeHeldBooking(tx, booking.id, from, to, now, closesAt)))
      throw new BookingChangedError(booking.reference);
  } else {
    const set = shapeSet(to);
    const updated = await transitionBooking(tx, booking.id, ['paid', 'disrupted'], 'paid', {
      now,
      by: options.by,
      set: {
        sql: `${set.sql},
         disruption_choice = CASE WHEN status = 'disrupted' THEN 'moved' ELSE disruption_choice END,
         disruption_chosen_by = CASE WHEN status = 'disrupted' THEN ? ELSE disruption_chosen_by END`,
        params: [...set.params, options.by],
      },
      and: { sql: 'departure_id = ? AND seats = ?', params: [from.departureId, from.seats] },
    });
    if (!updated) throw new BookingChangedError(booking.reference);
    // A paid booking stays paid (`booking.moved` says what changed); a disrupted one is paid again.
    if (updated.from !== updated.to) statusChanged = updated.event;
  }
  const back = same && !options.seatsTaken ? booking.seats - to.seats : booking.seats;
  if (back > 0) {
    if (held) await releaseHeldSeats(tx, booking.departureId, back);
    else await releaseSoldSeats(tx, booking.departureId, back);
  }
  if (!held) {
    // New tickets for the new trip and people; the partner admissions of the old ones follow them,
    // the same codes (decision 185), rather than being voided and issued again.
    const replaced = (await ticketsInIssueOrder(tx, booking.id)).filter((t) => t.voidedAt === null);
    await voidTickets(tx, booking.id, now, true);
    await insertTickets(
      tx,
      { id: booking.id, adult: to.adult, reduced: to.reduced, child: to.child, super3: to.super3 },
      now,
      replaced.map((ticket) => ticket.code),
    );
    await withdrawPendingMoves(tx, { bookingId: booking.id }, now);
  }
  return { ok: true, statusChanged };
}

/** A booking's shape as it is, on another departure (a move that keeps the people). */
export function shapeOf(
  booking: BookingRow,
  to: { departureId: number; tourId: number; totalCents: number },
): BookingShape {
  return {
    departureId: to.departureId,
    tourId: to.tourId,
    tripType: booking.tripType,
    adult: booking.adult,
    reduced: booking.reduced,
    child: booking.child,
    super3: booking.super3,
    audioGuides: booking.audioGuides,
    seats: booking.seats,
    totalCents: to.totalCents,
  };
}
