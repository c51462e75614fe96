import { localeInfo, type Locale } from './locales';
import { OPERATOR_TIME_ZONE } from '../lib/operator';

const clocks = new Map<Locale, Intl.DateTimeFormat>();

/**
 * The one clock every screen tells time with, visitors' and staff's alike: Madrid wall-clock time,
 * 24-hour in every language. Intl's bare `en` is American ("06:48 AM"): the language's regional
 * form (localeInfo) and h23 make it "06:48" everywhere. Small on purpose: public pages' scripts
 * import it.
 */
export function madridClock(locale: Locale): Intl.DateTimeFormat {
  let clock = clocks.get(locale);
  if (!clock) {
    clock = new Intl.DateTimeFormat(localeInfo[locale].iso, {
      timeZone: OPERATOR_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(locale, clock);
  }
  return clock;
}

/** A moment a visitor must act by, in words ("Thursday 3 December, 12:00"), Madrid time, 24-hour. */
export function madridDeadline(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    timeZone: OPERATOR_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
