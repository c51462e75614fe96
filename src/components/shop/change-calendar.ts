import { getTranslations } from 'next-intl/server';

import { timeText } from '@/i18n/time';
import { localeInfo, type Locale } from '@/i18n/locales';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';
import type { Alternative } from '@/operations/disruption';
import { written } from '@/i18n/written';

/** "dijous, 3 de desembre": a departure's Madrid day in words. */
export function dayText(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    timeZone: OPERATOR_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(date);
}

/**
 * What both change pages (a disrupted visitor's, and a visitor changing date or time) give the
 * ChangeChoice calendar: the departures in the visitor's words and the texts that do not depend
 * on why they are changing.
 */
export async function changeCalendar(alternatives: Alternative[], locale: Locale) {
  const [t, form] = await Promise.all([
    getTranslations({ locale, namespace: 'notices.change' }).then((t) => written(locale, t)),
    getTranslations({ locale, namespace: 'shop.form' }),
  ]);
  return {
    alternatives: alternatives.map((a) => ({
      id: a.id,
      date: a.localDate,
      day: dayText(a.startsAt, locale),
      time: timeText(a.startsAt, locale),
      free: a.free,
    })),
    labels: {
      calendar: {
        date: t('chooseDay'),
        previousMonth: form('previousMonth'),
        nextMonth: form('nextMonth'),
        closed: form('closed'),
        noDepartures: t('noRoomThatDay'),
      },
      departuresOn: Object.fromEntries(
        alternatives.map((a) => [a.localDate, t('departuresOn', { date: dayText(a.startsAt, locale) })]),
      ),
      full: t('full'),
      working: t('working'),
      error: t('error'),
      free: Object.fromEntries(alternatives.map((a) => [a.id, t('free', { count: a.free })])),
    },
  };
}
