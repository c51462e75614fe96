import type { Locale } from '../i18n/locales';
import {
  addDays,
  isLocalDate,
  isLocalTime,
  madridToUtc,
  utcToMadrid,
  weekdayOf,
  type LocalDate,
  type LocalTime,
  type Weekday,
} from '@/i18n/time';

/**
 * Departures are generated from timetables rather than typed in one by one. Generation is
 * idempotent: each departure has a key made of the tour and its local date and time, so the
 * job can run again over any range and the database keeps one row per key.
 */

export type TimetableDays = 'daily' | 'weekdays' | 'weekends' | readonly number[];

export type Timetable = {
  id: string;
  tourId: string;
  boatId: string;
  /** First and last day the timetable runs, both inclusive. */
  validFrom: LocalDate;
  validTo: LocalDate;
  /** 'weekdays' is Monday to Friday; a list holds ISO weekdays (Monday = 1 … Sunday = 7). */
  days: TimetableDays;
  times: readonly LocalTime[];
};

export type ExtraDeparture = {
  /** May be left out when every timetable passed alongside belongs to the same tour. */
  tourId?: string | undefined;
  date: LocalDate;
  time: LocalTime;
  boatId: string;
};

export type TimetableExceptions = {
  /** Days on which the timetables do not run (extra departures still do). */
  closedDates: readonly LocalDate[];
  extraDepartures: readonly ExtraDeparture[];
};

export type GeneratedDeparture = {
  key: string;
  tourId: string;
  boatId: string;
  startsAt: Date;
  endsAt: Date;
  localDate: LocalDate;
  localTime: LocalTime;
  durationMinutes: number;
  /** The timetable that produced it, or null for an extra departure. */
  timetableId: string | null;
};

export type GenerateDeparturesInput = {
  timetables: readonly Timetable[];
  exceptions?: TimetableExceptions | undefined;
  /** Range of local dates to generate, both inclusive. */
  from: LocalDate;
  to: LocalDate;
  /** One duration for every tour, or a lookup when the timetables cover tours of several lengths. */
  durationMinutes: number | ((tourId: string) => number);
};

const MINUTE_MS = 60_000;

export function departureKey(tourId: string, localDate: LocalDate, localTime: LocalTime): string {
  return `${tourId}@${localDate}T${localTime}`;
}

function assertDate(value: string, what: string): void {
  if (!isLocalDate(value))
    throw new RangeError(`${what} is not a calendar date (YYYY-MM-DD): ${JSON.stringify(value)}`);
}

function assertTime(value: string, what: string): void {
  if (!isLocalTime(value)) throw new RangeError(`${what} is not a time of day (HH:MM): ${JSON.stringify(value)}`);
}

function assertMinutes(value: number, what: string, allowZero = false): void {
  if (!Number.isSafeInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new RangeError(`${what} must be a whole number of minutes, got ${value}`);
  }
}

function assertTimetable(timetable: Timetable): void {
  const what = `Timetable ${timetable.id}`;
  assertDate(timetable.validFrom, `${what} validFrom`);
  assertDate(timetable.validTo, `${what} validTo`);
  if (timetable.validTo < timetable.validFrom) throw new RangeError(`${what} ends before it starts`);
  for (const time of timetable.times) assertTime(time, `${what} time`);
  if (Array.isArray(timetable.days)) {
    for (const day of timetable.days) {
      if (!Number.isInteger(day) || day < 1 || day > 7) throw new RangeError(`${what} has an invalid weekday: ${day}`);
    }
  }
}

function runsOn(days: TimetableDays, weekday: Weekday): boolean {
  if (days === 'daily') return true;
  if (days === 'weekdays') return weekday <= 5;
  if (days === 'weekends') return weekday >= 6;
  return days.includes(weekday);
}

type Candidate = GeneratedDeparture & { rank: { extra: boolean; validFrom: LocalDate; order: string } };

/**
 * Which of two departures with the same key is kept, so the outcome never depends on the
 * order rows come out of the database: an explicit extra departure beats any timetable; between
 * timetables the one that starts later (a seasonal timetable laid over a yearly one) wins, and
 * the id settles a tie.
 */
function preferred(a: Candidate, b: Candidate): Candidate {
  if (a.rank.extra !== b.rank.extra) return a.rank.extra ? a : b;
  if (a.rank.validFrom !== b.rank.validFrom) return a.rank.validFrom > b.rank.validFrom ? a : b;
  return a.rank.order <= b.rank.order ? a : b;
}

export function generateDepartures(input: GenerateDeparturesInput): GeneratedDeparture[] {
  const { timetables, from, to } = input;
  const exceptions = input.exceptions ?? { closedDates: [], extraDepartures: [] };
  assertDate(from, 'from');
  assertDate(to, 'to');
  timetables.forEach(assertTimetable);
  for (const date of exceptions.closedDates) assertDate(date, 'Closed date');

  const durations = new Map<string, number>();
  const durationOf = (tourId: string): number => {
    let minutes = durations.get(tourId);
    if (minutes === undefined) {
      minutes = typeof input.durationMinutes === 'number' ? input.durationMinutes : input.durationMinutes(tourId);
      assertMinutes(minutes, `Duration of ${tourId}`);
      durations.set(tourId, minutes);
    }
    return minutes;
  };

  const byKey = new Map<string, Candidate>();
  const add = (
    tourId: string,
    boatId: string,
    date: LocalDate,
    time: LocalTime,
    timetableId: string | null,
    rank: Candidate['rank'],
  ): void => {
    const startsAt = madridToUtc(date, time);
    // The key uses the time the clock really shows: a time inside the spring-forward gap has
    // moved on by an hour, and passengers must be told the hour they will actually board.
    const local = utcToMadrid(startsAt);
    const durationMinutes = durationOf(tourId);
    const candidate: Candidate = {
      key: departureKey(tourId, local.date, local.time),
      tourId,
      boatId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + durationMinutes * MINUTE_MS),
      localDate: local.date,
      localTime: local.time,
      durationMinutes,
      timetableId,
      rank,
    };
    const existing = byKey.get(candidate.key);
    byKey.set(candidate.key, existing ? preferred(existing, candidate) : candidate);
  };

  const closed = new Set(exceptions.closedDates);
  for (const timetable of timetables) {
    const first = timetable.validFrom > from ? timetable.validFrom : from;
    const last = timetable.validTo < to ? timetable.validTo : to;
    const rank = { extra: false, validFrom: timetable.validFrom, order: timetable.id };
    for (let date = first; date <= last; date = addDays(date, 1)) {
      if (closed.has(date) || !runsOn(timetable.days, weekdayOf(date))) continue;
      for (const time of timetable.times) add(timetable.tourId, timetable.boatId, date, time, timetable.id, rank);
    }
  }

  const tours = new Set(timetables.map((timetable) => timetable.tourId));
  const [onlyTour] = tours.size === 1 ? tours : [];
  exceptions.extraDepartures.forEach((extra, index) => {
    assertDate(extra.date, 'Extra departure date');
    assertTime(extra.time, 'Extra departure time');
    const tourId = extra.tourId ?? onlyTour;
    if (tourId === undefined) {
      throw new RangeError(
        `Extra departure on ${extra.date} at ${extra.time} needs a tourId: the timetables do not name a single tour`,
      );
    }
    if (extra.date < from || extra.date > to) return;
    // Between two extras with the same key the first listed stays, like timetables' lowest id.
    add(tourId, extra.boatId, extra.date, extra.time, null, {
      extra: true,
      validFrom: extra.date,
      order: String(index).padStart(10, '0'),
    });
  });

  return [...byKey.values()]
    .map(({ rank: _rank, ...departure }) => departure)
    .sort(
      (a, b) =>
        a.startsAt.getTime() - b.startsAt.getTime() || a.tourId.localeCompare(b.tourId) || a.key.localeCompare(b.key),
    );
}

/** What the boat-conflict check needs to know of a departure, generated or already stored. */
export type BoatSlot = { key: string; tourId: string; boatId: string; startsAt: Date; durationMinutes: number };

export type BoatConflict<T extends BoatSlot = BoatSlot> = {
  boatId: string;
  /** The departure that leaves first (or, at the same instant, the first by key). */
  first: T;
  /** The departure that would have to leave while the boat is still out or turning around. */
  second: T;
};

/** No rule fixes it; a quarter of an hour to land passengers and board the next ones. */
export const TURNAROUND_MINUTES = 15;

/**
 * Pairs of departures that need the same boat at once, across tours: each occupies its boat
 * over [start, start + duration + turnaround). A departure listed twice under the same key
 * (stored and freshly generated) is one departure, not a conflict with itself.
 */
export function findBoatConflicts<T extends BoatSlot>(
  departures: readonly T[],
  turnaroundMinutes = TURNAROUND_MINUTES,
): BoatConflict<T>[] {
  assertMinutes(turnaroundMinutes, 'Turnaround', true);
  const byBoat = new Map<string, T[]>();
  const seen = new Set<string>();
  for (const departure of departures) {
    assertMinutes(departure.durationMinutes, `Duration of ${departure.key}`);
    const identity = JSON.stringify([departure.boatId, departure.key]);
    if (seen.has(identity)) continue;
    seen.add(identity);
    const list = byBoat.get(departure.boatId) ?? [];
    list.push(departure);
    byBoat.set(departure.boatId, list);
  }

  const conflicts: BoatConflict<T>[] = [];
  for (const [boatId, list] of byBoat) {
    list.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.key.localeCompare(b.key));
    for (let i = 0; i < list.length; i++) {
      const first = list[i];
      if (!first) continue;
      const busyUntil = first.startsAt.getTime() + (first.durationMinutes + turnaroundMinutes) * MINUTE_MS;
      // Sorted by start, so every later departure that leaves before `busyUntil` overlaps and
      // the first one that does not ends the scan.
      for (let j = i + 1; j < list.length; j++) {
        const second = list[j];
        if (!second || second.startsAt.getTime() >= busyUntil) break;
        conflicts.push({ boatId, first, second });
      }
    }
  }
  return conflicts.sort(
    (a, b) =>
      a.first.startsAt.getTime() - b.first.startsAt.getTime() ||
      a.second.startsAt.getTime() - b.second.startsAt.getTime() ||
      a.boatId.localeCompare(b.boatId),
  );
}

export type ConflictNames = {
  tourName?: ((tourId: string) => string | undefined) | undefined;
  boatName?: ((boatId: string) => string | undefined) | undefined;
};

type ConflictWords = { boat: string; tour1: string; time1: string; date1: string; tour2: string; when2: string };

const conflictMessages: Record<
  Locale,
  { message: (w: ConflictWords) => string; onDate: (time: string, date: string) => string }
> = {
  ca: {
    message: (w) =>
      `El vaixell ${w.boat} ja navega a les ${w.time1} del ${w.date1} (${w.tour1}), per tant no pot sortir a les ${w.when2} (${w.tour2}).`,
    onDate: (time, date) => `${time} del ${date}`,
  },
  es: {
    message: (w) =>
      `El barco ${w.boat} ya está navegando a las ${w.time1} del ${w.date1} (${w.tour1}), así que no puede salir a las ${w.when2} (${w.tour2}).`,
    onDate: (time, date) => `${time} del ${date}`,
  },
  en: {
    message: (w) =>
      `Boat ${w.boat} is already sailing at ${w.time1} on ${w.date1} (${w.tour1}), so it cannot leave at ${w.when2} (${w.tour2}).`,
    onDate: (time, date) => `${time} on ${date}`,
  },
  fr: {
    message: (w) =>
      `Le bateau ${w.boat} navigue déjà à ${w.time1} le ${w.date1} (${w.tour1}) et ne peut donc pas partir à ${w.when2} (${w.tour2}).`,
    onDate: (time, date) => `${time} le ${date}`,
  },
};

/**
 * One line for the back office when it refuses a timetable. Dates stay ISO (unambiguous in
 * every language); names fall back to ids so a missing translation never hides a conflict.
 */
export function describeConflict(conflict: BoatConflict, locale: Locale, names: ConflictNames = {}): string {
  const first = utcToMadrid(conflict.first.startsAt);
  const second = utcToMadrid(conflict.second.startsAt);
  const texts = conflictMessages[locale];
  const tourName = (tourId: string) => names.tourName?.(tourId) ?? tourId;
  return texts.message({
    boat: names.boatName?.(conflict.boatId) ?? conflict.boatId,
    tour1: tourName(conflict.first.tourId),
    time1: first.time,
    date1: first.date,
    tour2: tourName(conflict.second.tourId),
    when2: second.date === first.date ? second.time : texts.onDate(second.time, second.date),
  });
}
