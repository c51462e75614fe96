import type { Payload } from 'payload';

import { shopDb, type Tx } from '../booking/db';
import { formatSignedEuros } from '../invoicing/document';
import { partnerAmountsInvoicedBetween } from '../invoicing/ledger';
import { isLocale, localeInfo, type Locale } from '../i18n/locales';
import { opsMessages, type OpsMessages } from '../i18n/ops-messages';
import { fillWritten } from '../i18n/written';
import { admissionsWithEventsBetween } from '../partners/admissions-repository';
import { findPartner, type PartnerRecord } from '../partners/partners-repository';
import {
  madridMonth,
  monthBounds,
  settlementFigures,
  type SettlementFigures,
  type SettlementMonth,
} from '../partners/settlement';

import { csvCell } from './manifest';
import { plainEuros } from './reports';

/**
 * A partner's monthly settlement as documents (docs/decisions/179-partner-settlements.md): the
 * figures of src/partners/settlement.ts for one partner and Madrid month, read from its admissions
 * and our invoices, and written as CSV, PDF (partner-settlement-pdf.ts) and e-mail in the
 * partner's settlement language, whoever downloads it.
 */

export type PartnerSettlement = SettlementFigures & {
  partner: Pick<PartnerRecord, 'id' | 'name' | 'legalName' | 'taxId' | 'contactEmail'>;
  month: SettlementMonth;
  locale: Locale;
  first: string;
  last: string;
};

/** The month's settlement of a partner, or null when there is no such partner. */
export async function partnerSettlement(
  payload: Payload,
  partnerId: number,
  month: SettlementMonth,
  now = new Date(),
): Promise<PartnerSettlement | null> {
  return settlementFrom(shopDb(payload), partnerId, month, now);
}

export async function settlementFrom(
  db: Pick<Tx, 'query'>,
  partnerId: number,
  month: SettlementMonth,
  now: Date,
): Promise<PartnerSettlement | null> {
  const partner = await findPartner(db, partnerId);
  if (!partner) return null;
  const bounds = monthBounds(month);
  const admissions = await admissionsWithEventsBetween(db, partnerId, bounds);
  const invoiced = await partnerAmountsInvoicedBetween(db, partner, bounds.start, bounds.end);
  return {
    ...settlementFigures(month, admissions, invoiced, now),
    partner: {
      id: partner.id,
      name: partner.name,
      legalName: partner.legalName,
      taxId: partner.taxId,
      contactEmail: partner.contactEmail,
    },
    month,
    locale: isLocale(partner.language) ? partner.language : 'ca',
    first: bounds.first,
    last: bounds.last,
  };
}

/** Whether a settlement may be asked for: a month up to the current Madrid one. */
export function isSettledMonth(month: SettlementMonth, now: Date): boolean {
  return month <= madridMonth(now);
}

export type SettlementTexts = OpsMessages['partnerSettlement'] & { categories: OpsMessages['category'] };

export function settlementTexts(locale: Locale): SettlementTexts {
  const t = opsMessages(locale);
  return { ...t.partnerSettlement, categories: t.category };
}

/** "novembre de 2026" in the settlement's language. */
export function monthName(month: SettlementMonth, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
}

/** "29/11/2026" (en-GB, ca, es, fr all read day first). */
export function dayText(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeInfo[locale].iso, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

export const euros = (cents: number, locale: Locale) => formatSignedEuros(cents, locale);

/** The table's header, rows and totals row as text cells: the CSV and the PDF show the same. */
export function settlementTable(
  settlement: PartnerSettlement,
  t: SettlementTexts,
  amount: (cents: number) => string,
  day: (day: string) => string,
): { header: string[]; rows: string[][]; totals: string[] } {
  const header = [t.day, t.category, t.sold, t.voided, t.used, t.unused, t.part, t.owed];
  const rows = settlement.rows.map((row) => [
    day(row.day),
    t.categories[row.category],
    String(row.sold),
    String(row.voided),
    String(row.used),
    String(row.unused),
    amount(row.partCents),
    amount(row.owedCents),
  ]);
  const s = settlement.totals;
  const totals = [
    t.total,
    '',
    String(s.sold),
    String(s.voided),
    String(s.used),
    String(s.unused),
    amount(s.partCents),
    amount(s.owedCents),
  ];
  return { header, rows, totals };
}

/**
 * One line per day and ticket category, the totals last, like the other staff CSVs: UTF-8 with a
 * BOM (Excel reads the accents), CRLF, plain `1234.50` amounts any spreadsheet reads as numbers,
 * ISO days, and every text cell made safe from formula injection (csvCell).
 */
export function settlementCsv(settlement: PartnerSettlement): string {
  const t = settlementTexts(settlement.locale);
  const table = settlementTable(settlement, t, plainEuros, (day) => day);
  const lines = [table.header, ...table.rows, table.totals].map((cells) =>
    cells.map((cell) => csvCell(cell)).join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The summary under the table: label and amount, in the settlement's language. */
export function settlementSummary(settlement: PartnerSettlement): { heading: string; lines: [string, string][] }[] {
  const t = settlementTexts(settlement.locale);
  const money = (cents: number) => euros(cents, settlement.locale);
  const rate = (pct: number) =>
    new Intl.NumberFormat(localeInfo[settlement.locale].iso, { style: 'percent', maximumFractionDigits: 2 }).format(
      pct / 100,
    );
  const sections: { heading: string; lines: [string, string][] }[] = [];
  const { agency, resale } = settlement;
  if (agency) {
    const lines: [string, string][] = [
      [t.collected, money(agency.collectedCents)],
      [t.fromAdmissions, money(agency.admissionsCents)],
    ];
    if (agency.differenceCents !== 0) lines.push([t.difference, money(agency.differenceCents)]);
    lines.push([t.commission, money(agency.commissionCents)], [t.transfer, money(agency.transferCents)]);
    sections.push({ heading: t.agencyHeading, lines });
  }
  if (resale) {
    const lines: [string, string][] = [];
    for (const group of resale.byRate) {
      lines.push(
        [fillWritten(settlement.locale, t.base, { rate: rate(group.ratePct) }), money(group.baseCents)],
        [fillWritten(settlement.locale, t.vat, { rate: rate(group.ratePct) }), money(group.vatCents)],
      );
    }
    lines.push([t.owedTotal, money(resale.owedCents)]);
    sections.push({ heading: t.resaleHeading, lines });
  }
  return sections;
}

/** The title, in the settlement's language (Catalan: "Liquidació d'Aquàrium de Barcelona, abril del 2026"). */
export function settlementTitle(settlement: PartnerSettlement): string {
  const t = settlementTexts(settlement.locale);
  return fillWritten(settlement.locale, t.title, {
    partner: settlement.partner.name,
    month: monthName(settlement.month, settlement.locale),
  });
}

/** A download's file name: `settlement-{partner id}-{yyyy-mm}.{csv|pdf}`. */
export function settlementFileName(settlement: PartnerSettlement, extension: 'csv' | 'pdf'): string {
  return `settlement-${settlement.partner.id}-${settlement.month}.${extension}`;
}
