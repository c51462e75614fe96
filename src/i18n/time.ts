import { madridClock } from './clock';
import { localeInfo, type Locale } from './locales';
import { OPERATOR_TIME_ZONE } from '../lib/operator';

/**
 * Europe/Madrid wall clock <-> UTC instants, with nothing but Intl.
 *
 * Departures are planned in local time ("10:30 every weekday") but stored as UTC instants
 * (docs/domain-rules.md#madrid-time). Calendar dates travel as 'YYYY-MM-DD' strings and times as 'HH:MM'
 * strings so that no code path ever builds a Date in the server's own time zone by accident.
 */

/** The operator's clock (src/lib/operator.ts), under the name the calendar code knows it by. */
export const MADRID_TIME_ZONE = OPERATOR_TIME_ZONE;

/** A calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;
/** A wall-clock time, 'HH:MM' on a 24-hour clock. */
export type LocalTime = string;
/** ISO weekday: Monday = 1 … Sunday = 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type MadridWallClock = { date: LocalDate; time: LocalTime; weekday: Weekday };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

// Building a DateTimeFormat costs far more than using one, and timetable generation calls this
// thousands of times; h23 keeps midnight as "00" (some engines print "24" with hour12: false).
const madridParts = new Intl.DateTimeFormat('en-US', {
  timeZone: MADRID_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function parseDate(date: string): { year: number; month: number; day: number } | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Date.UTC rolls 2027-02-30 over to March; a date that does not survive the round trip is not real.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

function parseTime(time: string): { hour: number; minute: number } | undefined {
  const match = TIME_PATTERN.exec(time);
  if (!match) return undefined;
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

export function isLocalDate(value: unknown): value is LocalDate {
  return typeof value === 'string' && parseDate(value) !== undefined;
}

export function isLocalTime(value: unknown): value is LocalTime {
  return typeof value === 'string' && parseTime(value) !== undefined;
}

function requireDate(date: string): { year: number; month: number; day: number } {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return parsed;
}

function requireTime(time: string): { hour: number; minute: number } {
  const parsed = parseTime(time);
  if (!parsed) throw new RangeError(`Not a time of day (HH:MM): ${JSON.stringify(time)}`);
  return parsed;
}

function requireInstant(d: Date): number {
  const ms = d.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid Date');
  return ms;
}

function formatDate(utcMidnightMs: number): LocalDate {
  const d = new Date(utcMidnightMs);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Madrid's wall clock at an instant, read back as if it were UTC (ms), seconds included. */
function wallClockAsUtcMs(instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of madridParts.formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return Date.UTC(
    fields.year ?? NaN,
    (fields.month ?? NaN) - 1,
    fields.day ?? NaN,
    fields.hour ?? NaN,
    fields.minute ?? NaN,
    fields.second ?? NaN,
  );
}

/** Madrid's offset from UTC at an instant, in ms (+1 h in winter, +2 h in summer). */
export function madridOffsetMs(instantMs: number): number {
  return offsetMsAt(instantMs);
}

function offsetMsAt(instantMs: number): number {
  // Sub-second parts are not in the formatted output, so they are dropped before comparing.
  const wholeSeconds = instantMs - (((instantMs % 1000) + 1000) % 1000);
  return wallClockAsUtcMs(wholeSeconds) - wholeSeconds;
}

/**
 * The UTC instant of a Madrid wall-clock time.
 *
 * A time that the clocks skip in spring (02:00–02:59 on the last Sunday of March) moves forward
 * by the gap, as a clock would: 02:30 becomes 03:30 CEST. A time that happens twice in autumn
 * (02:00–02:59 on the last Sunday of October) is the first one, still in summer time, so a
 * departure never silently slips an hour later.
 */
export function madridToUtc(date: LocalDate, time: LocalTime): Date {
  const { year, month, day } = requireDate(date);
  const { hour, minute } = requireTime(time);
  const naiveMs = Date.UTC(year, month - 1, day, hour, minute);

  // Madrid's offset changes at most twice a year, so the offsets a day either side are the only
  // two candidates for this wall-clock time.
  const offsetBefore = offsetMsAt(naiveMs - DAY_MS);
  const offsetAfter = offsetMsAt(naiveMs + DAY_MS);
  const candidates = [naiveMs - offsetBefore, naiveMs - offsetAfter]
    .filter((instantMs) => wallClockAsUtcMs(instantMs) === naiveMs)
    .sort((a, b) => a - b);

  const earliest = candidates[0];
  if (earliest !== undefined) return new Date(earliest);
  // In the spring gap: read with the offset in force before the change, the instant lands
  // exactly the gap's length later on the new wall clock.
  return new Date(naiveMs - offsetBefore);
}

/** What a Madrid clock and calendar show at an instant (seconds are dropped, not rounded). */
export function utcToMadrid(d: Date): MadridWallClock {
  const wallMs = wallClockAsUtcMs(requireInstant(d));
  const wall = new Date(wallMs);
  const date = formatDate(wallMs);
  return {
    date,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    weekday: weekdayOf(date),
  };
}

/** ISO weekday of a calendar date (Monday = 1). Calendar arithmetic: no time zone involved. */
export function weekdayOf(date: LocalDate): Weekday {
  const { year, month, day } = requireDate(date);
  const sundayIsZero = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return (sundayIsZero === 0 ? 7 : sundayIsZero) as Weekday;
}

/** Calendar arithmetic on 'YYYY-MM-DD': always whole days, whatever DST does to the hours. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = requireDate(date);
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return formatDate(Date.UTC(year, month - 1, day + days));
}

/** Today's date in Madrid, which is not the server's date between 22:00 and 00:00 UTC. */
export function madridToday(now: Date): LocalDate {
  return utcToMadrid(now).date;
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const a = requireDate(from);
  const b = requireDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** "dimecres, 3 de juny de 2026": a date as Madrid sees it, for tickets and booking pages. */
export function dateText(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    timeZone: MADRID_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** "09:30": Madrid wall-clock time on a 24-hour clock in every language. */
export function timeText(date: Date, locale: Locale): string {
  return madridClock(locale).format(date);
}
