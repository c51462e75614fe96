/**
 * When a departure can be sold and how full it looks. Instants are UTC Dates; the caller passes
 * `now` so the rules stay testable and every server instance agrees on the clock it was given.
 */

/** Passengers are asked to be at the boarding point this long before departure. */
export const BOARDING_MINUTES_BEFORE = 15;
/** Online sales stop this long before departure, so nobody pays for a boat that has left. */
export const BOOKING_CLOSES_MINUTES_BEFORE = 10;
/**
 * A visitor changes the date or time of a booking online until this many hours before departure,
 * unless the tour says otherwise (docs/decisions/142-visitors-change-their-own-date.md).
 */
export const SELF_CHANGE_HOURS_BEFORE = 24;
/** "Few seats left" once at most this many remain, or at most a tenth of the boat. */
export const FEW_SEATS = 10;

const MINUTE_MS = 60_000;

function instant(d: Date, what: string): number {
  const ms = d.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`${what} is an invalid Date`);
  return ms;
}

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a non-negative whole number, got ${value}`);
}

export function boardingTime(startsAt: Date, minutesBefore = BOARDING_MINUTES_BEFORE): Date {
  assertCount(minutesBefore, 'minutesBefore');
  return new Date(instant(startsAt, 'startsAt') - minutesBefore * MINUTE_MS);
}

export function bookingClosesAt(startsAt: Date, closeMinutesBefore = BOOKING_CLOSES_MINUTES_BEFORE): Date {
  assertCount(closeMinutesBefore, 'closeMinutesBefore');
  return new Date(instant(startsAt, 'startsAt') - closeMinutesBefore * MINUTE_MS);
}

/** Sales are open strictly before the closing instant; at that very millisecond they are closed. */
export function isBookable(startsAt: Date, now: Date, closeMinutesBefore = BOOKING_CLOSES_MINUTES_BEFORE): boolean {
  return instant(now, 'now') < bookingClosesAt(startsAt, closeMinutesBefore).getTime();
}

/**
 * Seats still for sale. Clamped at zero: if capacity is ever lowered below what is already sold
 * (a smaller boat swapped in), the shop shows "sold out" rather than a negative number.
 */
export function seatsLeft({ capacity, sold, held }: { capacity: number; sold: number; held: number }): number {
  assertCount(capacity, 'capacity');
  assertCount(sold, 'sold');
  assertCount(held, 'held');
  return Math.max(0, capacity - sold - held);
}

export type AvailabilityState = 'available' | 'few' | 'soldOut';

/**
 * `soldOut` also covers "not enough seats for the tickets chosen", which the shop shows as the
 * spec's "Capacity exhausted" state on the purchase button. Without `capacity` only the
 * absolute threshold applies.
 */
export function availabilityState(seatsLeft: number, seatsWanted?: number, capacity?: number): AvailabilityState {
  assertCount(seatsLeft, 'seatsLeft');
  if (seatsWanted !== undefined) assertCount(seatsWanted, 'seatsWanted');
  if (capacity !== undefined) assertCount(capacity, 'capacity');
  if (seatsLeft === 0 || (seatsWanted ?? 0) > seatsLeft) return 'soldOut';
  // Compared as seatsLeft * 10 <= capacity so no fraction of a seat is ever rounded.
  if (seatsLeft <= FEW_SEATS || (capacity !== undefined && seatsLeft * 10 <= capacity)) return 'few';
  return 'available';
}

/** The last moment a visitor may change a booking on `startsAt` themselves: `hoursBefore` hours before. */
export function selfChangeClosesAt(startsAt: Date, hoursBefore: number): Date {
  assertCount(hoursBefore, 'hoursBefore');
  return new Date(instant(startsAt, 'startsAt') - hoursBefore * 60 * MINUTE_MS);
}
