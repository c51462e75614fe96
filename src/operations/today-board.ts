import type { Payload } from 'payload';

import { isBookable } from '../booking/booking-window';
import { date, num, shopDb, str } from '../booking/db';
import { expireHolds } from '../booking/holds';
import { tourBookingSettings } from '../booking/repository';
import { madridToday } from '../booking/time';

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
  const { rows } = await db.query(
    `SELECT d.id, d.tour_id, d.boat_id, d.starts_at, d.local_time, d.capacity, d.seats_sold, d.seats_held,
            d.status, d.timetable_id,
            (SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id
              WHERE b.departure_id = d.id AND b.status = 'paid' AND t.checked_in_at IS NOT NULL) AS boarded
     FROM departures d WHERE d.local_date = ? ORDER BY d.starts_at, d.id`,
    [day],
  );
  // Holds of visitors who walked away must not show as taken seats.
  const withHolds = rows.filter((row) => num(row.seats_held) > 0);
  if (withHolds.length > 0) {
    for (const row of withHolds) await expireHolds(payload, { now, departureId: num(row.id) });
  }
  const fresh =
    withHolds.length > 0
      ? new Map(
          (await db.query(`SELECT id, seats_sold, seats_held FROM departures WHERE local_date = ?`, [day])).rows.map(
            (r) => [num(r.id), r],
          ),
        )
      : null;
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
      const tour = toursById.get(num(row.tour_id));
      const boat = boatsById.get(num(row.boat_id));
      const seats = fresh?.get(num(row.id)) ?? row;
      const capacity = num(row.capacity);
      const sold = num(seats.seats_sold);
      const held = num(seats.seats_held);
      const startsAt = date(row.starts_at);
      const settings = tour ? tourBookingSettings(tour) : null;
      const pointRef = (tour as { boardingPoint?: unknown } | undefined)?.boardingPoint;
      const point =
        (typeof pointRef === 'number' ? pointsById.get(pointRef) : undefined) ??
        (pointRef && typeof pointRef === 'object' ? (pointRef as typeof fallbackPoint) : undefined) ??
        fallbackPoint;
      return {
        id: num(row.id),
        tourId: num(row.tour_id),
        tourTitle: tour?.title ?? `#${str(row.tour_id)}`,
        boatId: num(row.boat_id),
        boatName: boat?.name ?? `#${str(row.boat_id)}`,
        startsAt: startsAt.toISOString(),
        time: str(row.local_time),
        capacity,
        boatCapacity: boat?.capacity ?? capacity,
        sold,
        held,
        free: Math.max(0, capacity - sold - held),
        boarded: num(row.boarded),
        status: boardStatus(
          { status: str(row.status), startsAt, closesMinutesBefore: settings?.bookingClosesMinutesBefore ?? 10 },
          now,
        ),
        closedByStaff: str(row.status) === 'closed',
        extra: row.timetable_id === null || row.timetable_id === undefined,
        boardingPoint:
          point && typeof point.latitude === 'number' && typeof point.longitude === 'number'
            ? { latitude: point.latitude, longitude: point.longitude }
            : null,
      };
    }),
  };
}
