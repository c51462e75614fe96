import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import {
  availabilityState,
  boardingTime,
  isBookable,
  seatsLeft,
  type AvailabilityState,
} from '../booking/booking-window';
import { shopDb } from '../booking/db';
import { scheduledDeparturesOn } from '../booking/departures-repository';
import { expireHolds } from '../booking/holds';
import { tourBookingSettings } from '../booking/tours-repository';
import { madridToday, utcToMadrid } from '@/i18n/time';

export type TodaysDeparture = {
  id: number;
  tourSlug: string;
  tourTitle: string;
  time: string;
  boardingTime: string;
  seatsLeft: number;
  state: AvailabilityState;
  /** Sales still open and seats left. */
  bookable: boolean;
  /** Sales closed or the boat has left: shown greyed, so the board reads like the quay's. */
  departed: boolean;
};

/** The home page's board: today's departures and when their seats were read (Madrid wall clock). */
export type TodaysBoard = {
  departures: TodaysDeparture[];
  /** The instant the seats were read (ISO). */
  at: string;
  /**
   * That instant as the board prints it ("10:42"): told by the server so the visitor's browser
   * needs no Intl (its first use costs a phone tens of milliseconds of main thread, issue 31).
   */
  time: string;
};

/** Today's departures with the moment their seats were read: what the board draws and refreshes. */
export async function todaysBoard(payload: Payload, locale: Locale, now = new Date()): Promise<TodaysBoard> {
  const departures = await todaysDepartures(payload, locale, now);
  return { departures, at: now.toISOString(), time: utcToMadrid(now).time };
}

/**
 * Every scheduled departure of today (Madrid), across tours sold online, with seats left read
 * from the database now. Expired holds are released first so seats are never shown as taken by
 * visitors who walked away.
 */
export async function todaysDepartures(payload: Payload, locale: Locale, now = new Date()): Promise<TodaysDeparture[]> {
  await expireHolds(payload, { now });
  const today = madridToday(now);
  const departures = await scheduledDeparturesOn(shopDb(payload), today);
  if (departures.length === 0) return [];
  const { docs: tours } = await payload.find({ collection: 'tours', locale, limit: 200, depth: 0, pagination: false });
  const toursById = new Map(tours.map((tour) => [Number(tour.id), tour]));
  const result: TodaysDeparture[] = [];
  for (const departure of departures) {
    const tourDoc = toursById.get(departure.tourId);
    if (!tourDoc) continue;
    const settings = tourBookingSettings(tourDoc as never);
    if (settings.mode !== 'online') continue;
    const left = seatsLeft({ capacity: departure.capacity, sold: departure.seatsSold, held: departure.seatsHeld });
    const open = isBookable(departure.startsAt, now, settings.bookingClosesMinutesBefore);
    result.push({
      id: departure.id,
      tourSlug: settings.slug,
      tourTitle: tourDoc.title,
      time: departure.localTime,
      boardingTime: utcToMadrid(boardingTime(departure.startsAt, settings.boardingMinutesBefore)).time,
      seatsLeft: left,
      state: availabilityState(left, undefined, departure.capacity),
      bookable: open && left > 0,
      departed: !open,
    });
  }
  return result;
}
