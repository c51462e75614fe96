import { date, iso, num, str, type Tx } from './db';
import type { TicketCategory } from './pricing';

/**
 * The tickets table (docs/decisions/132-one-repository-per-table.md): one row per person of a
 * paid booking, its code the QR content. A move or a cancellation voids them; they stay listed.
 */

export type Ticket = {
  code: string;
  category: TicketCategory;
  checkedInAt: Date | null;
  voidedAt: Date | null;
};

function ticketFromRow(row: Record<string, unknown>): Ticket {
  return {
    code: str(row.code),
    category: str(row.category) as TicketCategory,
    checkedInAt: row.checked_in_at ? date(row.checked_in_at) : null,
    voidedAt: row.voided_at ? date(row.voided_at) : null,
  };
}

/** Every ticket of a booking: the valid ones first, each group in the order they were issued. */
export async function ticketsOfBooking(target: Pick<Tx, 'query'>, bookingId: number): Promise<Ticket[]> {
  const { rows } = await target.query(
    `SELECT code, category, checked_in_at, voided_at FROM tickets WHERE booking_id = ?
     ORDER BY CASE WHEN voided_at IS NULL THEN 0 ELSE 1 END, id`,
    [bookingId],
  );
  return rows.map(ticketFromRow);
}

/** Voids every valid ticket of a booking: they no longer board. */
export async function voidTickets(tx: Tx, bookingId: number, now: Date): Promise<number> {
  const { rowsAffected } = await tx.query(
    'UPDATE tickets SET voided_at = ?, updated_at = ? WHERE booking_id = ? AND voided_at IS NULL',
    [iso(now), iso(now), bookingId],
  );
  return rowsAffected;
}

/**
 * Tickets still good for the trip on departures between two Madrid days (both included), per
 * category: a refunded or moved-away booking's tickets are voided or belong to the departure it
 * moved to.
 */
export async function validTicketsByCategory(
  target: Pick<Tx, 'query'>,
  between: { from: string; to: string },
): Promise<Map<TicketCategory, number>> {
  const { rows } = await target.query(
    `SELECT t.category, COUNT(*) AS tickets
     FROM tickets t JOIN bookings b ON b.id = t.booking_id JOIN departures d ON d.id = b.departure_id
     WHERE d.local_date >= ? AND d.local_date <= ? AND b.status IN ('paid', 'disrupted') AND t.voided_at IS NULL
     GROUP BY t.category`,
    [between.from, between.to],
  );
  return new Map(rows.map((row) => [str(row.category) as TicketCategory, num(row.tickets)]));
}
