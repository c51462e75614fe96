import type { Payload } from 'payload';

import { defaultLocale, type Locale } from '../i18n/locales';
import { movesByWhom } from '../audit/record';
import { disruptedBookingOutcomes } from '../booking/bookings-repository';
import { num, shopDb, str } from '../booking/db';
import { boardingByDay, cancelledDeparturesCount } from '../booking/departures-repository';
import { succeededMovementsBetween, type SucceededMovement } from '../booking/payments-repository';
import { validTicketsByCategory } from '../booking/tickets-repository';
import { csvCell } from './manifest';
import { resellerNetCentsOf } from '../booking/reseller-net';
import { addDays, daysBetween, isLocalDate, madridToUtc, utcToMadrid, type LocalDate } from '@/i18n/time';

/**
 * The office's reports for a range of Madrid calendar days (both ends included): money received
 * and given back, by day, channel and tour; tickets by category; what became of bookings on
 * cancelled departures; and how many of the seats sold actually boarded.
 *
 * Money is counted on the day it moved (the payment event's time), not on the day of the trip:
 * that is what reaches the bank and the till. Tickets, disruptions and boarding belong to the day
 * of the departure, which is what the crew and the skipper count.
 */

/** A year and a day: a leap year fits, and no request scans the whole history by accident. */
export const MAX_REPORT_DAYS = 366;

export type ReportRange = { from: LocalDate; to: LocalDate };

export type ReportRangeError = 'invalidRange' | 'rangeTooLong';

export function reportRange(
  from: unknown,
  to: unknown,
): { ok: true; range: ReportRange } | { ok: false; error: ReportRangeError } {
  if (!isLocalDate(from) || !isLocalDate(to)) return { ok: false, error: 'invalidRange' };
  const days = daysBetween(from, to) + 1;
  if (days < 1) return { ok: false, error: 'invalidRange' };
  if (days > MAX_REPORT_DAYS) return { ok: false, error: 'rangeTooLong' };
  return { ok: true, range: { from, to } };
}

export const CHANNELS = ['web', 'boxOffice', 'agency', 'reseller'] as const;
export type Channel = (typeof CHANNELS)[number];

export const TICKET_CATEGORIES = ['adult', 'reduced', 'child', 'super3'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export type DayLine = {
  date: LocalDate;
  payments: number;
  /** Money received per channel, in cents. */
  webCents: number;
  boxOfficeCents: number;
  agencyCents: number;
  resellerCents: number;
  salesCents: number;
  refunds: number;
  refundsCents: number;
  netCents: number;
};

export type ChannelLine = { channel: Channel; payments: number; cents: number };
export type TourLine = { tourId: number; title: string; salesCents: number; refundsCents: number; netCents: number };
export type CategoryLine = { category: TicketCategory; tickets: number };
/**
 * What a reseller sold and gave back through the OCTO API in the range: `retailCents` is sales
 * minus cancellations at our price, `netCents` what the reseller owes us after its commission
 * (each booking's net rounded as OCTO showed it, with the reseller's current commission).
 */
export type ResellerLine = {
  resellerId: number;
  name: string;
  bookings: number;
  cancellations: number;
  salesCents: number;
  refundsCents: number;
  retailCents: number;
  netCents: number;
  /**
   * The commission on what it sold as our agent (decision 165): a cost the reseller invoices us.
   * On what it bought and resold the commission is no cost: we sold at the net price.
   */
  agentCommissionCents: number;
};
export type BoardingLine = { date: LocalDate; departures: number; sold: number; boarded: number; noShows: number };

export type DisruptionTotals = {
  /** Departures in the range that were cancelled. */
  departures: number;
  /** Paid bookings on them, each now in one of the four outcomes below. */
  disrupted: number;
  moved: number;
  refunded: number;
  /** Cancelled by the office outside the visitor's choice (with or without a refund). */
  cancelled: number;
  undecided: number;
};

export type SalesReport = {
  from: LocalDate;
  to: LocalDate;
  days: DayLine[];
  channels: ChannelLine[];
  tours: TourLine[];
  resellers: ResellerLine[];
  categories: CategoryLine[];
  disruption: DisruptionTotals;
  /** Bookings moved to another departure in the range (by the day of the change), by who moved them. */
  moves: { visitors: number; staff: number; resellers: number };
  boarding: BoardingLine[];
  totals: {
    payments: number;
    salesCents: number;
    refunds: number;
    refundsCents: number;
    netCents: number;
    tickets: number;
    sold: number;
    boarded: number;
    noShows: number;
  };
};

/**
 * Which way the money came in. An agency pays by invoice whoever keyed the sale; a staff member
 * took the rest at the counter or on the phone; everything else came through the website's
 * gateway (the visitor's card or Bizum, or the gateway's late notice recorded by the system). A
 * payment link the office sent is paid by the visitor online, so it counts as web. Resellers
 * confirm through the OCTO API (`reseller:<id>`).
 */
export function channelOf(event: { method: string | null; requestedBy: string }): Channel {
  // A reseller's sale is on its account (`invoice`) too, but it is its own channel: the office
  // settles it per reseller, apart from the agencies it invoices itself.
  if (event.requestedBy.startsWith('reseller:')) return 'reseller';
  if (event.method === 'invoice') return 'agency';
  if (event.requestedBy.startsWith('user:')) return 'boxOffice';
  return 'web';
}

function emptyDay(day: LocalDate): DayLine {
  return {
    date: day,
    payments: 0,
    webCents: 0,
    boxOfficeCents: 0,
    agencyCents: 0,
    resellerCents: 0,
    salesCents: 0,
    refunds: 0,
    refundsCents: 0,
    netCents: 0,
  };
}

export async function tourTitles(payload: Payload, ids: number[], locale: Locale): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  if (ids.length === 0) return titles;
  const { rows } = await shopDb(payload).query(
    `SELECT _parent_id, _locale, title FROM tours_locales
     WHERE _parent_id IN (${ids.map(() => '?').join(', ')}) AND _locale IN (?, ?)`,
    [...ids, locale, defaultLocale],
  );
  // The staff member's language when the tour has it, else the site's default.
  for (const row of rows) {
    const id = num(row._parent_id);
    if (row._locale === locale || !titles.has(id)) titles.set(id, str(row.title));
  }
  return titles;
}

export async function salesReport(
  payload: Payload,
  range: ReportRange,
  options: { locale?: Locale; now?: Date } = {},
): Promise<SalesReport> {
  const db = shopDb(payload);
  const now = options.now ?? new Date();
  const start = madridToUtc(range.from, '00:00');
  const end = madridToUtc(addDays(range.to, 1), '00:00');

  // Madrid's midnight moves with summer time and SQLite has no time zones: the events come back
  // one by one (a season is a few thousand) and are put on their Madrid day here.
  const events = await succeededMovementsBetween(db, start, end);
  const days = new Map<LocalDate, DayLine>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.set(day, emptyDay(day));
  const channels = new Map<Channel, ChannelLine>(
    CHANNELS.map((channel) => [channel, { channel, payments: 0, cents: 0 }]),
  );
  const tours = new Map<number, { salesCents: number; refundsCents: number }>();
  const resold = new Map<
    number,
    { bookings: number; cancellations: number; sales: ResoldCents[]; refunds: ResoldCents[] }
  >();
  const resellerOf = (id: number) => {
    const line = resold.get(id) ?? { bookings: 0, cancellations: 0, sales: [], refunds: [] };
    resold.set(id, line);
    return line;
  };
  for (const row of events) {
    const line = days.get(utcToMadrid(row.createdAt).date);
    if (!line) continue;
    const cents = row.amountCents;
    const tourId = row.booking.tourId;
    const tour = tours.get(tourId) ?? { salesCents: 0, refundsCents: 0 };
    tours.set(tourId, tour);
    if (row.kind === 'refund') {
      line.refunds += 1;
      line.refundsCents += cents;
      tour.refundsCents += cents;
      if (row.booking.resellerId) {
        const reseller = resellerOf(row.booking.resellerId);
        reseller.cancellations += 1;
        reseller.refunds.push(resoldOf(row, cents));
      }
    } else {
      const channel = channelOf({ method: row.method, requestedBy: row.requestedBy });
      line.payments += 1;
      line.salesCents += cents;
      line[`${channel}Cents`] += cents;
      channels.get(channel)!.payments += 1;
      channels.get(channel)!.cents += cents;
      tour.salesCents += cents;
      if (channel === 'reseller' && row.booking.resellerId) {
        const reseller = resellerOf(row.booking.resellerId);
        reseller.bookings += 1;
        reseller.sales.push(resoldOf(row, cents));
      }
    }
    line.netCents = line.salesCents - line.refundsCents;
  }

  const titles = await tourTitles(payload, [...tours.keys()], options.locale ?? defaultLocale);
  const tourLines = [...tours.entries()]
    .map(([tourId, t]) => ({
      tourId,
      title: titles.get(tourId) ?? `#${tourId}`,
      salesCents: t.salesCents,
      refundsCents: t.refundsCents,
      netCents: t.salesCents - t.refundsCents,
    }))
    .sort((a, b) => b.salesCents - a.salesCents || a.title.localeCompare(b.title));

  const resellers = await resellerLines(payload, resold);

  // Tickets still good for the trip: a refunded or moved-away booking's tickets are voided or
  // belong to the departure it moved to.
  const categoryCount = await validTicketsByCategory(db, range);
  const categories = TICKET_CATEGORIES.map((category) => ({ category, tickets: categoryCount.get(category) ?? 0 }));

  const disruptionRows = await disruptedBookingOutcomes(db, range);
  const disruption: DisruptionTotals = {
    departures: await cancelledDeparturesCount(db, range),
    disrupted: 0,
    moved: 0,
    refunded: 0,
    cancelled: 0,
    undecided: 0,
  };
  for (const row of disruptionRows) {
    const count = row.bookings;
    disruption.disrupted += count;
    if (row.disruptionChoice === 'moved') disruption.moved += count;
    else if (row.disruptionChoice === 'refunded') disruption.refunded += count;
    else if (row.status === 'disrupted') disruption.undecided += count;
    else disruption.cancelled += count;
  }

  // Only departures that have left: a later one's passengers have not had the chance to board.
  const boarding = (await boardingByDay(db, range, now))
    .map(({ localDate, departures, sold, boarded }) => ({
      date: localDate,
      departures,
      sold,
      boarded,
      noShows: sold - boarded,
    }))
    .filter((line) => line.sold > 0 || line.boarded > 0);

  const dayLines = [...days.values()];
  const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);
  const salesCents = sum(dayLines, (d) => d.salesCents);
  const refundsCents = sum(dayLines, (d) => d.refundsCents);
  return {
    from: range.from,
    to: range.to,
    days: dayLines,
    channels: [...channels.values()],
    tours: tourLines,
    resellers,
    categories,
    disruption,
    moves: await movesByWhom(payload, start, end),
    boarding,
    totals: {
      payments: sum(dayLines, (d) => d.payments),
      salesCents,
      refunds: sum(dayLines, (d) => d.refunds),
      refundsCents,
      netCents: salesCents - refundsCents,
      tickets: sum(categories, (c) => c.tickets),
      sold: sum(boarding, (b) => b.sold),
      boarded: sum(boarding, (b) => b.boarded),
      noShows: sum(boarding, (b) => b.noShows),
    },
  };
}

/** A reseller's payment or refund, with what its booking kept at sale (net, commission) and was paid. */
type ResoldCents = {
  cents: number;
  paidCents: number;
  kept: { reseller_net_cents: unknown; reseller_commission_percent: unknown };
  agent: boolean;
};

const resoldOf = (row: SucceededMovement, cents: number): ResoldCents => ({
  cents,
  paidCents: row.booking.paidCents,
  kept: {
    reseller_net_cents: row.booking.resellerNetCents,
    reseller_commission_percent: row.booking.resellerCommissionPercent,
  },
  agent: row.booking.resellerInvoicing === 'agent',
});

async function resellerLines(
  payload: Payload,
  resold: Map<number, { bookings: number; cancellations: number; sales: ResoldCents[]; refunds: ResoldCents[] }>,
): Promise<ResellerLine[]> {
  if (resold.size === 0) return [];
  const ids = [...resold.keys()];
  const { rows } = await shopDb(payload).query(
    `SELECT id, name, commission_percent FROM resellers WHERE id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const known = new Map(rows.map((row) => [num(row.id), row]));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return ids
    .map((resellerId) => {
      const line = resold.get(resellerId)!;
      const row = known.get(resellerId);
      // What each booking owed when it was sold (booking/reseller-net.ts); the reseller's current
      // commission only for bookings sold before either was kept.
      const current = row ? num(row.commission_percent ?? 0) : 0;
      const net = (values: ResoldCents[]) =>
        sum(values.map(({ cents, paidCents, kept }) => resellerNetCentsOf(kept, paidCents, cents, current)));
      const salesCents = sum(line.sales.map(({ cents }) => cents));
      const refundsCents = sum(line.refunds.map(({ cents }) => cents));
      const commission = (values: ResoldCents[]) => {
        const agents = values.filter((value) => value.agent);
        return sum(agents.map(({ cents }) => cents)) - net(agents);
      };
      return {
        resellerId,
        name: row ? str(row.name) : `#${resellerId}`,
        bookings: line.bookings,
        cancellations: line.cancellations,
        salesCents,
        refundsCents,
        retailCents: salesCents - refundsCents,
        netCents: net(line.sales) - net(line.refunds),
        agentCommissionCents: commission(line.sales) - commission(line.refunds),
      };
    })
    .sort((a, b) => b.retailCents - a.retailCents || a.name.localeCompare(b.name));
}

/** Cents as a plain "1234.50": spreadsheets in any locale read it as a number, no currency sign. */
export function plainEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type SalesCsvLabels = {
  date: string;
  web: string;
  boxOffice: string;
  agency: string;
  reseller: string;
  sales: string;
  refunds: string;
  net: string;
  total: string;
  resellerName: string;
  bookings: string;
  cancellations: string;
  retail: string;
  netOwed: string;
};

/**
 * What the invoices issued in the range add up to, by VAT rate (invoices minus rectifications):
 * net and VAT as the tax return sees them. Computed by invoicing/books.ts, which operations may not
 * import; the route and the view hand it over.
 */
export type InvoicedTotals = {
  byRate: { ratePct: number; baseCents: number; vatCents: number; grossCents: number }[];
  baseCents: number;
  vatCents: number;
  grossCents: number;
};

export type InvoicedCsvLabels = { rate: string; base: string; vat: string; total: string; allRates: string };

/**
 * One row per day of the range (days without sales too, so the dates run on), a column per
 * channel, refunds and net, and a totals row; then, if resellers sold, one row per reseller; then,
 * if invoices were issued, their net and VAT per rate. Same shape as the manifest's CSV: UTF-8 with BOM,
 * CRLF; numbers written out directly because they are ours and never start a formula.
 */
export function salesCsv(
  report: SalesReport,
  labels: SalesCsvLabels,
  invoiced?: { totals: InvoicedTotals; labels: InvoicedCsvLabels },
): string {
  const header = [
    labels.date,
    labels.web,
    labels.boxOffice,
    labels.agency,
    labels.reseller,
    labels.sales,
    labels.refunds,
    labels.net,
  ];
  const lines = [header.map((label) => csvCell(label)).join(',')];
  const money = (
    d: Pick<
      DayLine,
      'webCents' | 'boxOfficeCents' | 'agencyCents' | 'resellerCents' | 'salesCents' | 'refundsCents' | 'netCents'
    >,
  ) =>
    [d.webCents, d.boxOfficeCents, d.agencyCents, d.resellerCents, d.salesCents, d.refundsCents, d.netCents].map(
      plainEuros,
    );
  for (const day of report.days) lines.push([day.date, ...money(day)].join(','));
  const totals = {
    webCents: report.days.reduce((s, d) => s + d.webCents, 0),
    boxOfficeCents: report.days.reduce((s, d) => s + d.boxOfficeCents, 0),
    agencyCents: report.days.reduce((s, d) => s + d.agencyCents, 0),
    resellerCents: report.days.reduce((s, d) => s + d.resellerCents, 0),
    salesCents: report.totals.salesCents,
    refundsCents: report.totals.refundsCents,
    netCents: report.totals.netCents,
  };
  lines.push([csvCell(labels.total), ...money(totals)].join(','));
  // The per-reseller settlement below a blank line, only when resellers sold in the range.
  if (report.resellers.length > 0) {
    lines.push('');
    lines.push(
      [labels.resellerName, labels.bookings, labels.cancellations, labels.retail, labels.netOwed]
        .map((label) => csvCell(label))
        .join(','),
    );
    for (const line of report.resellers) {
      lines.push(
        [
          csvCell(line.name),
          line.bookings,
          line.cancellations,
          plainEuros(line.retailCents),
          plainEuros(line.netCents),
        ].join(','),
      );
    }
  }
  if (invoiced && invoiced.totals.byRate.length > 0) {
    const { totals, labels: vat } = invoiced;
    lines.push('');
    lines.push([vat.rate, vat.base, vat.vat, vat.total].map((label) => csvCell(label)).join(','));
    for (const line of totals.byRate) {
      lines.push(
        [String(line.ratePct), plainEuros(line.baseCents), plainEuros(line.vatCents), plainEuros(line.grossCents)].join(
          ',',
        ),
      );
    }
    lines.push(
      [
        csvCell(vat.allRates),
        plainEuros(totals.baseCents),
        plainEuros(totals.vatCents),
        plainEuros(totals.grossCents),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
