import { getTranslations } from 'next-intl/server';

import { loadPublishedTimetable, type PublishedRow } from '@/schedule/published-timetable';
import { localeInfo, type Locale } from '@/i18n/locales';
import { requestTourHref } from '@/i18n/routes';
import { payloadClient } from '@/lib/payload';
import { written } from '@/i18n/written';

/**
 * The tour page's timetable, rendered from the timetables departures are generated from (never
 * typed text), over the next 60 days: what it says is what the calendar sells.
 */
export async function TimetableSection({
  tourId,
  tourSlug,
  locale,
}: {
  tourId: number;
  tourSlug: string;
  locale: Locale;
}) {
  const [t, published] = await Promise.all([
    getTranslations({ locale, namespace: 'shop.timetable' }).then((t) => written(locale, t)),
    loadPublishedTimetable(await payloadClient(), tourId),
  ]);
  const iso = localeInfo[locale].iso;
  const day = new Intl.DateTimeFormat(iso, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(iso, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const weekdayName = new Intl.DateTimeFormat(iso, { weekday: 'long', timeZone: 'UTC' });
  const asDate = (date: string) => new Date(`${date}T12:00:00Z`);
  const list = new Intl.ListFormat(iso, { style: 'long', type: 'conjunction' });

  const daysLabel = (row: PublishedRow): string => {
    if (row.validFrom === row.validTo) return t('oneDay', { date: day.format(asDate(row.validFrom)) });
    if (row.days === 'daily' || row.days === 'weekdays' || row.days === 'weekends') return t(row.days);
    // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
    return list.format(row.days.map((n) => weekdayName.format(asDate(`2024-01-0${n}`))));
  };
  const seasonOf = (row: PublishedRow): string | null =>
    row.validFrom === row.validTo
      ? null
      : t('season', { from: day.format(asDate(row.validFrom)), to: day.format(asDate(row.validTo)) });

  // Groups often want a time the timetable does not have: the request form takes it from here.
  const askForOtherTimes = (
    <p className="timetable__request">
      <a href={requestTourHref(locale, tourSlug)}>{t('otherTimes')}</a>
    </p>
  );
  if (published.rows.length === 0 && published.extraDepartures.length === 0) {
    return (
      <>
        <p>{t('none')}</p>
        {askForOtherTimes}
      </>
    );
  }
  return (
    <div className="timetable" data-timetable-from={published.from} data-timetable-to={published.to}>
      <dl className="departures">
        {published.rows.map((row) => (
          <div key={`${JSON.stringify(row.days)}-${row.validFrom}-${row.validTo}`}>
            <dt>
              {daysLabel(row)}
              {seasonOf(row) ? <span className="timetable__season">{seasonOf(row)}</span> : null}
            </dt>
            <dd>
              {row.times.map((time) => (
                <time key={time}>{time}</time>
              ))}
            </dd>
            {row.closedDates.length > 0 ? (
              <dd className="timetable__closed">
                {t('closed', { dates: list.format(row.closedDates.map((d) => shortDay.format(asDate(d)))) })}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      {published.extraDepartures.length > 0 ? (
        <p>
          {t('extra', {
            list: list.format(
              published.extraDepartures.map((e) => t('at', { date: shortDay.format(asDate(e.date)), time: e.time })),
            ),
          })}
        </p>
      ) : null}
      {askForOtherTimes}
    </div>
  );
}
