import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import {
  availabilityState,
  boardingTime,
  isBookable,
  seatsLeft,
  type AvailabilityState,
} from '../booking/booking-window';
import { closedDatesOf, loadClosedDays } from './closed-days';
import { departureWriteCount, shopDb } from '../booking/db';
import { expireHolds } from '../booking/holds';
import { scheduledDeparturesOfTour } from '../booking/departures-repository';
import { tourBookingSettings, type TourBookingSettings } from '../booking/tours-repository';
import type { PriceList } from '../booking/pricing';
import { utcToMadrid } from '@/i18n/time';

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
  /** Days of the month the tour does not sail (fleet or tour closed days): shown as closed. */
  closedDates: string[];
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH.test(value);
}

/**
 * The tour and the closed days change when staff edit them, seats change all the time. The calendar
 * is asked for often (every month a visitor flips through, every reseller poll), so the content half
 * is remembered for a few seconds per instance and forgotten at once on any edit here
 * (src/collections/revalidate.ts); seats are always read from the database.
 */
const CONTENT_TTL_MS = 5_000;
const remembered = new Map<string, { expires: number; value: Promise<unknown> }>();

function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = remembered.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  // One load for concurrent callers; a failure is not remembered.
  const value = load().catch((error: unknown) => {
    remembered.delete(key);
    throw error;
  });
  if (remembered.size > 1000) remembered.clear();
  remembered.set(key, { expires: now + CONTENT_TTL_MS, value });
  return value;
}

/**
 * The calendar is read far more often than holds expire: release expired holds at most once a
 * second per instance here, so a busy calendar costs one query a request, not two. A hold that
 * lapsed within that second may still count as taken on the calendar; every path that takes
 * seats releases expired holds itself first, and the holds job sweeps every minute.
 */
const SWEEP_EVERY_MS = 1000;
let lastSweep = { wall: 0, now: 0 };
async function sweepExpiredHolds(payload: Payload, now: Date): Promise<void> {
  const wall = Date.now();
  const since = now.getTime() - lastSweep.now;
  if (wall - lastSweep.wall < SWEEP_EVERY_MS && since >= 0 && since < SWEEP_EVERY_MS) return;
  lastSweep = { wall, now: now.getTime() };
  await expireHolds(payload, { now });
}

/** Forget the remembered tours and closed days (a content edit), and the calendars made from them. */
export function forgetAvailabilityContent(): void {
  remembered.clear();
  recentCalendars.clear();
}

/**
 * The calendar's answer, as the database had it at most a second ago. On a busy morning hundreds
 * of phones a second ask for the same tour and month; they share one read per second per instance
 * instead of one each. A write to any departure by this instance (a hold, a sale, an expiry, a
 * change by staff: `departureWriteCount`) makes the next request read again, so a visitor who has
 * just held seats sees them gone; another instance's write shows within the second. The hold
 * itself never trusts this: it takes its seats with one conditional update (decision 010).
 */
const RECENT_CALENDAR_MS = 1000;
const recentCalendars = new Map<string, { until: number; writes: number; value: Promise<TourAvailability | null> }>();

export function recentMonthAvailability(
  payload: Payload,
  slug: string,
  month: string,
  locale: Locale,
): Promise<TourAvailability | null> {
  const key = `${slug} ${month} ${locale}`;
  const now = Date.now();
  const writes = departureWriteCount();
  const hit = recentCalendars.get(key);
  if (hit && hit.until > now && hit.writes === writes) return hit.value;
  const value = monthAvailability(payload, slug, month, locale).catch((error: unknown) => {
    recentCalendars.delete(key);
    throw error;
  });
  if (recentCalendars.size > 1000) recentCalendars.clear();
  recentCalendars.set(key, { until: now + RECENT_CALENDAR_MS, writes, value });
  return value;
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
  const { docs } = await remember(`tour ${slug} ${locale}`, () =>
    payload.find({
      collection: 'tours',
      where: { slug: { equals: slug } },
      limit: 1,
      depth: 0,
      locale,
    }),
  );
  const tourDoc = docs[0];
  if (!tourDoc) return null;
  const tour = tourBookingSettings(tourDoc);
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
    closedDates: [],
  };
  if (tour.mode !== 'online' || !tour.priceList) return result;

  const closed = new Set(
    closedDatesOf(await remember('closed days', () => loadClosedDays(payload)), tour.tourId).filter((date) =>
      date.startsWith(`${month}-`),
    ),
  );
  result.closedDates = [...closed].sort();
  await sweepExpiredHolds(payload, now);
  const departures = await scheduledDeparturesOfTour(shopDb(payload), tour.tourId, {
    from: `${month}-01`,
    to: `${month}-31`,
  });
  const byDate = new Map<string, DayAvailability>();
  for (const d of departures) {
    const left = seatsLeft({ capacity: d.capacity, sold: d.seatsSold, held: d.seatsHeld });
    const open = isBookable(d.startsAt, now, tour.bookingClosesMinutesBefore);
    // Departures whose sales closed, or on a closed day (one sold before the closure stays for
    // staff to handle, but is not sold any more), are of no use on the calendar.
    if (!open || closed.has(d.localDate)) continue;
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
