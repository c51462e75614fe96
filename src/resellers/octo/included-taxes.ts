import { vatInGross } from '@/invoicing/vat';

/**
 * OCTO's `includedTaxes` of a price (VAT included) for a combined tour (decision 175): a price is
 * the boat part plus the partner parts, and each is taxed by its own treatment.
 *
 * - The boat part (the price less every partner part) carries the tour's ticket rate.
 * - A part bought and resold (`resale`) is our sale at its own rate (10 % a meal, 21 % a museum).
 * - A part sold in the partner's name and on its behalf (`agency`) is not our taxable base (Ley
 *   37/1992 art. 78.Tres.3º): it carries no tax of ours; the partner invoices its admission.
 *
 * `net` (what the reseller pays) follows the invoices' rule (invoicing/partner-parts.ts): the agency
 * parts are taken off it whole, and what is left is ours, shared between the boat and the resold
 * parts in proportion to their retail amounts (the last share takes the rounding). Taxes of one
 * rate are one entry, named with it ("IVA 10%"): OCTO's tax has no rate of its own. A boat trip
 * only (no parts) is one entry at the ticket rate, as before.
 */
export type TaxedPart = { cents: number; treatment: 'agency' | 'resale'; ratePct: number | null };

export type IncludedTax = { name: string; original: number; retail: number; net: number };

export function includedTaxes(
  retail: number,
  net: number,
  ticketVatPct: number,
  parts: readonly TaxedPart[] = [],
): IncludedTax[] {
  const agency = parts.filter((part) => part.treatment === 'agency').reduce((sum, part) => sum + part.cents, 0);
  const resold = parts
    .filter((part) => part.treatment === 'resale')
    .map((part) => ({ cents: part.cents, ratePct: part.ratePct ?? 21 }));
  const boat = retail - agency - resold.reduce((sum, part) => sum + part.cents, 0);
  // Ours, by rate, in the retail price: the boat part then each resold part.
  const ours = [{ cents: Math.max(boat, 0), ratePct: ticketVatPct }, ...resold];
  const oursRetail = ours.reduce((sum, part) => sum + part.cents, 0);
  const oursNet = Math.max(net - agency, 0);
  // The net shared in proportion; the boat (first) takes what rounding leaves.
  const netShares = ours.map((part) => (oursRetail > 0 ? Math.round((oursNet * part.cents) / oursRetail) : 0));
  netShares[0] = oursNet - netShares.slice(1).reduce((sum, cents) => sum + cents, 0);
  const byRate = new Map<number, { retail: number; net: number }>();
  ours.forEach((part, index) => {
    const known = byRate.get(part.ratePct) ?? { retail: 0, net: 0 };
    byRate.set(part.ratePct, { retail: known.retail + part.cents, net: known.net + netShares[index]! });
  });
  const rates = [...byRate.entries()].filter(([, gross]) => gross.retail > 0);
  return (rates.length > 0 ? rates : [...byRate.entries()].slice(0, 1)).map(([ratePct, gross]) => {
    const vat = vatInGross(gross.retail, ratePct);
    return { name: `IVA ${ratePct}%`, original: vat, retail: vat, net: vatInGross(gross.net, ratePct) };
  });
}
