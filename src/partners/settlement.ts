import { addDays, madridToUtc, utcToMadrid, type LocalDate } from '../i18n/time';
import { ticketCategories, type TicketCategory } from '../booking/pricing';

import type { PartnerTaxTreatment } from './agreement';

/**
 * A partner's monthly settlement as plain arithmetic (docs/decisions/179-partner-settlements.md):
 * what happened to its admissions in a Madrid calendar month, per day and ticket category, what
 * we owe under the agreement, and how that reconciles with our invoices.
 *
 * Every figure belongs to the month its event happened in, as the invoice books count money:
 * - **sold**: the admission was issued (the sale, the box office, a reseller's confirmation, a move);
 * - **voided**: it was voided with its ticket (a refund, a cancellation, a move), whenever it was sold;
 * - **used**: the partner's door let the visitor in;
 * - **unused**: its last valid day was in the month, it was never used and not voided by then.
 * A used admission whose part is given back to the visitor (decision 181) lowers the part's price
 * of the day it is given back; what we owe for it stays.
 * What we owe is the sold admissions' owed amounts less the voided ones' (each amount was fixed on
 * the admission at sale), so a month already settled never changes: a later refund is a negative
 * line of the month it happens in, like its rectifying invoice.
 */

export type SettlementMonth = `${number}-${number}`;

export function isSettlementMonth(value: unknown): value is SettlementMonth {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value)) return false;
  const month = Number(value.slice(5));
  return month >= 1 && month <= 12 && Number(value.slice(0, 4)) >= 2000;
}

/** The month's first and last Madrid days, and the UTC instants it starts and ends at (end excluded). */
export function monthBounds(month: SettlementMonth): { first: LocalDate; last: LocalDate; start: Date; end: Date } {
  const first = `${month}-01`;
  const next = nextMonth(month);
  const last = addDays(`${next}-01`, -1);
  return { first, last, start: madridToUtc(first, '00:00'), end: madridToUtc(`${next}-01`, '00:00') };
}

export function nextMonth(month: SettlementMonth): SettlementMonth {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5));
  return (m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`) as SettlementMonth;
}

export function previousMonth(month: SettlementMonth): SettlementMonth {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5));
  return (m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`) as SettlementMonth;
}

/** The Madrid month an instant falls in. */
export function madridMonth(at: Date): SettlementMonth {
  return utcToMadrid(at).date.slice(0, 7) as SettlementMonth;
}

/** An admission as the settlement reads it. */
export type SettlementAdmission = {
  category: TicketCategory;
  shareCents: number;
  owedCents: number;
  taxTreatment: PartnerTaxTreatment;
  vatRatePct: number | null;
  createdAt: Date;
  usedAt: Date | null;
  voidedAt: Date | null;
  /** A used admission whose part went back to the visitor (decision 181): still owed, no longer collected. */
  refundedAt: Date | null;
  validUntil: LocalDate;
};

/** One day and ticket category of the month. Amounts are the sold ones less the voided ones. */
export type SettlementRow = {
  day: LocalDate;
  category: TicketCategory;
  sold: number;
  voided: number;
  used: number;
  unused: number;
  /** The partner part's price the visitors paid (sold less voided), VAT included. */
  partCents: number;
  /** What we owe under the agreement (sold less voided). */
  owedCents: number;
};

export type SettlementTotals = Omit<SettlementRow, 'day' | 'category'>;

/** Our invoices' amounts for the partner in the month (issued less annulled), from the invoice book. */
export type InvoicedForPartner = {
  /** Collected in its name and on its behalf (third-party amounts), refunds negative. */
  collectedCents: number;
};

export type AgencyReconciliation = {
  /** The third-party amounts of our invoices of the month. */
  collectedCents: number;
  /** The same from the admissions: the part's price of those sold less those voided. */
  admissionsCents: number;
  /** Invoices less admissions: zero when they agree. */
  differenceCents: number;
  /** What we keep: the part's price less what we owe (VAT included; invoiced to the partner apart). */
  commissionCents: number;
  /** What we transfer: collected less our commission. */
  transferCents: number;
};

/**
 * Resold parts are our own sales, on our invoices at the part's VAT rate; a refund's rectifying
 * invoice gives back a difference per VAT rate, not per partner, so the invoice book cannot be
 * matched to one partner's parts: the admissions are the record of what we owe it.
 */
export type ResaleReconciliation = {
  /** What we owe the partner: the total of its invoice to us, VAT included. */
  owedCents: number;
  /** Its invoice to us by VAT rate: base and VAT worked out on each rate's total. */
  byRate: { ratePct: number; baseCents: number; vatCents: number; grossCents: number }[];
};

export type SettlementFigures = {
  rows: SettlementRow[];
  totals: SettlementTotals;
  /** Null when no admission of the month was sold on the partner's behalf and no invoice shows any. */
  agency: AgencyReconciliation | null;
  resale: ResaleReconciliation | null;
  /** Admissions sold in the month, still valid at `now`, not used: neither used nor unused yet. */
  stillValid: number;
};

const emptyTotals = (): SettlementTotals => ({ sold: 0, voided: 0, used: 0, unused: 0, partCents: 0, owedCents: 0 });

/** Base and VAT of a VAT-included total at `ratePct`, rounded to the cent on the total. */
export function splitVat(grossCents: number, ratePct: number): { baseCents: number; vatCents: number } {
  const baseCents = Math.round((grossCents * 100) / (100 + ratePct));
  return { baseCents, vatCents: grossCents - baseCents };
}

/**
 * The month's figures from the partner's admissions that had an event in it and our invoices'
 * amounts for it. `now` decides which admissions are unused yet: an admission whose last valid
 * day is today or later may still be used.
 */
export function settlementFigures(
  month: SettlementMonth,
  admissions: readonly SettlementAdmission[],
  invoiced: InvoicedForPartner,
  now: Date,
): SettlementFigures {
  const { first, last, start, end } = monthBounds(month);
  const today = utcToMadrid(now).date;
  const inMonth = (at: Date | null) => at !== null && at >= start && at < end;
  const rows = new Map<string, SettlementRow>();
  const rowOf = (day: LocalDate, category: TicketCategory) => {
    const key = `${day} ${category}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, category, sold: 0, voided: 0, used: 0, unused: 0, partCents: 0, owedCents: 0 };
      rows.set(key, row);
    }
    return row;
  };
  const byTreatment = {
    agency: { partCents: 0, owedCents: 0, any: false },
    resale: { partCents: 0, owedCents: 0, any: false },
  };
  const resaleByRate = new Map<number, number>();
  let stillValid = 0;
  const count = (admission: SettlementAdmission, sign: 1 | -1) => {
    const treatment = byTreatment[admission.taxTreatment];
    treatment.any = true;
    treatment.partCents += sign * admission.shareCents;
    treatment.owedCents += sign * admission.owedCents;
    if (admission.taxTreatment === 'resale') {
      const rate = admission.vatRatePct ?? 21;
      resaleByRate.set(rate, (resaleByRate.get(rate) ?? 0) + sign * admission.owedCents);
    }
  };

  for (const admission of admissions) {
    if (inMonth(admission.createdAt)) {
      const row = rowOf(utcToMadrid(admission.createdAt).date, admission.category);
      row.sold += 1;
      row.partCents += admission.shareCents;
      row.owedCents += admission.owedCents;
      count(admission, 1);
    }
    if (inMonth(admission.voidedAt)) {
      const row = rowOf(utcToMadrid(admission.voidedAt!).date, admission.category);
      row.voided += 1;
      row.partCents -= admission.shareCents;
      row.owedCents -= admission.owedCents;
      count(admission, -1);
    }
    if (inMonth(admission.refundedAt)) {
      // Used, then its part given back to the visitor (decision 181): the partner is still owed
      // its amount, but the part's price is no longer money collected for it.
      rowOf(utcToMadrid(admission.refundedAt!).date, admission.category).partCents -= admission.shareCents;
      const treatment = byTreatment[admission.taxTreatment];
      treatment.any = true;
      treatment.partCents -= admission.shareCents;
    }
    if (inMonth(admission.usedAt)) rowOf(utcToMadrid(admission.usedAt!).date, admission.category).used += 1;
    // Unused once its last valid day is over: not used, and not voided before that day ended (a
    // void afterwards is a later month's negative line, and this month's count stays as it was).
    const validityEnded = madridToUtc(addDays(admission.validUntil, 1), '00:00');
    const voidedInTime = admission.voidedAt !== null && admission.voidedAt < validityEnded;
    if (admission.usedAt === null && !voidedInTime) {
      if (admission.validUntil >= first && admission.validUntil <= last && admission.validUntil < today) {
        rowOf(admission.validUntil, admission.category).unused += 1;
      } else if (admission.validUntil >= today && inMonth(admission.createdAt) && admission.voidedAt === null) {
        stillValid += 1;
      }
    }
  }

  const order = (category: TicketCategory) => ticketCategories.indexOf(category);
  const sorted = [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || order(a.category) - order(b.category));
  const totals = sorted.reduce((sum, row) => {
    sum.sold += row.sold;
    sum.voided += row.voided;
    sum.used += row.used;
    sum.unused += row.unused;
    sum.partCents += row.partCents;
    sum.owedCents += row.owedCents;
    return sum;
  }, emptyTotals());

  const { agency: a, resale: r } = byTreatment;
  const agency: AgencyReconciliation | null =
    a.any || invoiced.collectedCents !== 0
      ? {
          collectedCents: invoiced.collectedCents,
          admissionsCents: a.partCents,
          differenceCents: invoiced.collectedCents - a.partCents,
          commissionCents: a.partCents - a.owedCents,
          transferCents: invoiced.collectedCents - (a.partCents - a.owedCents),
        }
      : null;
  const resale: ResaleReconciliation | null = r.any
    ? {
        owedCents: r.owedCents,
        byRate: [...resaleByRate.entries()]
          .filter(([, gross]) => gross !== 0)
          .sort(([x], [y]) => x - y)
          .map(([ratePct, grossCents]) => ({ ratePct, grossCents, ...splitVat(grossCents, ratePct) })),
      }
    : null;
  return { rows: sorted, totals, agency, resale, stillValid };
}

/** Whether the month had anything to settle: an event or an invoiced amount. */
export function hasActivity(figures: SettlementFigures): boolean {
  return figures.rows.length > 0 || figures.agency !== null || figures.resale !== null;
}
