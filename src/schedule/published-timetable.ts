import type { Payload } from 'payload';

import { closedDatesOf, loadClosedDays } from './closed-days';
import { addDays, madridToday, weekdayOf, type LocalDate, type LocalTime } from '@/i18n/time';
import type { TimetableDays } from './timetable';

/** How far ahead a tour page publishes its timetable; what it shows is what is on sale then. */
export const PUBLISHED_DAYS = 60;

export type PublishedRow = {
  days: TimetableDays;
  times: LocalTime[];
  validFrom: LocalDate;
  validTo: LocalDate;
  /** Days of the window on which this row would sail but does not (holidays, closed days). */
  closedDates: LocalDate[];
};

export type PublishedTimetable = {
  /** The window, both inclusive. */
  from: LocalDate;
  to: LocalDate;
  rows: PublishedRow[];
  extraDepartures: { date: LocalDate; time: LocalTime }[];
};

type Ref = number | string | { id: number | string } | null | undefined;

/** A timetable document as Payload returns it, reduced to what the page publishes. */
export type TimetableSource = {
  validFrom?: string | null;
  validTo?: string | null;
  days?: string | null;
  weekdays?: (string | number)[] | null;
  times?: { time?: string | null }[] | null;
  closedDates?: { date?: string | null }[] | null;
  extraDepartures?: { date?: string | null; time?: string | null }[] | null;
  active?: boolean | null;
  tour?: Ref;
};

export function runsOnDay(days: TimetableDays, date: LocalDate): boolean {
  const weekday = weekdayOf(date);
  if (days === 'daily') return true;
  if (days === 'weekdays') return weekday <= 5;
  if (days === 'weekends') return weekday >= 6;
  return days.includes(weekday);
}

function daysOf(doc: TimetableSource): TimetableDays {
  if (doc.days === 'weekdays' || doc.days === 'weekends' || doc.days === 'daily') return doc.days;
  return [...new Set((doc.weekdays ?? []).map(Number))].sort() as TimetableDays;
}

/**
 * The timetable a tour page shows, built from the same timetable rows departures are generated
 * from, so the page cannot say something the shop does not sell. Rows with the same days and
 * season (two boats on one tour) are shown as one; `closedDates` are the extra closed days
 * (whole fleet or this tour) that apply on top of each timetable's own.
 */
export function publishedTimetable(
  timetables: readonly TimetableSource[],
  options: { from: LocalDate; days?: number; closedDates?: readonly LocalDate[] },
): PublishedTimetable {
  const from = options.from;
  const to = addDays(from, (options.days ?? PUBLISHED_DAYS) - 1);
  const rows = new Map<string, PublishedRow>();
  const extras = new Map<string, { date: LocalDate; time: LocalTime }>();
  for (const doc of timetables) {
    if (doc.active === false || !doc.validFrom || !doc.validTo) continue;
    for (const extra of doc.extraDepartures ?? []) {
      if (extra.date && extra.time && extra.date >= from && extra.date <= to) {
        extras.set(`${extra.date} ${extra.time}`, { date: extra.date, time: extra.time });
      }
    }
    if (doc.validTo < from || doc.validFrom > to) continue;
    const days = daysOf(doc);
    const closedSet = new Set([...(doc.closedDates ?? []).map((d) => d.date ?? ''), ...(options.closedDates ?? [])]);
    const first = doc.validFrom > from ? doc.validFrom : from;
    const last = doc.validTo < to ? doc.validTo : to;
    const closed: LocalDate[] = [];
    let sails = false;
    for (let date = first; date <= last; date = addDays(date, 1)) {
      if (!runsOnDay(days, date)) continue;
      if (closedSet.has(date)) closed.push(date);
      else sails = true;
    }
    const times = (doc.times ?? []).map((t) => t.time ?? '').filter(Boolean);
    if (times.length === 0 || (!sails && closed.length === 0)) continue;
    const key = JSON.stringify([days, doc.validFrom, doc.validTo, closed]);
    const row = rows.get(key);
    if (row) row.times = [...new Set([...row.times, ...times])].sort();
    else
      rows.set(key, {
        days,
        times: [...new Set(times)].sort(),
        validFrom: doc.validFrom,
        validTo: doc.validTo,
        closedDates: closed,
      });
  }
  return {
    from,
    to,
    rows: [...rows.values()].sort((a, b) => a.validFrom.localeCompare(b.validFrom)),
    extraDepartures: [...extras.values()].sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`)),
  };
}

/** Every departure ('YYYY-MM-DD HH:MM') the published timetable promises: what tests hold the shop to. */
export function promisedDepartures(published: PublishedTimetable): Set<string> {
  const out = new Set<string>();
  for (const row of published.rows) {
    const first = row.validFrom > published.from ? row.validFrom : published.from;
    const last = row.validTo < published.to ? row.validTo : published.to;
    const closed = new Set(row.closedDates);
    for (let date = first; date <= last; date = addDays(date, 1)) {
      if (!runsOnDay(row.days, date) || closed.has(date)) continue;
      for (const time of row.times) out.add(`${date} ${time}`);
    }
  }
  for (const extra of published.extraDepartures) out.add(`${extra.date} ${extra.time}`);
  return out;
}

/** The published timetable of one tour, read from its timetables now. */
export async function loadPublishedTimetable(
  payload: Payload,
  tourId: number | string,
  options: { now?: Date; closedDates?: readonly LocalDate[] } = {},
): Promise<PublishedTimetable> {
  const { docs } = await payload.find({
    collection: 'timetables',
    where: { and: [{ tour: { equals: tourId } }, { active: { not_equals: false } }] },
    limit: 1000,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  });
  const closedDates = options.closedDates ?? closedDatesOf(await loadClosedDays(payload), tourId);
  return publishedTimetable(docs as TimetableSource[], { from: madridToday(options.now ?? new Date()), closedDates });
}
