/**
 * The statuses a booking and a departure can be in, declared once: the collections' select
 * options (src/collections/Bookings.ts, Departures.ts), the repositories' row types and the
 * transitions table (transitions.ts) all read them from here. The moves between them are allowed
 * only through transitions.ts (docs/decisions/130-one-transitions-module.md).
 *
 * Bookings: `held` while the visitor pays (seats counted as held); `paid` (seats sold, tickets
 * issued); `expired` (the hold ran out or was given back); `cancelled`; `disrupted`: paid, but its
 * departure was cancelled, and the visitor chooses another departure or a refund
 * (src/operations/disruption.ts); `refundPending`: money arrived for a booking that has no seats
 * (a late payment for a cancelled departure or a re-sold hold); it is refunded automatically.
 */
export const bookingStatuses = ['held', 'paid', 'expired', 'cancelled', 'refundPending', 'disrupted'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * Departures: `scheduled` (on sale); `closed` for sale: the boat still sails with the people
 * already booked, nobody can buy more (every seat-taking UPDATE requires `scheduled`, so closing
 * needs no other check); `cancelled`: it does not sail.
 */
export const departureStatuses = ['scheduled', 'closed', 'cancelled'] as const;
export type DepartureStatus = (typeof departureStatuses)[number];

/** The back office's labels for departure statuses (bookings show the status names themselves). */
export const departureStatusLabels: Record<DepartureStatus, string> = {
  scheduled: 'Scheduled',
  closed: 'Closed for sale',
  cancelled: 'Cancelled',
};

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (bookingStatuses as readonly string[]).includes(value);
}

export function isDepartureStatus(value: unknown): value is DepartureStatus {
  return typeof value === 'string' && (departureStatuses as readonly string[]).includes(value);
}
