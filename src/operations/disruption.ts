import type { Payload } from 'payload';

import type { PaymentProvider, RefundingProvider } from '../payments/provider';
import {
  type BookingRow,
  bookingsDisruptedFrom,
  claimDisruptionReminder,
  disruptedBookingsToRemind,
  disruptionChoiceOf,
  findBooking,
} from '../booking/bookings-repository';
import {
  departureCancellation,
  departuresWithFreeSeats,
  findDeparture,
  releaseSoldSeats,
} from '../booking/departures-repository';
import { voidTickets } from '../booking/tickets-repository';
import { bookingClosesAt } from '../booking/booking-window';
import { iso, shopDb } from '../booking/db';
import { publish, type DomainEvent } from '../booking/events';
import { endHolds } from '../booking/holds';
import { refundBooking, type RefundOutcome } from './refunds';
import { withdrawPendingMoves } from './pending-moves';
import { loadTourSettings } from '../booking/tours-repository';
import { BookingChangedError, rebook, shapeOf } from './rebook';
import { transitionBooking, transitionBookings, transitionDeparture } from '../booking/transitions';

/**
 * A departure that does not sail (wind, sea state, a technical fault), and what its visitors do
 * about it (docs/decisions/091-disruption.md). Cancelling closes it for sale, releases its holds
 * and marks every paid booking `disrupted`; each visitor then chooses, from a signed link, another
 * departure of the same tour (seats taken with the same single conditional UPDATE as a purchase)
 * or a full refund. Staff can choose for them. Every choice is a conditional status change from
 * `disrupted`, so two clicks, two devices or a visitor and a staff member resolve a booking once.
 */

/**
 * Why a departure does not sail: the sea or the boat (chosen on the board), or the schedule
 * (`timetable`: its time was removed or moved; `closedDay`: the day was closed), which staff
 * confirm from "needs attention" after the change (docs/decisions/170-schedule-changes-are-disruptions.md).
 * Every notice words each of them in the visitor's language (notices messages, ICU `select`).
 */
export const cancelReasons = ['wind', 'seaState', 'technical', 'other', 'timetable', 'closedDay'] as const;
export type CancelReason = (typeof cancelReasons)[number];

export function isCancelReason(value: unknown): value is CancelReason {
  return (cancelReasons as readonly unknown[]).includes(value);
}

export type CancelDepartureResult =
  | { ok: true; departureId: number; releasedHolds: number; disrupted: number[]; resellerCancelled: number[] }
  | { ok: false; error: 'notFound' | 'alreadyCancelled' };

export async function cancelDeparture(
  payload: Payload,
  input: { departureId: number; reason: CancelReason; note?: string; by: string; now?: Date },
): Promise<CancelDepartureResult> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const result = await db.transaction(async (tx) => {
    if (!(await findDeparture(tx, input.departureId))) return { ok: false as const, error: 'notFound' as const };
    // Closed for sale first: from this statement on, no hold can take its seats.
    const closed = await transitionDeparture(tx, input.departureId, ['scheduled', 'closed'], 'cancelled', {
      now,
      by: input.by,
      reason: input.reason,
      set: {
        sql: 'cancel_reason = ?, cancel_note = ?, cancelled_at = ?',
        params: [input.reason, input.note?.slice(0, 500) ?? null, iso(now)],
      },
      and: { sql: 'cancelled_at IS NULL' },
    });
    if (!closed) return { ok: false as const, error: 'alreadyCancelled' as const };
    // Holds end (their payment page says why); a payment that still arrives is refunded.
    const holds = await endHolds(tx, { departureId: input.departureId }, 'cancelled', { now, by: input.by });
    // Moves offered to this departure and not paid yet end too: their bookings stay where they were.
    await withdrawPendingMoves(tx, { toDepartureId: input.departureId }, now);
    // A reseller's booking has no visitor to choose: the reseller is our customer, sold on account,
    // and rebooks its guest in its own system. It is cancelled outright (seats back, tickets void,
    // the amount owed released below), which is what OCTO can say: CANCELLED.
    const resold = await transitionBookings(tx, { departureId: input.departureId }, 'paid', 'cancelled', {
      now,
      by: input.by,
      set: {
        sql: "disrupted_at = ?, disrupted_from = ?, disruption_choice = 'refunded', disruption_chosen_by = ?",
        params: [iso(now), input.departureId, input.by],
      },
      and: { sql: 'reseller_id IS NOT NULL' },
    });
    const resoldSeats = resold.reduce((sum, move) => sum + move.seats, 0);
    if (resoldSeats > 0) await releaseSoldSeats(tx, input.departureId, resoldSeats);
    for (const move of resold) {
      await voidTickets(tx, move.id, now);
      await withdrawPendingMoves(tx, { bookingId: move.id }, now);
    }
    // Paid bookings, boarded or not, keep their seats counted here until their visitor chooses.
    const disrupted = await transitionBookings(tx, { departureId: input.departureId }, 'paid', 'disrupted', {
      now,
      by: input.by,
      set: { sql: 'disrupted_at = ?, disrupted_from = ?', params: [iso(now), input.departureId] },
    });
    const events: DomainEvent[] = [closed.event, ...[...holds, ...resold, ...disrupted].map((move) => move.event)];
    return {
      ok: true as const,
      departureId: input.departureId,
      releasedHolds: holds.length,
      disrupted: disrupted.map((move) => move.id),
      resold: resold.map((move) => ({ id: move.id, reference: move.reference })),
      events,
    };
  });
  if (!result.ok) return result;
  const { resold, events, ...done } = result;
  // The departure's own event first: the passengers' notices hang on it.
  for (const event of events) await publish(payload, event);
  for (const booking of resold) {
    await publish(payload, {
      type: 'booking.cancelled',
      bookingId: booking.id,
      reference: booking.reference,
      reason: 'departureCancelled',
      by: input.by,
      at: now,
    });
    // The same key as a visitor's refund choice, so the disruption report shows it alike. An
    // invoice payment goes back on account, never through the gateway.
    await refundBooking(
      payload,
      {
        bookingId: booking.id,
        amount: 'rest',
        idempotencyKey: `disruption:${booking.id}`,
        requestedBy: input.by,
        reason: 'departureCancelled',
        now,
      },
      { provider: onAccountOnly },
    );
  }
  return { ...done, resellerCancelled: resold.map((booking) => booking.id).sort((a, b) => a - b) };
}

/** Reseller sales are paid on account (`invoice`, no gateway order): a refund never asks a gateway. */
const onAccountOnly: RefundingProvider = {
  refund: () =>
    Promise.resolve({ ok: false, outcome: 'refused', code: 'onAccount', answer: 'reseller sales have no gateway' }),
};

export type Alternative = { id: number; startsAt: Date; localDate: string; localTime: string; free: number };

/**
 * Departures of the booking's tour that can still be booked and have room for all of it, soonest
 * first: all of them, however far ahead (the visitor picks a day on a calendar), unless `limit`.
 */
export async function alternativesFor(
  payload: Payload,
  booking: Pick<BookingRow, 'tourId' | 'departureId' | 'seats'>,
  options: { now?: Date; limit?: number } = {},
): Promise<Alternative[]> {
  const now = options.now ?? new Date();
  const tour = await loadTourSettings(payload, booking.tourId);
  const closesMinutes = tour?.bookingClosesMinutesBefore ?? 10;
  // Booking closes `closesMinutes` before a departure: only those still open count.
  const earliest = new Date(now.getTime() + closesMinutes * 60_000);
  const departures = await departuresWithFreeSeats(shopDb(payload), {
    tourId: booking.tourId,
    exceptId: booking.departureId,
    startsAfter: earliest,
    seats: booking.seats,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  return departures
    .map((d) => ({
      id: d.id,
      startsAt: d.startsAt,
      localDate: d.localDate,
      localTime: d.localTime,
      free: d.capacity - d.seatsSold - d.seatsHeld,
    }))
    .filter((d) => bookingClosesAt(d.startsAt, closesMinutes).getTime() > now.getTime());
}

export type RebookResult =
  | { ok: true; booking: BookingRow; fromDepartureId: number }
  | { ok: false; error: 'notFound' | 'notDisrupted'; status?: BookingRow['status'] }
  | { ok: false; error: 'notAnAlternative' }
  | { ok: false; error: 'full'; alternatives: Alternative[] };

/**
 * Moves a disrupted booking to another departure of its tour: seats taken there (or nothing, if
 * another visitor was faster), the booking moved and paid again, the cancelled departure's seats
 * given back, the old tickets void and new ones issued: all in one transaction.
 */
export async function rebookDisrupted(
  payload: Payload,
  input: { reference: string; departureId: number; by: string; now?: Date },
): Promise<RebookResult> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  if (booking.status !== 'disrupted') return { ok: false, error: 'notDisrupted', status: booking.status };
  const target = await findDeparture(db, input.departureId);
  const tour = await loadTourSettings(payload, booking.tourId);
  if (
    !target ||
    target.tourId !== booking.tourId ||
    input.departureId === booking.departureId ||
    bookingClosesAt(target.startsAt, tour?.bookingClosesMinutesBefore ?? 10).getTime() <= now.getTime()
  ) {
    return { ok: false, error: 'notAnAlternative' };
  }
  const statusChanges: DomainEvent[] = [];
  const outcome = await db
    .transaction(async (tx): Promise<'moved' | 'full' | 'notDisrupted'> => {
      statusChanges.length = 0;
      // The one change of a booking (rebook.ts): seats taken there first, then the
      // booking moved and paid again, the cancelled departure's seats back, tickets re-issued.
      const done = await rebook(
        tx,
        booking,
        shapeOf(booking, { departureId: input.departureId, tourId: booking.tourId, totalCents: booking.totalCents }),
        { by: input.by, now },
      );
      if (!done.ok) return 'full';
      if (done.statusChanged) statusChanges.push(done.statusChanged);
      return 'moved';
    })
    .catch((error: unknown) => {
      // Resolved meanwhile (refund chosen on another device, staff): rolled back, seats and all.
      if (error instanceof BookingChangedError) return 'notDisrupted' as const;
      throw error;
    });
  if (outcome === 'full') {
    return { ok: false, error: 'full', alternatives: await alternativesFor(payload, booking, { now }) };
  }
  if (outcome === 'notDisrupted') {
    const latest = await findBooking(db, { id: booking.id });
    return { ok: false, error: 'notDisrupted', ...(latest ? { status: latest.status } : {}) };
  }
  for (const event of statusChanges) await publish(payload, event);
  await publish(payload, {
    type: 'booking.moved',
    bookingId: booking.id,
    reference: booking.reference,
    fromDepartureId: booking.departureId,
    toDepartureId: input.departureId,
    by: input.by,
    at: now,
  });
  const latest = await findBooking(db, { id: booking.id });
  return { ok: true, booking: latest!, fromDepartureId: booking.departureId };
}

export type DisruptionRefundResult =
  | { ok: true; refund: RefundOutcome }
  | { ok: false; error: 'notFound' | 'notDisrupted'; status?: BookingRow['status'] };

/** The visitor (or staff for them) takes the full refund: seats and tickets go, all money goes back. */
export async function refundDisrupted(
  payload: Payload,
  input: { reference: string; by: string; now?: Date },
  options: { provider: PaymentProvider },
): Promise<DisruptionRefundResult> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  const chosen = await db.transaction(async (tx) => {
    const move = await transitionBooking(tx, booking.id, 'disrupted', 'cancelled', {
      now,
      by: input.by,
      set: { sql: "disruption_choice = 'refunded', disruption_chosen_by = ?", params: [input.by] },
    });
    if (!move) return null;
    // Where the booking is now (another desk may have moved it since it was read above).
    await releaseSoldSeats(tx, move.departureId, move.seats);
    await voidTickets(tx, booking.id, now);
    await withdrawPendingMoves(tx, { bookingId: booking.id }, now);
    return move;
  });
  // A replay after the choice was made only retries the refund (same key), never repeats it.
  if (!chosen && (await disruptionChoiceOf(db, booking.id)) !== 'refunded') {
    return { ok: false, error: 'notDisrupted', status: booking.status };
  }
  if (chosen) {
    await publish(payload, chosen.event);
    await publish(payload, {
      type: 'booking.cancelled',
      bookingId: booking.id,
      reference: booking.reference,
      reason: 'departureCancelled',
      by: input.by,
      at: now,
    });
  }
  const refund = await refundBooking(
    payload,
    {
      bookingId: booking.id,
      amount: 'rest',
      idempotencyKey: `disruption:${booking.id}`,
      requestedBy: input.by,
      reason: 'departureCancelled',
      now,
    },
    options,
  );
  return { ok: true, refund };
}

export type DisruptionEntry = {
  reference: string;
  status: BookingRow['status'];
  locale: string;
  name: string;
  seats: number;
  choice: 'moved' | 'refunded' | null;
  chosenBy: string | null;
  movedTo: number | null;
  remindedAt: Date | null;
  refund: { status: string; amountCents: number } | null;
};

/** Who was disrupted by a departure's cancellation and what each chose (or has not yet). */
export async function disruptionReport(
  payload: Payload,
  departureId: number,
): Promise<{ departureId: number; cancelledAt: Date | null; reason: string | null; bookings: DisruptionEntry[] }> {
  const db = shopDb(payload);
  const { cancelledAt, reason } = await departureCancellation(db, departureId);
  return {
    departureId,
    cancelledAt,
    reason,
    bookings: (await bookingsDisruptedFrom(db, departureId)).map((b) => ({
      reference: b.reference,
      status: b.status,
      locale: b.locale,
      name: `${b.name} ${b.surnames}`.trim(),
      seats: b.seats,
      choice: b.choice,
      chosenBy: b.chosenBy,
      movedTo: b.choice === 'moved' ? b.departureId : null,
      remindedAt: b.remindedAt,
      refund: b.refund,
    })),
  };
}

/**
 * Claims the disrupted bookings whose visitors have not chosen `afterMs` after the cancellation
 * and were not reminded yet: each is claimed by one conditional UPDATE, so two job runners never
 * remind one visitor twice. Returns the claimed booking ids.
 */
export async function claimReminders(
  payload: Payload,
  options: { afterMs: number; now?: Date; limit?: number },
): Promise<number[]> {
  const now = options.now ?? new Date();
  const db = shopDb(payload);
  const due = await disruptedBookingsToRemind(db, {
    disruptedBefore: new Date(now.getTime() - options.afterMs),
    limit: options.limit ?? 200,
  });
  const claimed: number[] = [];
  for (const id of due) {
    if (await claimDisruptionReminder(db, id, now)) claimed.push(id);
  }
  return claimed;
}
