import { formatEuros } from '@/booking/money';
import { opsLanguage } from '@/i18n/ops-messages';
import { madridClock } from '@/i18n/clock';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';

/**
 * Dates, times and money in the back office: in the staff member's language, always on
 * Barcelona's clock (a laptop set to another time zone must not move departures), euros not cents.
 */
export function timeOf(iso: string, language: string): string {
  return madridClock(opsLanguage(language)).format(new Date(iso));
}

export function dateTimeOf(iso: string, language: string): string {
  return new Intl.DateTimeFormat(opsLanguage(language), {
    timeZone: OPERATOR_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A calendar date 'YYYY-MM-DD' (already Madrid's), written out: "dilluns, 23 de novembre de 2026". */
export function longDate(localDate: string, language: string): string {
  const [y, m, d] = localDate.split('-').map(Number);
  return new Intl.DateTimeFormat(opsLanguage(language), {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

export function shortDate(localDate: string, language: string): string {
  const [y, m, d] = localDate.split('-').map(Number);
  return new Intl.DateTimeFormat(opsLanguage(language), { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

export function euros(cents: number | null | undefined, language: string): string {
  if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0) return '';
  return formatEuros(cents, opsLanguage(language));
}

/** This month and the `count` − 1 before it, newest first, as YYYY-MM on Barcelona's calendar. */
export function recentMonths(now: Date, count = 12): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: OPERATOR_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}
