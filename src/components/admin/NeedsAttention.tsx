import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';

import { shortDate } from './format';
import { ScheduleCancel, type StrandedItem } from './ScheduleCancel.client';
import { officePaths, type OfficeShell } from './office-paths';
import './ops.css';

export type AttentionItem = {
  id: number;
  localDate: string;
  localTime: string;
  tour: string;
  seatsSold: number;
  seatsHeld: number;
  reason: 'timetable' | 'closedDay';
};

/**
 * Departures a timetable edit or a closed day left with passengers (decision 094): closed for
 * sale, waiting for staff to cancel them (which tells every passenger, with the schedule's reason,
 * after showing who it reaches: decision 170) or reopen them. Shown above today's board to the
 * office only, whatever day they sail.
 */
export function NeedsAttention({
  items,
  language,
  t,
  shell,
}: {
  items: AttentionItem[];
  language: Locale;
  t: OpsMessages;
  shell?: OfficeShell;
}) {
  const paths = officePaths(shell);
  if (items.length === 0) return null;
  const a = t.attention;
  const stranded = (item: AttentionItem): StrandedItem => ({
    id: item.id,
    when: shortDate(item.localDate, language),
    time: item.localTime,
    tour: item.tour,
    reason: item.reason,
  });
  return (
    <section className="ops-attention" aria-labelledby="ops-attention-title" data-testid="needs-attention">
      <h2 id="ops-attention-title">{a.title}</h2>
      <p className="ops-sub">{a.intro}</p>
      {items.length > 1 ? (
        <ScheduleCancel
          items={items.map(stranded)}
          label={fill(t.scheduleImpact.cancelAll, { count: items.length })}
          language={language}
          t={t}
        />
      ) : null}
      <ul>
        {items.map((item) => (
          <li key={item.id} data-testid={`attention-${item.id}`}>
            <strong>
              {fill(a.when, { date: shortDate(item.localDate, language), time: item.localTime })} · {item.tour}
            </strong>
            <span className="ops-tag">{item.reason === 'closedDay' ? a.reasonClosedDay : a.reasonTimetable}</span>
            <span>{fill(a.people, { sold: item.seatsSold, held: item.seatsHeld })}</span>
            <span className="ops-actions">
              <ScheduleCancel items={[stranded(item)]} label={t.scheduleImpact.cancel} language={language} t={t} />
              <a className="ops-button" href={`${paths.todayForm}?date=${item.localDate}`}>
                {a.openDay}
              </a>
              <a className="ops-button ops-button--ghost" href={`/admin/ops/departures/${item.id}/manifest`}>
                {a.manifest}
              </a>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
