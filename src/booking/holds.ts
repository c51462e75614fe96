import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import { bookingClosesAt, isBookable } from './booking-window';
import { randomCode } from './codes';
import {
  type BookingRow,
  type Customer,
  expiredHoldIds,
  extendHeldBooking,
  findBooking,
  insertHeldBooking,
  type ResellerHold,
} from './bookings-repository';
import { iso, shopDb, type Tx } from './db';
import { publish } from './events';
import { checkHoldClaim, type HoldClaimant, pruneHoldClaims, recordHoldClaim } from './hold-claims-repository';
import { quote, type Quote, type RuleViolation, type Selection } from './pricing';
import { loadDeparture, releaseHeldSeats, takeHeldSeats } from './departures-repository';
import { loadTourSettings } from './tours-repository';
import { transitionBookings, type BookingMove } from './transitions';
import { admissionCodesLeft } from '../partners/codes-repository';

// Still imported from here by the test fixtures; they go when the fixtures import the repository.
export { type Customer } from './bookings-repository';
export { randomCode } from './codes';

/**
 * Seat holds, the operations: create, extend, expire (docs/domain-rules.md, no overselling and
 * holds; docs/decisions/010-seat-holds.md). Rows and seat statements are in the *-repository.ts files.
 *
 * Every change to a departure's seats is ONE conditional UPDATE whose affected-row count says
 * whether it happened; nothing reads the counters and writes them back. Status transitions of a
 * booking are conditional updates too (`… WHERE status = 'held'`), so whichever of two racing
 * actors (the expiry job, a lazy expiry, a payment notification) moves a booking first is the
 * only one that touches the seats.
 */

export const HOLD_MINUTES = 15;
const MINUTE_MS = 60_000;

export type HoldError =
  | 'departureNotFound'
  | 'departureUnavailable'
  | 'bookingClosed'
  | 'notBookableOnline'
  | 'capacityExhausted'
  | 'invalidSelection';

export type HoldResult =
  | { ok: true; reference: string; bookingId: number; holdExpiresAt: Date; totalCents: number; quote: Quote }
  | { ok: false; error: HoldError; violations?: RuleViolation[]; seatsLeft?: number };

/** A web visitor's hold refused because they already hold too many seats (hold-claims-repository.ts). */
export type HoldLimitRefusal = { ok: false; error: 'holdLimitReached'; heldSeats: number; limit: number };

export type CreateHoldInput = {
  departureId: number;
  selection: Selection;
  customer: Customer;
  locale: Locale;
  now?: Date;
  /**
   * `office`: a sale by staff at the kiosk or on the phone (box-office.ts). Same seats and price
   * rules, but sold until the boat leaves, for tours sold on request too, and for a whole group
   * in one booking: the web's cut-offs protect an unattended shop, not a person at the counter.
   */
  channel?: 'web' | 'office' | 'reseller';
  /** How long the seats stay held; a payment link e-mailed by the office needs longer. */
  holdMinutes?: number;
  /** `reseller` channel: who sells it and under which OCTO uuid (reseller-sales.ts). */
  reseller?: ResellerHold;
};

export async function createHold(payload: Payload, input: CreateHoldInput): Promise<HoldResult> {
  const result = await takeHold(payload, input, null);
  if (!result.ok && result.error === 'holdLimitReached') throw new Error('a hold without a visitor met their limit');
  return result;
}

/**
 * A web visitor's hold, within their seat limit (docs/decisions/044-seat-hoarding.md, 125): the
 * seats they already hold are counted, and this hold claimed, in the transaction that takes the
 * seats, so simultaneous holds of one visitor, on any number of instances, add up to the limit
 * at most.
 */
export async function createVisitorHold(
  payload: Payload,
  input: CreateHoldInput & { visitor: HoldClaimant },
): Promise<HoldResult | HoldLimitRefusal> {
  return takeHold(payload, input, input.visitor);
}

async function takeHold(
  payload: Payload,
  input: CreateHoldInput,
  claimant: HoldClaimant | null,
): Promise<HoldResult | HoldLimitRefusal> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const departure = await loadDeparture(payload, input.departureId);
  if (!departure) return { ok: false, error: 'departureNotFound' };
  if (departure.status !== 'scheduled') return { ok: false, error: 'departureUnavailable' };

  const office = input.channel === 'office';
  const tour = await loadTourSettings(payload, departure.tourId);
  if (!tour || !tour.priceList || (tour.mode !== 'online' && !office)) return { ok: false, error: 'notBookableOnline' };
  if (!isBookable(departure.startsAt, now, office ? 0 : tour.bookingClosesMinutesBefore))
    return { ok: false, error: 'bookingClosed' };

  const priced = quote(tour.priceList, input.selection, office ? { maxTickets: Math.max(1, departure.capacity) } : {});
  if (!priced.ok) return { ok: false, error: 'invalidSelection', violations: priced.violations };
  const { seats, totalCents } = priced.quote;

  // Seats of holds that ran out are free again before anyone is told the boat is full.
  const { expired } = await expireHolds(payload, { departureId: departure.id, now });
  // A shortcut for the crowd that arrives after the last seat went: when nothing was released
  // and the snapshot read above already had too few seats, the answer cannot be yes. It is only
  // a shortcut; the conditional UPDATE below is what actually guards capacity.
  if (expired === 0 && departure.capacity - departure.seatsSold - departure.seatsHeld < seats) {
    return {
      ok: false,
      error: 'capacityExhausted',
      seatsLeft: Math.max(0, departure.capacity - departure.seatsSold - departure.seatsHeld),
    };
  }

  const reference = randomCode();
  // A hold never outlives the sale: it would keep seats nobody can buy any more.
  const holdExpiresAt = new Date(
    Math.min(
      now.getTime() + (input.holdMinutes ?? HOLD_MINUTES) * MINUTE_MS,
      bookingClosesAt(departure.startsAt, 0).getTime(),
    ),
  );
  const created = await db.transaction(
    async (tx): Promise<number | HoldLimitRefusal | { codesLeft: number } | null> => {
      if (claimant) {
        const allowed = await checkHoldClaim(tx, db.kind, claimant, seats, now);
        if (!allowed.ok)
          return { ok: false, error: 'holdLimitReached', heldSeats: allowed.heldSeats, limit: allowed.limit };
      }
      // A combined tour whose partner supplies admission codes sells no more seats than codes are
      // left (decision 175): told like a full boat, with the seats it can still sell.
      const codesLeft = await admissionCodesLeft(tx, tour.tourId);
      if (codesLeft !== null && codesLeft < seats) return { codesLeft };
      if (!(await takeHeldSeats(tx, departure.id, seats))) return null;
      const bookingId = await insertHeldBooking(tx, {
        reference,
        tourId: tour.tourId,
        departureId: departure.id,
        selection: input.selection,
        seats,
        totalCents,
        customer: input.customer,
        locale: input.locale,
        holdExpiresAt,
        now,
        channel: input.channel ?? 'web',
        reseller: input.reseller,
      });
      if (claimant) await recordHoldClaim(tx, claimant, reference, seats, now);
      return bookingId;
    },
  );
  if (typeof created === 'object' && created !== null && 'codesLeft' in created) {
    return { ok: false, error: 'capacityExhausted', seatsLeft: created.codesLeft };
  }
  if (typeof created === 'object' && created !== null) return created;
  if (claimant) await pruneHoldClaims(db, now);

  if (created === null) {
    const latest = await loadDeparture(payload, departure.id);
    if (latest?.status !== 'scheduled') return { ok: false, error: 'departureUnavailable' };
    return {
      ok: false,
      error: 'capacityExhausted',
      seatsLeft: Math.max(0, latest.capacity - latest.seatsSold - latest.seatsHeld),
    };
  }
  return { ok: true, reference, bookingId: created, holdExpiresAt, totalCents, quote: priced.quote };
}

/** A booking as its visitor sees it: expired in fact once the clock passed, even before the job ran. */
export async function getBooking(payload: Payload, reference: string, now = new Date()): Promise<BookingRow | null> {
  const booking = await findBooking(shopDb(payload), { reference });
  if (booking?.status === 'held' && booking.holdExpiresAt.getTime() <= now.getTime()) {
    await expireHolds(payload, { bookingId: booking.id, now });
    return findBooking(shopDb(payload), { reference });
  }
  return booking;
}

export type ExtendResult =
  { ok: true; holdExpiresAt: Date } | { ok: false; error: 'notFound' | 'notHeld' | 'alreadyExtended' };

/** One more hold period, once per booking (docs/domain-rules.md#holds), counted from the current expiry. */
export async function extendHold(payload: Payload, reference: string, now = new Date()): Promise<ExtendResult> {
  const db = shopDb(payload);
  const booking = await getBooking(payload, reference, now);
  if (!booking) return { ok: false, error: 'notFound' };
  if (booking.status !== 'held') return { ok: false, error: 'notHeld' };
  if (booking.holdExtended) return { ok: false, error: 'alreadyExtended' };
  const departure = await loadDeparture(payload, booking.departureId);
  const limit = departure ? bookingClosesAt(departure.startsAt, 0).getTime() : Infinity;
  const holdExpiresAt = new Date(Math.min(booking.holdExpiresAt.getTime() + HOLD_MINUTES * MINUTE_MS, limit));
  const extended = await db.transaction((tx) => extendHeldBooking(tx, booking.id, holdExpiresAt, now));
  if (!extended) {
    const latest = await findBooking(db, { id: booking.id });
    return { ok: false, error: latest?.status === 'held' ? 'alreadyExtended' : 'notHeld' };
  }
  return { ok: true, holdExpiresAt };
}

/**
 * Releases the seats of holds whose time is up, each exactly once: the status moves from held to
 * expired in a conditional update, and only the transaction that made that move gives the seats
 * back. Runs from the jobs queue and lazily wherever a stale hold would be seen.
 */
export async function expireHolds(
  payload: Payload,
  options: { now?: Date; departureId?: number; bookingId?: number; limit?: number } = {},
): Promise<{ expired: number }> {
  const now = options.now ?? new Date();
  const db = shopDb(payload);
  const ids = await expiredHoldIds(db, {
    now,
    departureId: options.departureId,
    bookingId: options.bookingId,
    limit: options.limit ?? 500,
  });
  let expired = 0;
  for (const id of ids) {
    const [move] = await db.transaction((tx) =>
      endHolds(tx, { id }, 'expired', {
        now,
        by: 'system',
        and: { sql: 'hold_expires_at <= ?', params: [iso(now)] },
      }),
    );
    if (move) {
      expired++;
      await publish(payload, move.event);
    }
  }
  return { expired };
}

/**
 * Ends holds: moves the held bookings that match `where` to `expired` (their time is up, or the
 * visitor gave them back) or `cancelled` (their departure was cancelled, the reseller let them
 * go), and gives their seats back, in the caller's transaction. Only the statement that moved a
 * booking out of `held` releases its seats, so a hold's seats come back exactly once whoever
 * races for it (docs/domain-rules.md#holds). Returns the moves, whose events the caller publishes
 * once the transaction has committed.
 */
export async function endHolds(
  tx: Tx,
  where: { id: number } | { departureId: number },
  to: 'expired' | 'cancelled',
  options: Parameters<typeof transitionBookings>[4],
): Promise<BookingMove[]> {
  const moves = await transitionBookings(tx, where, 'held', to, options);
  const seatsByDeparture = new Map<number, number>();
  for (const move of moves)
    seatsByDeparture.set(move.departureId, (seatsByDeparture.get(move.departureId) ?? 0) + move.seats);
  for (const [departureId, seats] of seatsByDeparture) if (seats > 0) await releaseHeldSeats(tx, departureId, seats);
  return moves;
}
