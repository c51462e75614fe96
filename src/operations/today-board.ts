import type { Payload } from 'payload';

import { isBookable } from '../booking/booking-window';
import { shopDb } from '../booking/db';
import { departuresOnWithBoarded, seatsOfDeparturesOn } from '../booking/departures-repository';
import { expireHolds } from '../booking/holds';
import { tourBookingSettings } from '../booking/tours-repository';
import { madridToday } from '@/i18n/time';

/**
 * The office's and the crew's view of today: every departure of today (Madrid), cancelled ones
 * included, with the seats as the database has them now and the persons on board (checked-in
 * tickets, what the crew reports to the skipper before casting off).
 */
export type BoardStatus = 'onSale' | 'closed' | 'departed' | 'cancelled';

export type BoardDeparture = {
  id: number;
  tourId: number;
  tourTitle: string;
  boatId: number;
  boatName: string;
  startsAt: string;
  time: string;
  capacity: number;
  boatCapacity: number;
  sold: number;
  held: number;
  free: number;
  boarded: number;
  status: BoardStatus;
  /** Closed by the office (can be reopened), as opposed to closed by the booking window. */
  closedByStaff: boolean;
  /** Added by the office, not generated from a timetable. */
  extra: boolean;
  boardingPoint: { latitude: number; longitude: number } | null;
};

export function boardStatus(
  row: { status: string; startsAt: Date; closesMinutesBefore: number },
  now: Date,
): BoardStatus {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.startsAt.getTime() <= now.getTime()) return 'departed';
  if (row.status === 'closed' || !isBookable(row.startsAt, now, row.closesMinutesBefore)) return 'closed';
  return 'onSale';
}

export async function todayBoard(
  payload: Payload,
  options: { locale: string; now?: Date; date?: string },
): Promise<{ date: string; departures: BoardDeparture[] }> {
  const now = options.now ?? new Date();
  const day = options.date ?? madridToday(now);
  const db = shopDb(payload);
  const rows = await departuresOnWithBoarded(db, day);
  // Holds of visitors who walked away must not show as taken seats.
  const withHolds = rows.filter((row) => row.seatsHeld > 0);
  if (withHolds.length > 0) {
    for (const row of withHolds) await expireHolds(payload, { now, departureId: row.id });
  }
  const fresh = withHolds.length > 0 ? await seatsOfDeparturesOn(db, day) : null;
  if (rows.length === 0) return { date: day, departures: [] };

  const locale = (['ca', 'es', 'en', 'fr'].includes(options.locale) ? options.locale : 'ca') as 'ca';
  const [tours, boats, points] = await Promise.all([
    payload.find({ collection: 'tours', locale, limit: 1000, depth: 0, pagination: false }),
    payload.find({ collection: 'boats', limit: 1000, depth: 0, pagination: false }),
    payload.find({ collection: 'boarding-points', limit: 100, depth: 0, pagination: false }),
  ]);
  const toursById = new Map(tours.docs.map((t) => [Number(t.id), t]));
  const boatsById = new Map(boats.docs.map((b) => [Number(b.id), b]));
  const pointsById = new Map(points.docs.map((p) => [Number(p.id), p]));
  const fallbackPoint = points.docs[0];

  return {
    date: day,
    departures: rows.map((row) => {
      const tour = toursById.get(row.tourId);
      const boat = boatsById.get(row.boatId);
      const seats = fresh?.get(row.id) ?? row;
      const capacity = row.capacity;
      const sold = seats.seatsSold;
      const held = seats.seatsHeld;
      const startsAt = row.startsAt;
      const settings = tour ? tourBookingSettings(tour) : null;
      const pointRef = (tour as { boardingPoint?: unknown } | undefined)?.boardingPoint;
      const point =
        (typeof pointRef === 'number' ? pointsById.get(pointRef) : undefined) ??
        (pointRef && typeof pointRef === 'object' ? (pointRef as typeof fallbackPoint) : undefined) ??
        fallbackPoint;
      return {
        id: row.id,
        tourId: row.tourId,
        tourTitle: tour?.title ?? `#${row.tourId}`,
        boatId: row.boatId,
        boatName: boat?.name ?? `#${row.boatId}`,
        startsAt: startsAt.toISOString(),
        time: row.localTime,
        capacity,
        boatCapacity: boat?.capacity ?? capacity,
        sold,
        held,
        free: Math.max(0, capacity - sold - held),
        boarded: row.boarded,
        status: boardStatus(
          { status: row.status, startsAt, closesMinutesBefore: settings?.bookingClosesMinutesBefore ?? 10 },
          now,
        ),
        closedByStaff: row.status === 'closed',
        extra: row.timetableId === null,
        boardingPoint:
          point && typeof point.latitude === 'number' && typeof point.longitude === 'number'
            ? { latitude: point.latitude, longitude: point.longitude }
            : null,
      };
    }),
  };
}
