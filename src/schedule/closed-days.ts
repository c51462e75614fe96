import type { Payload } from 'payload';

import { shopDb } from '../booking/db';
import { futureDeparturesOnDayWithSeatsTaken, isDepartureOnClosedDay } from '../booking/departures-repository';
import { publish } from '../booking/events';
import { transitionDepartures } from '../booking/transitions';
import type { LocalDate } from '@/i18n/time';
import type { ClosedDay } from '../payload-types';

type Ref = number | string | { id: number | string } | null | undefined;
/** A closed day as Payload hands it to afterChange and returns it from `find`. */
export type ClosedDayDoc = Pick<ClosedDay, 'date' | 'tour'>;

function refId(ref: Ref): number | null {
  if (ref === null || ref === undefined) return null;
  return Number(typeof ref === 'object' ? ref.id : ref);
}

/** Closed days as a lookup: the fleet's, and each tour's own. */
export type ClosedDays = { fleet: Set<LocalDate>; byTour: Map<string, Set<LocalDate>> };

export async function loadClosedDays(payload: Payload): Promise<ClosedDays> {
  const { docs } = await payload.find({
    collection: 'closed-days',
    limit: 10_000,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  });
  const closed: ClosedDays = { fleet: new Set(), byTour: new Map() };
  for (const doc of docs) {
    if (!doc.date) continue;
    const tour = refId(doc.tour);
    if (tour === null) closed.fleet.add(doc.date);
    else closed.byTour.set(String(tour), (closed.byTour.get(String(tour)) ?? new Set()).add(doc.date));
  }
  return closed;
}

/** The dates a tour does not sail, fleet-wide closures included. */
export function closedDatesOf(closed: ClosedDays, tourId: string | number): LocalDate[] {
  return [...closed.fleet, ...(closed.byTour.get(String(tourId)) ?? [])];
}

/**
 * A newly closed day takes the departures already generated for it off sale: each unsold one is
 * cancelled in one conditional UPDATE (nothing sold, nothing held), so a hold racing the closure
 * either gets in first (and the departure stays, for staff to deal with) or finds it cancelled.
 * Each cancellation is announced (`departure.cancelled`, reason `closedDay`, by whoever saved the
 * closed day) once committed.
 */
export async function closeDepartures(
  payload: Payload,
  doc: ClosedDayDoc,
  now = new Date(),
  by = 'system',
): Promise<number> {
  if (!doc.date) return 0;
  const tour = refId(doc.tour);
  // One statement, committed on its own (this runs in the closed day's save hook, beside Payload's
  // own write, exactly like the UPDATE it replaced).
  const moves = await transitionDepartures(
    shopDb(payload),
    { localDate: doc.date, tourId: tour },
    'scheduled',
    'cancelled',
    {
      now,
      by,
      reason: 'closedDay',
      and: { sql: 'seats_sold = 0 AND seats_held = 0' },
    },
  );
  for (const move of moves) await publish(payload, move.event);
  return moves.length;
}

/** Whether a departure falls on a closed day of its tour or the fleet: not for sale, whatever its status. */
export async function isOnClosedDay(payload: Payload, departureId: number): Promise<boolean> {
  return isDepartureOnClosedDay(shopDb(payload), departureId);
}

/**
 * The booked departures closing `date` (for one tour, or the fleet) would leave, before the closed
 * day is saved: saving takes them off sale and lists them under "needs attention", where the
 * office cancels them and every passenger is told (docs/decisions/170-schedule-changes-are-disruptions.md).
 */
export async function departuresStrandedByClosedDay(
  payload: Payload,
  day: { date: LocalDate; tour: Ref },
  now = new Date(),
): Promise<
  { id: number; localDate: string; localTime: string; tourId: number; seatsSold: number; seatsHeld: number }[]
> {
  const found = await futureDeparturesOnDayWithSeatsTaken(
    shopDb(payload),
    { localDate: day.date, tourId: refId(day.tour) },
    now,
  );
  return found.map(({ id, localDate, localTime, tourId, seatsSold, seatsHeld }) => ({
    id,
    localDate,
    localTime,
    tourId,
    seatsSold,
    seatsHeld,
  }));
}
