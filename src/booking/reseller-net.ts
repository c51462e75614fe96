import { optNum } from './db';
import { resellerNetCents } from './money';
import { ticketCategories, type TicketCategory } from './pricing';

/**
 * What a booking sold by a reseller keeps of the reseller's net (`reseller_net_cents`,
 * `reseller_unit_nets`, `reseller_commission_percent`) and how it is shared out when money moves.
 * The rates and terms that fix it at sale are the resellers' (src/resellers/rates.ts); reading
 * what was fixed is the booking's, so reports, statements and the bookings repository read it
 * here without importing the resellers' layer.
 */

/**
 * The part of a booking's net (fixed at sale) that goes with `cents` of its `totalCents` paid or
 * refunded: all of it for the sale or a full refund, in proportion for a partial refund.
 */
export function netShareCents(storedNetCents: number, totalCents: number, cents: number): number {
  if (totalCents <= 0 || cents === totalCents) return cents === totalCents ? storedNetCents : 0;
  return Math.round((storedNetCents * cents) / totalCents);
}

/**
 * What a reseller owes for `cents` of a booking's `paidCents` (a sale, what is left after a
 * refund, or a refund): its share of the net kept at sale, or for bookings confirmed before the
 * net was kept, `cents` at the commission kept then (today's `currentCommission` if none).
 */
export function resellerNetCentsOf(
  row: { reseller_net_cents?: unknown; reseller_commission_percent?: unknown },
  paidCents: number,
  cents: number,
  currentCommission: number,
): number {
  const stored = optNum(row.reseller_net_cents);
  if (stored !== null) return netShareCents(stored, paidCents, cents);
  return resellerNetCents(cents, optNum(row.reseller_commission_percent) ?? currentCommission);
}

/** The unit nets kept on a booking (`reseller_unit_nets`, JSON); null when absent or unreadable. */
export function parseUnitNets(value: unknown): Record<TicketCategory, number> | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return ticketCategories.every((category) => typeof parsed[category] === 'number')
      ? (parsed as Record<TicketCategory, number>)
      : null;
  } catch {
    return null;
  }
}
