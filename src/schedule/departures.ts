import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import { isLocale } from '../i18n/locales';
import type { Timetable as TimetableDocument } from '../payload-types';
import { closedDatesOf, loadClosedDays, type ClosedDays } from './closed-days';
import { shopDb } from '../booking/db';
import { insertScheduledDeparture } from '../booking/departures-repository';
import { addDays, madridToday, type LocalDate } from '@/i18n/time';
import {
  describeConflict,
  findBoatConflicts,
  generateDepartures,
  type GeneratedDeparture,
  type Timetable,
  type TimetableDays,
} from './timetable';

/** How far ahead departures exist, so visitors can book that far. */
export const GENERATION_HORIZON_DAYS = 120;

type Ref = number | string | { id: number | string } | null | undefined;

export function refId(ref: Ref): string | undefined {
  if (ref === null || ref === undefined) return undefined;
  return typeof ref === 'object' ? String(ref.id) : String(ref);
}

/**
 * A timetable as Payload hands it over: the whole document to afterChange and from `find`; in
 * beforeChange the stored document merged with the changed fields, without an id on create.
 */
export type TimetableDoc = Partial<TimetableDocument>;

function daysOf(doc: TimetableDoc): TimetableDays {
  if (doc.days === 'weekdays' || doc.days === 'weekends' || doc.days === 'daily') return doc.days;
  return (doc.weekdays ?? []).map(Number);
}

/** Generated departures of one timetable (its own closed dates and extras apply only to it). */
export function departuresOf(
  doc: TimetableDoc,
  from: LocalDate,
  to: LocalDate,
  durationOf: (tourId: string) => number,
  closed?: ClosedDays,
): GeneratedDeparture[] {
  const tourId = refId(doc.tour);
  const boatId = refId(doc.boat);
  if (!tourId || !boatId || !doc.validFrom || !doc.validTo || doc.active === false) return [];
  const timetable: Timetable = {
    id: String(doc.id ?? 'new'),
    tourId,
    boatId,
    validFrom: doc.validFrom,
    validTo: doc.validTo,
    days: daysOf(doc),
    times: (doc.times ?? []).map((t) => t.time ?? '').filter(Boolean),
  };
  return generateDepartures({
    timetables: [timetable],
    exceptions: {
      // The timetable's own closed dates plus the fleet's and the tour's closed days.
      closedDates: [
        ...(doc.closedDates ?? []).map((d) => d.date ?? '').filter(Boolean),
        ...(closed ? closedDatesOf(closed, tourId) : []),
      ],
      extraDepartures: (doc.extraDepartures ?? [])
        .filter((e) => e.date && e.time)
        .map((e) => ({ tourId, boatId, date: e.date!, time: e.time! })),
    },
    from,
    to,
    durationMinutes: durationOf,
  });
}

export async function tourDurations(payload: Payload): Promise<(tourId: string) => number> {
  const { docs } = await payload.find({ collection: 'tours', limit: 1000, depth: 0, pagination: false });
  const byId = new Map(docs.map((t) => [String(t.id), t.durationMinutes]));
  return (tourId) => {
    const minutes = byId.get(tourId);
    if (minutes === undefined) throw new RangeError(`Unknown tour ${tourId}`);
    return minutes;
  };
}

export function horizon(now: Date): { from: LocalDate; to: LocalDate } {
  const from = madridToday(now);
  return { from, to: addDays(from, GENERATION_HORIZON_DAYS) };
}

/**
 * Why a timetable cannot be saved, in the editor's language, or null when it can: one of its
 * departures would need a boat that another active timetable (or itself) already has out at sea
 * or turning around. Checked over the generation horizon, which is what will actually be sold.
 */
export async function timetableConflictMessage(
  payload: Payload,
  doc: TimetableDoc,
  locale: unknown,
  now = new Date(),
): Promise<string | null> {
  const { from, to } = horizon(now);
  const durationOf = await tourDurations(payload);
  const mine = departuresOf(doc, from, to, durationOf);
  if (mine.length === 0) return null;
  const boats = [...new Set(mine.map((d) => d.boatId))];
  const { docs: others } = await payload.find({
    collection: 'timetables',
    where: { and: [{ boat: { in: boats } }, { active: { not_equals: false } }] },
    limit: 1000,
    depth: 0,
    pagination: false,
  });
  const otherDepartures = others
    .filter((other) => doc.id === undefined || String(other.id) !== String(doc.id))
    .flatMap((other) => departuresOf(other, from, to, durationOf));
  // Same key on the same boat is one departure (two timetables agreeing), not a conflict.
  const conflicts = findBoatConflicts([...mine, ...otherDepartures]);
  const mineKeys = new Set(mine.map((d) => d.key));
  const relevant = conflicts.find((c) => mineKeys.has(c.first.key) || mineKeys.has(c.second.key));
  if (!relevant) return null;

  const [tours, boatDocs] = await Promise.all([
    payload.find({
      collection: 'tours',
      limit: 1000,
      depth: 0,
      pagination: false,
      locale: isLocale(locale) ? locale : 'ca',
    }),
    payload.find({ collection: 'boats', limit: 1000, depth: 0, pagination: false }),
  ]);
  const tourNames = new Map(tours.docs.map((t) => [String(t.id), t.title]));
  const boatNames = new Map(boatDocs.docs.map((b) => [String(b.id), b.name]));
  return describeConflict(relevant, (isLocale(locale) ? locale : 'en') as Locale, {
    tourName: (id) => tourNames.get(id),
    boatName: (id) => boatNames.get(id),
  });
}

/**
 * Writes departures that do not exist yet; an existing key is left untouched (its seats, its
 * capacity edits, its cancellation). INSERT … ON CONFLICT DO NOTHING makes this safe to run
 * twice at once, from two processes, or from the hook and the job together.
 */
async function insertDepartures(payload: Payload, departures: readonly GeneratedDeparture[]): Promise<number> {
  if (departures.length === 0) return 0;
  const db = shopDb(payload);
  const boatIds = [...new Set(departures.map((d) => d.boatId))];
  const capacities = new Map<string, number>();
  for (const id of boatIds) {
    const boat = await payload.findByID({ collection: 'boats', id, depth: 0 });
    capacities.set(id, boat.capacity);
  }
  const now = new Date();
  // One transaction per batch: thousands of autocommitted inserts would each wait for a disk sync.
  let created = 0;
  for (let start = 0; start < departures.length; start += 500) {
    const batch = departures.slice(start, start + 500);
    created += await db.transaction(async (tx) => {
      let inserted = 0;
      for (const d of batch) {
        const added = await insertScheduledDeparture(
          tx,
          {
            key: d.key,
            tourId: Number(d.tourId),
            boatId: Number(d.boatId),
            timetableId: d.timetableId === null || d.timetableId === 'new' ? null : Number(d.timetableId),
            startsAt: d.startsAt,
            localDate: d.localDate,
            localTime: d.localTime,
            durationMinutes: d.durationMinutes,
            capacity: capacities.get(d.boatId) ?? 0,
          },
          now,
        );
        if (added) inserted++;
      }
      return inserted;
    });
  }
  return created;
}

/** On timetable save: the doc is passed in because the save may not be committed yet. */
export async function generateDeparturesForTimetable(
  payload: Payload,
  doc: TimetableDoc,
  now = new Date(),
): Promise<number> {
  const { from, to } = horizon(now);
  const closed = await loadClosedDays(payload);
  return insertDepartures(payload, departuresOf(doc, from, to, await tourDurations(payload), closed));
}

/** The daily job: every active timetable over the horizon. */
export async function generateAllDepartures(payload: Payload, now = new Date()): Promise<{ created: number }> {
  const { from, to } = horizon(now);
  const durationOf = await tourDurations(payload);
  const { docs } = await payload.find({
    collection: 'timetables',
    where: { active: { not_equals: false } },
    limit: 10_000,
    depth: 0,
    pagination: false,
  });
  const closed = await loadClosedDays(payload);
  const departures = docs.flatMap((doc) => departuresOf(doc, from, to, durationOf, closed));
  return { created: await insertDepartures(payload, departures) };
}
