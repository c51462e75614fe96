import type { Payload } from 'payload';

import { iso, shopDb } from '../booking/db';
import type { LocalDate } from '../booking/time';

type Ref = number | string | { id: number | string } | null | undefined;
export type ClosedDayDoc = { date?: string | null; tour?: Ref };

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
  for (const doc of docs as ClosedDayDoc[]) {
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
 */
export async function closeDepartures(payload: Payload, doc: ClosedDayDoc, now = new Date()): Promise<number> {
  if (!doc.date) return 0;
  const tour = refId(doc.tour);
  const { rowsAffected } = await shopDb(payload).query(
    `UPDATE departures SET status = 'cancelled', updated_at = ?
     WHERE local_date = ? AND status = 'scheduled' AND seats_sold = 0 AND seats_held = 0
     ${tour === null ? '' : 'AND tour_id = ?'}`,
    tour === null ? [iso(now), doc.date] : [iso(now), doc.date, tour],
  );
  return rowsAffected;
}

/** Whether a departure falls on a closed day of its tour or the fleet: not for sale, whatever its status. */
export async function isOnClosedDay(payload: Payload, departureId: number): Promise<boolean> {
  const { rows } = await shopDb(payload).query(
    `SELECT 1 AS closed FROM departures d JOIN closed_days c ON c.date = d.local_date
     WHERE d.id = ? AND (c.tour_id IS NULL OR c.tour_id = d.tour_id) LIMIT 1`,
    [departureId],
  );
  return rows.length > 0;
}
