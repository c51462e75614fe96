import { num, str, type Tx } from '../booking/db';
import { resellerNetCents } from '../booking/money';
import { ticketCategories, type TicketCategory } from '../booking/pricing';

/**
 * What a reseller pays us (issue 16): the one home of that computation, for OCTO prices, the
 * confirmation that fixes it on the booking, statements and reports. A reseller has a commission
 * and, optionally, net rates per tour and ticket category (Resellers' `netRates`): where a rate
 * exists, that unit costs the reseller the rate; everything else (other units, audio guides)
 * costs its retail price less the commission, rounded once on their sum as before rates existed.
 */

export type NetRate = { tourId: number; category: TicketCategory; netCents: number };
export type ResellerTerms = { commissionPercent: number; netRates: readonly NetRate[] };

export const isTicketCategory = (value: unknown): value is TicketCategory =>
  (ticketCategories as readonly unknown[]).includes(value);

/** The reseller's rate for one unit, if it has one (the first row wins if an admin entered two). */
export function netRateOf(terms: ResellerTerms, tourId: number, category: TicketCategory): number | undefined {
  return terms.netRates.find((rate) => rate.tourId === tourId && rate.category === category)?.netCents;
}

/** What the reseller pays for one unit of `category` on `tourId` whose retail price is `retailCents`. */
export function unitNetCents(
  terms: ResellerTerms,
  tourId: number,
  category: TicketCategory,
  retailCents: number,
): number {
  return netRateOf(terms, tourId, category) ?? resellerNetCents(retailCents, terms.commissionPercent);
}

/**
 * What the reseller pays for a sale of `units` (unit prices at retail) plus `otherCents` of
 * extras such as audio guides: rated units at their rate, the rest at the commission on its sum.
 * With no rates this is exactly `resellerNetCents(total, commission)`, the net before rates.
 */
export function saleNetCents(
  terms: ResellerTerms,
  tourId: number,
  units: readonly { category: TicketCategory; quantity: number; retailCents: number }[],
  otherCents = 0,
): number {
  let rated = 0;
  let atCommission = otherCents;
  for (const unit of units) {
    const rate = netRateOf(terms, tourId, unit.category);
    if (rate === undefined) atCommission += unit.retailCents * unit.quantity;
    else rated += rate * unit.quantity;
  }
  return rated + resellerNetCents(atCommission, terms.commissionPercent);
}

/** The net rates of resellers as stored by Payload's array field (`resellers_net_rates`). */
export async function netRatesOf(db: Tx, resellerIds: readonly number[]): Promise<Map<number, NetRate[]>> {
  const out = new Map<number, NetRate[]>(resellerIds.map((id) => [id, []]));
  if (resellerIds.length === 0) return out;
  const { rows } = await db.query(
    `SELECT _parent_id, tour_id, category, net_cents FROM resellers_net_rates
     WHERE _parent_id IN (${resellerIds.map(() => '?').join(', ')}) ORDER BY _parent_id, _order`,
    [...resellerIds],
  );
  for (const row of rows) {
    const category = str(row.category);
    if (row.tour_id == null || row.net_cents == null || !isTicketCategory(category)) continue;
    out.get(num(row._parent_id))?.push({ tourId: num(row.tour_id), category, netCents: num(row.net_cents) });
  }
  return out;
}

/** A reseller's terms as of now, read in `db` (a transaction at confirmation); null if unknown. */
export async function resellerTerms(db: Tx, resellerId: number): Promise<ResellerTerms | null> {
  const { rows } = await db.query('SELECT commission_percent FROM resellers WHERE id = ?', [resellerId]);
  if (!rows[0]) return null;
  const rates = await netRatesOf(db, [resellerId]);
  return { commissionPercent: num(rows[0].commission_percent ?? 0), netRates: rates.get(resellerId) ?? [] };
}

/** The net rates of a reseller document read through Payload (depth 0 or more). */
export function netRatesFromDoc(doc: {
  netRates?: { tour?: number | { id: number } | null; category?: string | null; netCents?: number | null }[] | null;
}): NetRate[] {
  return (doc.netRates ?? []).flatMap((row) => {
    const tour = typeof row.tour === 'object' && row.tour ? row.tour.id : row.tour;
    if (tour == null || row.netCents == null || !isTicketCategory(row.category)) return [];
    return [{ tourId: Number(tour), category: row.category, netCents: Number(row.netCents) }];
  });
}

/**
 * What the reseller owes for a booking it confirms now, to be kept on it (`reseller_net_cents`):
 * its units at `unitRetailCents` (the tour's fares for the trip; null if the tour has none any
 * more, when all of it is at the commission), and whatever else the total holds, such as audio
 * guides, at the commission.
 */
export function bookingNetCents(
  terms: ResellerTerms,
  booking: { tourId: number; totalCents: number; counts: Record<TicketCategory, number> },
  unitRetailCents: Record<TicketCategory, number> | null,
): number {
  if (!unitRetailCents) return saleNetCents(terms, booking.tourId, [], booking.totalCents);
  const units = ticketCategories.map((category) => ({
    category,
    quantity: booking.counts[category],
    retailCents: unitRetailCents[category],
  }));
  const unitsCents = units.reduce((sum, unit) => sum + unit.retailCents * unit.quantity, 0);
  return saleNetCents(terms, booking.tourId, units, Math.max(0, booking.totalCents - unitsCents));
}

/** What one unit of each category costs the reseller now: kept on a booking at confirmation. */
export function unitNets(
  terms: ResellerTerms,
  tourId: number,
  unitRetailCents: Record<TicketCategory, number>,
): Record<TicketCategory, number> {
  return Object.fromEntries(
    ticketCategories.map((category) => [category, unitNetCents(terms, tourId, category, unitRetailCents[category])]),
  ) as Record<TicketCategory, number>;
}
