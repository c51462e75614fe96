import type { Payload } from 'payload';

import { failedRefunds } from '@/operations/refunds';
import { staleInvoiceRecords } from '@/invoicing/entry-points';
import { verifactuMode } from '@/invoicing/config';
import { departuresNeedingAttention } from '@/schedule/timetable-changes';
import { isLocalDate, madridToday } from '@/i18n/time';
import { todayBoard } from '@/operations/today-board';
import { windThresholds, withWeather } from '@/content/board-weather';
import { lastRetentionRun } from '@/privacy/retention';
import { partnersLowOnCodes } from '@/operations/door';

import { FailedRefunds } from './FailedRefunds.client';
import { InvoicesAlert } from './InvoicesAlert';
import { NeedsAttention } from './NeedsAttention';
import { PartnerCodesAlert } from './PartnerCodesAlert';
import { RetentionNotice } from './RetentionNotice';
import { TodayBoard } from './TodayBoard.client';
import type { OfficeShell } from './office-paths';
import type { StaffView } from './view-context';

/**
 * The board and the office's alerts above it, in either shell: the admin's dashboard above, the
 * staff app's /staff/today (src/app/(staff)/staff/today).
 */
export async function TodayBoardBody({
  payload,
  view,
  searchParams,
  shell,
}: {
  payload: Payload;
  view: StaffView;
  searchParams: Record<string, string | string[] | undefined> | undefined;
  shell: OfficeShell;
}) {
  const { language, t } = view;
  const now = new Date();
  const manages = view.can('departure.manage');
  const office = view.can('booking.read');
  // Another day is the office's: the crew see today's sailings and nothing else.
  const asked = searchParams?.date;
  const otherDay =
    view.can('departure.read') && typeof asked === 'string' && isLocalDate(asked) && asked !== madridToday(now)
      ? asked
      : undefined;
  const [board, thresholds, tours, boats] = await Promise.all([
    todayBoard(payload, { locale: language, now, ...(otherDay ? { date: otherDay } : {}) }),
    windThresholds(payload),
    manages
      ? payload.find({
          collection: 'tours',
          locale: language,
          limit: 200,
          depth: 0,
          pagination: false,
          sort: 'menuOrder',
        })
      : null,
    manages ? payload.find({ collection: 'boats', limit: 200, depth: 0, pagination: false, sort: 'name' }) : null,
  ]);
  const departures = await withWeather(board.departures, thresholds, now.getTime());
  const [attention, refunds, retention] = office
    ? await Promise.all([departuresNeedingAttention(payload, now), failedRefunds(payload), lastRetentionRun(payload)])
    : [[], [], null];
  // Records the AEAT has not taken: in no-VERI*FACTU mode they wait to be asked for, so only rejections count.
  const stale = view.can('invoices.read')
    ? await staleInvoiceRecords(payload, { now, includeUnsent: verifactuMode() === 'verifactu' })
    : null;
  const lowOnCodes = view.can('partners.read') ? await partnersLowOnCodes(payload) : [];
  const tourTitles = new Map(tours?.docs.map((tour) => [Number(tour.id), tour.title]) ?? []);
  return (
    <>
      <FailedRefunds
        initial={refunds.map((refund) => ({
          id: refund.id,
          reference: refund.reference,
          amountCents: refund.amountCents,
          gatewayCode: refund.gatewayCode,
          attempts: refund.attempts,
        }))}
        language={language}
        t={t}
        shell={shell}
      />
      {stale ? <InvoicesAlert stale={stale} language={language} /> : null}
      <PartnerCodesAlert partners={lowOnCodes} language={language} t={t} />
      <NeedsAttention
        items={attention.map((item) => ({ ...item, tour: tourTitles.get(item.tourId) ?? '' }))}
        language={language}
        t={t}
        shell={shell}
      />
      <TodayBoard
        // A new day is a new board: its polling and state start over.
        key={otherDay ?? 'today'}
        initial={{ ok: true, date: board.date, now: now.toISOString(), thresholds, departures }}
        language={language}
        t={t}
        canManage={manages}
        tours={tours?.docs.map((tour) => ({ id: Number(tour.id), title: tour.title })) ?? []}
        boats={boats?.docs.map((boat) => ({ id: Number(boat.id), name: boat.name, capacity: boat.capacity })) ?? []}
        {...(otherDay ? { date: otherDay } : {})}
        shell={shell}
      />
      {office ? <RetentionNotice run={retention} language={language} t={t} now={now.toISOString()} /> : null}
    </>
  );
}
