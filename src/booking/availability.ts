import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import { availabilityState, boardingTime, isBookable, seatsLeft, type AvailabilityState } from './booking-window';
import { shopDb } from './db';
import { departureFromRow, expireHolds, tourBookingSettings, type TourBookingSettings } from './holds';
import type { PriceList } from './pricing';
import { utcToMadrid } from './time';

export type DepartureAvailability = {
  id: number;
  /** Madrid wall clock, 'HH:MM'. */
  time: string;
  startsAt: string;
  boardingTime: string;
  seatsLeft: number;
  state: AvailabilityState;
  /** False once sales have closed (10 minutes before, by default) or the boat is full. */
  bookable: boolean;
};

export type DayAvailability = {
  date: string;
  seatsLeft: number;
  bookable: boolean;
  departures: DepartureAvailability[];
};

export type TourAvailability = {
  tour: {
    slug: string;
    title: string;
    mode: TourBookingSettings['mode'];
    priceList: PriceList | null;
    boardingMinutesBefore: number;
  };
  month: string;
  days: DayAvailability[];
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH.test(value);
}

/**
 * Seats left per departure of one tour in one month, read from the database at request time
 * (never cached for longer than the API's no-store allows). Holds that ran out are released
 * first, so the calendar does not show seats as taken by visitors who have left.
 */
export async function monthAvailability(
  payload: Payload,
  slug: string,
  month: string,
  locale: Locale,
  now = new Date(),
): Promise<TourAvailability | null> {
  const { docs } = await payload.find({
    collection: 'tours',
    where: { slug: { equals: slug } },
    limit: 1,
    depth: 0,
    locale,
  });
  const tourDoc = docs[0];
  if (!tourDoc) return null;
  const tour = tourBookingSettings(tourDoc as never);
  const result: TourAvailability = {
    tour: {
      slug: tour.slug,
      title: tourDoc.title,
      mode: tour.mode,
      priceList: tour.priceList,
      boardingMinutesBefore: tour.boardingMinutesBefore,
    },
    month,
    days: [],
  };
  if (tour.mode !== 'online' || !tour.priceList) return result;

  await expireHolds(payload, { now });
  const { rows } = await shopDb(payload).query(
    `SELECT id, tour_id, boat_id, starts_at, local_date, local_time, capacity, seats_sold, seats_held, status
     FROM departures WHERE tour_id = ? AND status = 'scheduled' AND local_date >= ? AND local_date <= ?
     ORDER BY starts_at`,
    [tour.tourId, `${month}-01`, `${month}-31`],
  );
  const byDate = new Map<string, DayAvailability>();
  for (const row of rows) {
    const d = departureFromRow(row);
    const left = seatsLeft({ capacity: d.capacity, sold: d.seatsSold, held: d.seatsHeld });
    const open = isBookable(d.startsAt, now, tour.bookingClosesMinutesBefore);
    // Departures whose sales closed are of no use on the calendar.
    if (!open) continue;
    const departure: DepartureAvailability = {
      id: d.id,
      time: d.localTime,
      startsAt: d.startsAt.toISOString(),
      boardingTime: utcToMadrid(boardingTime(d.startsAt, tour.boardingMinutesBefore)).time,
      seatsLeft: left,
      state: availabilityState(left, undefined, d.capacity),
      bookable: left > 0,
    };
    const day = byDate.get(d.localDate) ?? { date: d.localDate, seatsLeft: 0, bookable: false, departures: [] };
    day.departures.push(departure);
    day.seatsLeft += left;
    day.bookable ||= departure.bookable;
    byDate.set(d.localDate, day);
  }
  result.days = [...byDate.values()];
  return result;
}

export type TodayDeparture = DepartureAvailability & { tour: { slug: string; title: string } };

/** Home page "today's departures": every online tour's departures still on sale today (Madrid). */
export async function todaysDepartures(payload: Payload, locale: Locale, now = new Date()): Promise<TodayDeparture[]> {
  await expireHolds(payload, { now });
  const today = utcToMadrid(now).date;
  const { rows } = await shopDb(payload).query(
    `SELECT id, tour_id, boat_id, starts_at, local_date, local_time, capacity, seats_sold, seats_held, status
     FROM departures WHERE status = 'scheduled' AND local_date = ? ORDER BY starts_at`,
    [today],
  );
  const tourIds = [...new Set(rows.map((row) => Number(row.tour_id)))];
  if (tourIds.length === 0) return [];
  const { docs } = await payload.find({
    collection: 'tours',
    where: { id: { in: tourIds } },
    limit: tourIds.length,
    depth: 0,
    locale,
  });
  const tours = new Map(docs.map((doc) => [Number(doc.id), { doc, settings: tourBookingSettings(doc as never) }]));
  const out: TodayDeparture[] = [];
  for (const row of rows) {
    const d = departureFromRow(row);
    const tour = tours.get(d.tourId);
    if (!tour || tour.settings.mode !== 'online' || !tour.settings.priceList) continue;
    if (!isBookable(d.startsAt, now, tour.settings.bookingClosesMinutesBefore)) continue;
    const left = seatsLeft({ capacity: d.capacity, sold: d.seatsSold, held: d.seatsHeld });
    out.push({
      id: d.id,
      time: d.localTime,
      startsAt: d.startsAt.toISOString(),
      boardingTime: utcToMadrid(boardingTime(d.startsAt, tour.settings.boardingMinutesBefore)).time,
      seatsLeft: left,
      state: availabilityState(left, undefined, d.capacity),
      bookable: left > 0,
      tour: { slug: tour.doc.slug, title: tour.doc.title },
    });
  }
  return out;
}
