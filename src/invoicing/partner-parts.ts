import type { Tx } from '../booking/db';
import type { InvoiceLine, PricedLine } from './plan';
import { agencyHeldSql, partnerMoneyOfBooking, type PartnerMoney } from '../partners/admissions-repository';

/**
 * A combined tour's partner parts on our invoices (docs/decisions/175-partners-and-combined-tours.md).
 *
 * - A part sold **in the partner's name and on its behalf** (agency) is not ours: Ley 37/1992
 *   art. 78.Tres.3º keeps amounts collected in the name and on behalf of a third party out of the
 *   taxable base. It is taken off what the booking's invoices must add up to, and shown on the
 *   invoice apart, as collected for the partner (name and tax id), outside the total the
 *   VERI*FACTU record carries.
 * - A part **bought and resold** is our sale: a line of its own at the part's VAT rate.
 * - The boat keeps the rest of each category's price, at the tour's rate.
 */

/** One partner's amount collected on its behalf, as an invoice shows it (negative when given back). */
export type ThirdPartyAmount = { partner: string; legalName: string; taxId: string; cents: number };

/** What a booking's invoices add up to: `invoiced` (its share, after a reseller's) less its agency parts. */
export function ourShare(invoicedCents: number, agencyCents: number): number {
  return invoicedCents > agencyCents ? invoicedCents - agencyCents : 0;
}

/** ourShare in SQL, for an invoiced-share expression and the booking row `b`. */
export function ourShareSql(invoiced: string, b = 'b'): string {
  const agency = agencyHeldSql(b);
  return `CASE WHEN ${invoiced} > ${agency} THEN ${invoiced} - ${agency} ELSE 0 END`;
}

export async function bookingPartnerMoney(target: Pick<Tx, 'query'>, bookingId: number): Promise<PartnerMoney> {
  return partnerMoneyOfBooking(target, bookingId);
}

/**
 * The booking's priced lines with the partner parts taken out: each ticket category's line keeps
 * the boat's share of its price; each resold part is a line of its own at its rate; agency parts
 * are on no line. Without admissions (a boat trip only) the lines are returned as they are.
 */
export function splitPricedLines(priced: readonly PricedLine[], money: PartnerMoney): PricedLine[] {
  if (Object.keys(money.partsByCategory).length === 0) return [...priced];
  const lines: PricedLine[] = [];
  for (const line of priced) {
    const category = line.item === 'audioGuide' || line.item === 'partnerPart' ? null : line.item;
    const parts = category ? (money.partsByCategory[category] ?? 0) : 0;
    if (!category || parts === 0 || line.quantity === 0) {
      lines.push(line);
      continue;
    }
    const boatCents = line.quantity * line.unitCents - parts;
    // Every ticket of a category carries the same parts, so the boat's share divides evenly; if it
    // does not (a tour's parts changed between two tickets' issue), the plan falls back to one line.
    lines.push({ ...line, unitCents: boatCents % line.quantity === 0 ? boatCents / line.quantity : boatCents });
    for (const resold of money.resale.filter((entry) => entry.category === category)) {
      lines.push({
        item: 'partnerPart',
        quantity: resold.quantity,
        unitCents: resold.unitCents,
        ratePct: resold.ratePct,
        partner: resold.name,
        category,
      });
    }
  }
  return lines;
}

/**
 * The amounts collected on behalf of partners that a new invoice documents: what the booking holds
 * for each now, less what its earlier invoices (`shown`) already showed. A sale shows them all; a
 * refund that voided the admissions shows them given back, negative; nothing changed, nothing.
 */
export function thirdPartyDelta(money: PartnerMoney, shown: readonly ThirdPartyAmount[]): ThirdPartyAmount[] {
  const byTaxId = new Map<string, ThirdPartyAmount>();
  for (const entry of shown) {
    const known = byTaxId.get(`${entry.taxId} ${entry.partner}`);
    if (known) known.cents -= entry.cents;
    else byTaxId.set(`${entry.taxId} ${entry.partner}`, { ...entry, cents: -entry.cents });
  }
  for (const entry of money.agency) {
    const key = `${entry.taxId} ${entry.name}`;
    const known = byTaxId.get(key);
    if (known) known.cents += entry.cents;
    else byTaxId.set(key, { partner: entry.name, legalName: entry.legalName, taxId: entry.taxId, cents: entry.cents });
  }
  return [...byTaxId.values()].filter((entry) => entry.cents !== 0);
}

const lineKey = (line: Pick<InvoiceLine, 'item' | 'partner' | 'category' | 'ratePct' | 'unitCents'>) =>
  `${line.item}|${line.partner ?? ''}|${line.category ?? ''}|${line.ratePct}|${line.unitCents}`;

/**
 * A cancelled combined booking's rectification part by part (decision 181): what its invoices
 * hold, line by line (boat's share per category, audio guides, resold parts at their own rates),
 * less what it still holds, which is only the resold parts of admissions already used that the
 * refund kept. The rectifying invoice then names each part given back, each at its own VAT rate,
 * and leaves out the part kept. Null when that is not how the booking stands (its invoices carry
 * a price agreed as a whole, or it keeps money beyond its used parts: a cancellation fee); the
 * plan then spreads the difference over the rates (plan.ts, splitByRate).
 */
export function rectifyingLinesByPart(
  invoicedLines: readonly InvoiceLine[],
  money: PartnerMoney,
  heldCents: number,
): InvoiceLine[] | null {
  if (invoicedLines.some((line) => line.item === 'tickets' || line.item === 'difference')) return null;
  // A document that changed only the partners' amounts (decision 186) holds nothing to give back.
  const invoiced = invoicedLines.filter((line) => line.item !== 'thirdPartyChange');
  const kept: InvoiceLine[] = money.resale.map((part) => ({
    item: 'partnerPart',
    quantity: part.quantity,
    unitCents: part.unitCents,
    totalCents: part.quantity * part.unitCents,
    ratePct: part.ratePct,
    partner: part.name,
    category: part.category,
  }));
  if (kept.reduce((sum, line) => sum + line.totalCents, 0) !== heldCents) return null;
  const groups = new Map<string, InvoiceLine>();
  for (const line of invoiced) {
    if (line.quantity * line.unitCents !== line.totalCents) return null;
    const known = groups.get(lineKey(line));
    if (known) known.quantity += line.quantity;
    else groups.set(lineKey(line), { ...line });
  }
  for (const line of kept) {
    const known = groups.get(lineKey(line));
    if (!known) return null;
    known.quantity -= line.quantity;
  }
  return [...groups.values()]
    .filter((line) => line.quantity !== 0)
    .map((line) => ({ ...line, quantity: -line.quantity, totalCents: -line.quantity * line.unitCents }));
}
