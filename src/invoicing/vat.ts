import { centsToAmount } from './amounts';
import type { VatBreakdownLine } from './types';

/**
 * The VAT breakdown of an invoice whose prices include VAT.
 *
 * Rule (docs/domain-rules.md, "VAT breakdown"): lines are grouped by rate; for each rate group,
 *   gross = the sum of the group's VAT-inclusive line totals, in cents
 *   vat   = gross × rate / (100 + rate), rounded to the cent, halves away from zero
 *   base  = gross − vat
 * so base + vat is exactly the group's gross, and the invoice total is exactly what the customer
 * paid. A negative group (a rectifying invoice by differences) gives exactly the negated figures of
 * the positive one, because the rounding is symmetric about zero.
 *
 * The AEAT checks CuotaRepercutida against BaseImponibleOimporteNoSujeto × TipoImpositivo (error 1142,
 * "Validaciones y errores" §15.7, margin ±10.00 €). With this rule the difference is never more than
 * (100 + rate) / 200 of a cent, i.e. below one cent for any rate up to 100 %, far inside that margin.
 * Rounding the VAT per line instead would let the error grow with the number of lines.
 */

export type VatLineInput = {
  /** The line's total as charged, VAT included, in cents (negative on a rectifying invoice). */
  grossCents: number;
  /** The rate in percent, e.g. 10 or 21; at most two decimals (TipoImpositivo is "21.00"). */
  ratePct: number;
};

export type VatGroup = { ratePct: number; grossCents: number; baseCents: number; vatCents: number };

export type VatBreakdown = {
  /** One group per rate, lowest rate first. */
  groups: VatGroup[];
  baseCents: number;
  /** CuotaTotal. */
  vatCents: number;
  /** ImporteTotal: the sum of every line, what the customer paid. */
  grossCents: number;
};

/** The AEAT's admitted difference between CuotaRepercutida and Base × Tipo, in cents. */
export const AEAT_VAT_TOLERANCE_CENTS = 1000;

// Rates travel as basis points (21 % = 2100) so that every product below is an exact integer.
function rateBasisPoints(ratePct: number): bigint {
  const bp = Math.round(ratePct * 100);
  if (!Number.isFinite(ratePct) || ratePct < 0 || ratePct > 100 || Math.abs(bp - ratePct * 100) > 1e-6) {
    throw new RangeError(`Not a VAT rate between 0 and 100 with at most two decimals: ${ratePct}`);
  }
  return BigInt(bp);
}

/** round(numerator / denominator) with halves away from zero; denominator > 0. */
function divideRoundingHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (2n * abs + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** The VAT contained in a VAT-inclusive amount, in cents, by the rule above. */
export function vatInGross(grossCents: number, ratePct: number): number {
  if (!Number.isSafeInteger(grossCents)) throw new RangeError(`Not a whole number of cents: ${grossCents}`);
  const bp = rateBasisPoints(ratePct);
  return Number(divideRoundingHalfAway(BigInt(grossCents) * bp, 10_000n + bp));
}

export function vatBreakdown(lines: readonly VatLineInput[]): VatBreakdown {
  const grossByRate = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.grossCents)) throw new RangeError(`Not a whole number of cents: ${line.grossCents}`);
    rateBasisPoints(line.ratePct);
    const sum = (grossByRate.get(line.ratePct) ?? 0) + line.grossCents;
    if (!Number.isSafeInteger(sum)) throw new RangeError('Invoice total out of range');
    grossByRate.set(line.ratePct, sum);
  }

  const groups = [...grossByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([ratePct, grossCents]): VatGroup => {
      const vatCents = vatInGross(grossCents, ratePct);
      return { ratePct, grossCents, baseCents: grossCents - vatCents, vatCents };
    });

  return {
    groups,
    baseCents: groups.reduce((sum, group) => sum + group.baseCents, 0),
    vatCents: groups.reduce((sum, group) => sum + group.vatCents, 0),
    grossCents: groups.reduce((sum, group) => sum + group.grossCents, 0),
  };
}

/** TipoImpositivo as the XML writes it: "21.00", "10.00", "5.50". */
export function formatRate(ratePct: number): string {
  const bp = Number(rateBasisPoints(ratePct));
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** The breakdown as the records carry it (types.ts VatBreakdownLine). */
export function breakdownLines(breakdown: VatBreakdown): VatBreakdownLine[] {
  return breakdown.groups.map((group) => ({
    ratePct: formatRate(group.ratePct),
    base: centsToAmount(group.baseCents),
    vat: centsToAmount(group.vatCents),
  }));
}

/**
 * How far CuotaRepercutida is from Base × Tipo / 100, in ten-thousandths of a cent, so that the
 * comparison stays in exact integers: |vat × 10000 − base × rate in basis points|.
 */
export function vatDeviation(group: Pick<VatGroup, 'ratePct' | 'baseCents' | 'vatCents'>): bigint {
  const bp = rateBasisPoints(group.ratePct);
  const deviation = BigInt(group.vatCents) * 10_000n - BigInt(group.baseCents) * bp;
  return deviation < 0n ? -deviation : deviation;
}

/** Whether the AEAT's check of CuotaRepercutida against Base × Tipo passes for this group. */
export function withinAeatTolerance(group: Pick<VatGroup, 'ratePct' | 'baseCents' | 'vatCents'>): boolean {
  return vatDeviation(group) <= BigInt(AEAT_VAT_TOLERANCE_CENTS) * 10_000n;
}
