import { issueAdmissions, voidAdmissions } from '../partners/admissions-repository';

import type { BookingRow } from './bookings-repository';
import { randomCode } from './codes';
import { date, iso, num, str, type Tx } from './db';
import { ticketCategories, type TicketCategory } from './pricing';

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

/** Every ticket of a booking in the order they were issued. */
export async function ticketsInIssueOrder(target: Pick<Tx, 'query'>, bookingId: number): Promise<Ticket[]> {
  const { rows } = await target.query(
    'SELECT code, category, checked_in_at, voided_at FROM tickets WHERE booking_id = ? ORDER BY id',
    [bookingId],
  );
  return rows.map(ticketFromRow);
}

/**
 * Voids every valid ticket of a booking: they no longer board; nor do their partner admissions
 * open a partner's door (a used one stays used: decision 175), unless a move keeps them (185).
 */
export async function voidTickets(tx: Tx, bookingId: number, now: Date, keepAdmissions = false): Promise<number> {
  if (!keepAdmissions) await voidAdmissions(tx, bookingId, now);
  const { rowsAffected } = await tx.query(
    'UPDATE tickets SET voided_at = ?, updated_at = ? WHERE booking_id = ? AND voided_at IS NULL',
    [iso(now), iso(now), bookingId],
  );
  return rowsAffected;
}

/**
 * Valid tickets per category on departures between two Madrid days (both included): a refunded or
 * moved-away booking's are voided or belong to the departure it moved to.
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

/** A ticket as the gangway sees it: with who boarded it (their name and e-mail, empty if unknown). */
export type BoardingTicket = Ticket & {
  checkedInById: number | null;
  checkedInByName: string;
  checkedInByEmail: string;
};

const BOARDING_TICKET_COLUMNS = `t.code, t.category, t.checked_in_at, t.checked_in_by_id, t.voided_at,
  u.name AS by_name, u.email AS by_email`;

function boardingTicketFromRow(row: Record<string, unknown>): BoardingTicket {
  const by = row.checked_in_by_id;
  return {
    ...ticketFromRow(row),
    checkedInById: by === null || by === undefined ? null : num(by),
    checkedInByName: str(row.by_name),
    checkedInByEmail: str(row.by_email),
  };
}

/** Every ticket of a booking in the order they were issued, with who boarded each. */
export async function boardingTicketsOfBooking(
  target: Pick<Tx, 'query'>,
  bookingId: number,
): Promise<BoardingTicket[]> {
  const { rows } = await target.query(
    `SELECT ${BOARDING_TICKET_COLUMNS} FROM tickets t LEFT JOIN users u ON u.id = t.checked_in_by_id
     WHERE t.booking_id = ? ORDER BY t.id`,
    [bookingId],
  );
  return rows.map(boardingTicketFromRow);
}

/** The booking a ticket code belongs to, or null for no ticket. */
export async function bookingIdOfTicket(target: Pick<Tx, 'query'>, code: string): Promise<number | null> {
  const { rows } = await target.query(`SELECT booking_id FROM tickets WHERE code = ?`, [code]);
  return rows[0] ? num(rows[0].booking_id) : null;
}

/** The lead passenger and state of the booking a ticket belongs to. */
export type TicketHolder = { reference: string; status: string; name: string; surnames: string };

/** Every ticket on a departure's bookings, by the lead's surnames, name, booking then ticket. */
export async function boardingTicketsOfDeparture(
  target: Pick<Tx, 'query'>,
  departureId: number,
): Promise<(BoardingTicket & { holder: TicketHolder })[]> {
  const { rows } = await target.query(
    `SELECT ${BOARDING_TICKET_COLUMNS}, b.reference, b.status, b.customer_name, b.customer_surnames
     FROM tickets t JOIN bookings b ON b.id = t.booking_id LEFT JOIN users u ON u.id = t.checked_in_by_id
     WHERE b.departure_id = ?
     ORDER BY b.customer_surnames, b.customer_name, b.id, t.id`,
    [departureId],
  );
  return rows.map((row) => ({
    ...boardingTicketFromRow(row),
    holder: {
      reference: str(row.reference),
      status: str(row.status),
      name: str(row.customer_name),
      surnames: str(row.customer_surnames),
    },
  }));
}

/**
 * Boards these tickets of a booking, in ONE conditional UPDATE: only tickets not yet boarded nor
 * voided, of the booking while it is paid and on `departureId`. Two phones scanning one ticket
 * at once board it once; the tickets this call boarded are returned.
 */
export async function checkInTickets(
  tx: Tx,
  input: { codes: readonly string[]; bookingId: number; departureId: number; at: Date; staffId: number; now: Date },
): Promise<{ code: string; category: TicketCategory }[]> {
  const { rows } = await tx.query(
    `UPDATE tickets SET checked_in_at = ?, checked_in_by_id = ?, updated_at = ?
     WHERE code IN (${input.codes.map(() => '?').join(', ')}) AND checked_in_at IS NULL AND voided_at IS NULL
       AND booking_id IN (SELECT id FROM bookings WHERE id = ? AND status = 'paid' AND departure_id = ?)
     RETURNING code, category`,
    [iso(input.at), input.staffId, iso(input.now), ...input.codes, input.bookingId, input.departureId],
  );
  return rows.map((row) => ({ code: str(row.code), category: str(row.category) as TicketCategory }));
}

/** People on board per departure: boarded tickets of its paid bookings. */
export async function boardedCountsByDeparture(
  target: Pick<Tx, 'query'>,
  departureIds: readonly number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (departureIds.length === 0) return result;
  const { rows } = await target.query(
    `SELECT b.departure_id, COUNT(*) AS n FROM tickets t JOIN bookings b ON b.id = t.booking_id
     WHERE b.status = 'paid' AND t.checked_in_at IS NOT NULL AND b.departure_id IN (${departureIds.map(() => '?').join(', ')})
     GROUP BY b.departure_id`,
    [...departureIds],
  );
  for (const row of rows) result.set(num(row.departure_id), num(row.n));
  return result;
}

/**
 * One ticket per person of a paid booking, each with its own unguessable code (the QR content),
 * and for a combined tour one admission per ticket and partner part (issue 44), every way a ticket is
 * issued, in its transaction; a move's `replaced` tickets (codes) pass theirs on (decision 185).
 */
export async function insertTickets(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'adult' | 'reduced' | 'child' | 'super3'>,
  now: Date,
  replaced: readonly string[] = [],
): Promise<void> {
  const counts = { adult: booking.adult, reduced: booking.reduced, child: booking.child, super3: booking.super3 };
  for (const category of ticketCategories) {
    for (let i = 0; i < counts[category]; i++) {
      await tx.query(
        'INSERT INTO tickets (code, booking_id, category, updated_at, created_at) VALUES (?, ?, ?, ?, ?)',
        [randomCode(24), booking.id, category, iso(now), iso(now)],
      );
    }
  }
  await issueAdmissions(tx, booking.id, now, replaced);
}
