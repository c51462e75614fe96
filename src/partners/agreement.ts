import { addDays, type LocalDate } from '../i18n/time';
import type { TicketCategory } from '../booking/pricing';

/**
 * A partner's agreement with the operator, and a combined tour's partner parts, as plain rules
 * (docs/decisions/175-partners-and-combined-tours.md). A combined tour is a boat part plus one or
 * more partner parts; each part has its share of each ticket category's price. The agreement says
 * what we owe the partner per admission, how its door checks admissions, how long an admission
 * is valid and how the partner's part is taxed.
 */

/** Agency: sold in the partner's name and on its behalf; resale: bought from it and sold as ours. */
export const partnerTaxTreatments = ['agency', 'resale'] as const;
export type PartnerTaxTreatment = (typeof partnerTaxTreatments)[number];

/** Our QR scanned at the partner's door, or codes the partner supplies in batches. */
export const admissionChecks = ['ourQr', 'partnerCodes'] as const;
export type AdmissionCheck = (typeof admissionChecks)[number];

/** The day of the trip only, N days from the trip, or a fixed date range. */
export const validityRules = ['tripDay', 'daysAfter', 'dateRange'] as const;
export type ValidityRule = (typeof validityRules)[number];

/** A fixed amount per admission and category, or a share of the part's price. */
export const paymentRules = ['perAdmission', 'share'] as const;
export type PaymentRule = (typeof paymentRules)[number];

export type CategoryCents = Record<TicketCategory, number>;

export type Agreement = {
  payment: PaymentRule;
  /** perAdmission: what we pay per admission of each category, in cents. */
  perAdmissionCents: CategoryCents;
  /** share: the partner's percent of the part's share of the price (0–100, two decimals). */
  sharePercent: number;
  check: AdmissionCheck;
  /** partnerCodes: the office is warned when fewer unused codes than this are left. */
  lowCodesWarning: number;
  validity: ValidityRule;
  /** daysAfter: valid from the trip's day until this many days after it. */
  validityDays: number;
  /** dateRange: valid on these days, both included (YYYY-MM-DD). */
  validFrom: LocalDate | null;
  validUntil: LocalDate | null;
  taxTreatment: PartnerTaxTreatment;
  /** resale: the VAT of the partner part (10 % a restaurant's meal, 21 % a museum's admission). */
  resaleVatRatePct: number | null;
};

/** What we owe the partner for one admission of a category whose part was sold at `shareCents`. */
export function owedPerAdmission(agreement: Agreement, category: TicketCategory, shareCents: number): number {
  if (agreement.payment === 'perAdmission') return agreement.perAdmissionCents[category];
  // Rounded half up on whole cents: the settlement adds admissions, never fractions of a cent.
  return Math.round((shareCents * Math.round(agreement.sharePercent * 100)) / 10_000);
}

/** The days an admission of a trip on `tripDay` may be used, both included. */
export function validityWindow(agreement: Agreement, tripDay: LocalDate): { from: LocalDate; until: LocalDate } {
  if (agreement.validity === 'daysAfter') return { from: tripDay, until: addDays(tripDay, agreement.validityDays) };
  if (agreement.validity === 'dateRange' && agreement.validFrom && agreement.validUntil) {
    return { from: agreement.validFrom, until: agreement.validUntil };
  }
  return { from: tripDay, until: tripDay };
}

/** A part of a combined tour: its partner and its share of each category's price, VAT included. */
export type TourPart = { partnerId: number; shareCents: CategoryCents };

/**
 * Why a tour's partner parts do not fit its prices, or null: each category's parts together must
 * leave the boat a share (not negative) of the cheapest fare that sells the category.
 */
export function partsProblem(
  parts: readonly TourPart[],
  fares: readonly Partial<Record<TicketCategory, number | null>>[],
): 'shareAbovePrice' | 'samePartnerTwice' | null {
  if (new Set(parts.map((part) => part.partnerId)).size !== parts.length) return 'samePartnerTwice';
  for (const fare of fares) {
    for (const category of ['adult', 'reduced', 'child'] as const) {
      const price = fare[category];
      if (typeof price !== 'number') continue;
      const parted = parts.reduce((sum, part) => sum + part.shareCents[category], 0);
      if (parted > price) return 'shareAbovePrice';
    }
  }
  return null;
}
