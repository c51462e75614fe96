import { resellerInvoicingTermsOf } from '../booking/bookings-repository';
import type { Tx } from '../booking/db';

/**
 * What a booking's invoices must add up to (docs/decisions/165-reseller-invoicing-models.md).
 * Every booking's money is counted at the retail price, a reseller's too (payments − refunds,
 * payments-repository.ts). A reseller that buys and resells (`reseller_invoicing = 'resale'`,
 * fixed at confirmation) pays us the net price and is invoiced at it: its commission (retail − net,
 * kept on the booking) is taken off what the booking holds, down to nothing. In full the invoices
 * are the net; after a full refund, nothing; a move re-prices the net with the total (sales.ts).
 * Every other booking, an agent's sale included, is invoiced what it holds.
 */
export const RESALE = 'resale';

export function invoicedShare(
  heldCents: number,
  booking: { resellerInvoicing: string | null; totalCents: number; resellerNetCents: number | null },
): number {
  if (booking.resellerInvoicing !== RESALE || booking.resellerNetCents === null) return heldCents;
  const commission = booking.totalCents - booking.resellerNetCents;
  return heldCents > commission ? heldCents - commission : 0;
}

/** invoicedShare in SQL, for `held` (an expression) and the booking row `b`: the sweep's comparison. */
export function invoicedShareSql(held: string, b = 'b'): string {
  const commission = `(${b}.total_cents - ${b}.reseller_net_cents)`;
  return `CASE WHEN ${b}.reseller_invoicing = '${RESALE}' AND ${b}.reseller_net_cents IS NOT NULL
    THEN CASE WHEN ${held} > ${commission} THEN ${held} - ${commission} ELSE 0 END
    ELSE ${held} END`;
}

/** A booking's share as its invoices count it, from its reseller terms. */
export async function bookingInvoicedShare(
  target: Pick<Tx, 'query'>,
  bookingId: number,
  heldCents: number,
): Promise<number> {
  const terms = await resellerInvoicingTermsOf(target, bookingId);
  return terms ? invoicedShare(heldCents, terms) : heldCents;
}
