import { bool, date, iso, num, optNum, str, type Param, type ShopDb, type Tx } from './db';
import { bookingFromRow, type BookingRow, type Customer } from './repository';

/**
 * The bookings table (docs/decisions/132-one-repository-per-table.md). Status changes go through
 * transitions.ts; the sale's own writes are in repository.ts until they move here. Every
 * module that needs a booking reads it from here, mapped once, instead of its own SELECT.
 */

/** A booking with what happened after the sale: money in and out, a cancelled departure, its channel. */
export type BookingRecord = BookingRow & {
  channel: 'web' | 'office' | 'reseller' | null;
  /** Unticked for a reseller's booking unless the reseller asked us to e-mail its guest. */
  ticketsByEmail: boolean;
  paidCents: number;
  refundedCents: number;
  /** The cancelled departure a disrupted (or since moved) booking was on. */
  disruptedFrom: number | null;
  createdAt: Date;
};

const BOOKING_RECORD_COLUMNS = `id, reference, tour_id, departure_id, status, trip_type, adults, reduced, children,
  super3, audio_guides, seats, total_cents, customer_name, customer_surnames, customer_email, customer_phone,
  customer_mobile_phone, customer_comments, locale, hold_expires_at, hold_extended, payment_order_ref, paid_at,
  channel, tickets_by_email, paid_cents, refunded_cents, disrupted_from, created_at`;

function bookingRecordFromRow(row: Record<string, unknown>): BookingRecord {
  const channel = str(row.channel);
  return {
    ...bookingFromRow(row),
    channel: channel === 'web' || channel === 'office' || channel === 'reseller' ? channel : null,
    // Bookings from before the column existed were all e-mailed.
    ticketsByEmail: row.tickets_by_email === null || row.tickets_by_email === undefined || bool(row.tickets_by_email),
    paidCents: optNum(row.paid_cents) ?? 0,
    refundedCents: optNum(row.refunded_cents) ?? 0,
    disruptedFrom: optNum(row.disrupted_from),
    createdAt: date(row.created_at),
  };
}

export async function findBookingRecord(
  target: Pick<Tx, 'query'>,
  by: { reference: string } | { id: number },
): Promise<BookingRecord | null> {
  const [column, value] = 'reference' in by ? ['reference', by.reference] : ['id', by.id];
  const { rows } = await target.query(`SELECT ${BOOKING_RECORD_COLUMNS} FROM bookings WHERE ${column} = ?`, [value]);
  return rows[0] ? bookingRecordFromRow(rows[0]) : null;
}

/** `bookings:<id>`: how the e-mail log files what was sent about a booking. */
const NOT_YET_SENT = `NOT EXISTS (SELECT 1 FROM email_log e WHERE e.ref = 'bookings:' || b.id AND e.template = ?)`;

/** Paid bookings, paid before `paidBefore`, with an address and tickets to e-mail, that no `template` e-mail went to. */
export async function paidBookingsNotSent(
  target: Pick<Tx, 'query'>,
  input: { paidBefore: Date; template: string; limit: number },
): Promise<number[]> {
  const { rows } = await target.query(
    `SELECT b.id FROM bookings b
     WHERE b.status = 'paid' AND b.paid_at < ? AND b.customer_email <> ''
       AND (b.tickets_by_email IS NULL OR b.tickets_by_email = ?)
       AND ${NOT_YET_SENT}
     ORDER BY b.id LIMIT ${Math.trunc(input.limit)}`,
    [iso(input.paidBefore), true, input.template],
  );
  return rows.map((row) => Number(row.id));
}

/** Disrupted bookings (of one cancelled departure, or all) that no `template` e-mail went to. */
export async function disruptedBookingsNotSent(
  target: Pick<Tx, 'query'>,
  input: { template: string; departureId?: number | undefined; limit: number },
): Promise<number[]> {
  const byDeparture = input.departureId !== undefined;
  const { rows } = await target.query(
    `SELECT b.id FROM bookings b WHERE b.status = 'disrupted' ${byDeparture ? 'AND b.disrupted_from = ?' : ''}
       AND ${NOT_YET_SENT}
     ORDER BY b.id LIMIT ${Math.trunc(input.limit)}`,
    byDeparture ? [input.departureId!, input.template] : [input.template],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * References of bookings whose departure left before `departedBefore`, not held and not yet
 * carrying `exceptEmail` (the anonymised address): the retention job's next batch.
 */
export async function bookingsDepartedBefore(
  target: Pick<Tx, 'query'>,
  input: { departedBefore: Date; exceptEmail: string; limit: number },
): Promise<string[]> {
  const { rows } = await target.query(
    `SELECT b.reference FROM bookings b JOIN departures d ON d.id = b.departure_id
     WHERE d.starts_at < ? AND b.customer_email <> ? AND b.status <> 'held'
     ORDER BY b.id LIMIT ${Math.trunc(input.limit)}`,
    [iso(input.departedBefore), input.exceptEmail],
  );
  return rows.map((row) => str(row.reference));
}

/** The lead's contact fields staff may correct, and their columns. */
export type CustomerCorrection = Partial<Pick<Customer, 'name' | 'surnames' | 'email' | 'phone' | 'mobilePhone'>>;
const CUSTOMER_COLUMNS = {
  name: 'customer_name',
  surnames: 'customer_surnames',
  email: 'customer_email',
  phone: 'customer_phone',
  mobilePhone: 'customer_mobile_phone',
} as const;

export async function correctCustomer(
  target: Pick<Tx, 'query'>,
  bookingId: number,
  changes: CustomerCorrection,
  now: Date,
): Promise<void> {
  const fields = (Object.keys(CUSTOMER_COLUMNS) as (keyof CustomerCorrection)[]).filter(
    (field) => changes[field] !== undefined,
  );
  if (fields.length === 0) return;
  await target.query(
    `UPDATE bookings SET updated_at = ?, ${fields.map((f) => `${CUSTOMER_COLUMNS[f]} = ?`).join(', ')} WHERE id = ?`,
    [iso(now), ...fields.map((f) => changes[f]!), bookingId],
  );
}

/** Replaces the lead's contact details and comments: what an anonymisation leaves is the accounting record. */
export async function eraseCustomer(
  tx: Tx,
  bookingId: number,
  replacement: { name: string; email: string },
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE bookings SET customer_name = ?, customer_surnames = '', customer_email = ?, customer_phone = '',
       customer_mobile_phone = '', customer_comments = NULL, updated_at = ? WHERE id = ?`,
    [replacement.name, replacement.email, iso(now), bookingId],
  );
}

/** When the departures a booking is (or was, before its departure was cancelled) on start. */
export async function departureTimesOf(target: Pick<Tx, 'query'>, reference: string): Promise<Date[]> {
  const { rows } = await target.query(
    `SELECT d.starts_at FROM bookings b JOIN departures d ON d.id = b.departure_id OR d.id = b.disrupted_from
     WHERE b.reference = ?`,
    [reference],
  );
  return rows.map((row) => date(row.starts_at));
}

/** Held bookings whose time is up at `now` (of one departure or one booking, if asked), oldest first. */
export async function expiredHoldIds(
  target: Pick<Tx, 'query'>,
  input: { now: Date; departureId?: number | undefined; bookingId?: number | undefined; limit: number },
): Promise<number[]> {
  const filters = ["status = 'held'", 'hold_expires_at <= ?'];
  const params: (string | number)[] = [iso(input.now)];
  if (input.departureId !== undefined) {
    filters.push('departure_id = ?');
    params.push(input.departureId);
  }
  if (input.bookingId !== undefined) {
    filters.push('id = ?');
    params.push(input.bookingId);
  }
  const { rows } = await target.query(
    `SELECT id FROM bookings WHERE ${filters.join(' AND ')} ORDER BY id LIMIT ${Math.trunc(input.limit)}`,
    params,
  );
  return rows.map((row) => Number(row.id));
}

/** Moves a live, never extended hold's expiry to `holdExpiresAt`, once; false if it was not that hold any more. */
export async function extendHeldBooking(
  target: Pick<Tx, 'query'>,
  bookingId: number,
  holdExpiresAt: Date,
  now: Date,
): Promise<boolean> {
  const { rowsAffected } = await target.query(
    `UPDATE bookings SET hold_expires_at = ?, hold_extended = ?, updated_at = ?
     WHERE id = ? AND status = 'held' AND hold_extended = ? AND hold_expires_at > ?`,
    [iso(holdExpiresAt), true, iso(now), bookingId, false, iso(now)],
  );
  return rowsAffected === 1;
}

/**
 * Locks a paid or disrupted booking still on `departureId` against a concurrent move or
 * cancellation for the rest of the transaction; false if it is no longer that.
 */
export async function lockMovableBooking(tx: Tx, bookingId: number, departureId: number, now: Date): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE bookings SET updated_at = ? WHERE id = ? AND departure_id = ? AND status IN ('paid', 'disrupted')`,
    [iso(now), bookingId, departureId],
  );
  return rowsAffected === 1;
}

/** Files a new payment attempt's order number on a live hold; false if the hold expired or is gone. */
export async function startPaymentOrder(tx: Tx, bookingId: number, orderRef: string, now: Date): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE bookings SET payment_order_ref = ?, updated_at = ? WHERE id = ? AND status = 'held' AND hold_expires_at > ?`,
    [orderRef, iso(now), bookingId, iso(now)],
  );
  return rowsAffected === 1;
}

/**
 * What the office's booking search matches each term against (operations/booking-search.ts,
 * docs/decisions/082-booking-search.md): one text per booking, phones without spaces. PostgreSQL
 * has a trigram index on this exact expression; SQLite an FTS5 trigram table kept by triggers.
 */

export type BookingSearchHit = {
  id: number;
  reference: string;
  status: BookingRow['status'];
  name: string;
  surnames: string;
  email: string;
  mobilePhone: string;
  seats: number;
  totalCents: number;
  tourId: number;
  departureId: number;
  localDate: string;
  localTime: string;
  createdAt: Date;
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The newest bookings whose search text (`bookings.search_text`, a generated column: reference,
 * names, e-mail and phones, folded by booking/search-fold.ts) contains every term, which the
 * caller has folded the same way; on a departure day and of a tour if given.
 */
export async function searchBookingRows(
  db: Pick<ShopDb, 'kind' | 'query'>,
  filter: { localDate?: string | undefined; tourId?: number | undefined; terms: readonly string[]; limit: number },
): Promise<BookingSearchHit[]> {
  const where: string[] = [];
  const params: Param[] = [];
  const limit = Math.trunc(filter.limit);
  if (filter.localDate !== undefined) {
    where.push('d.local_date = ?');
    params.push(filter.localDate);
  }
  if (filter.tourId !== undefined) {
    where.push('b.tour_id = ?');
    params.push(filter.tourId);
  }
  if (db.kind === 'postgres' || filter.localDate !== undefined) {
    // With a date the departures index leaves a few hundred bookings: matching them directly
    // beats materialising every booking that contains a common term.
    for (const term of filter.terms) {
      where.push(`b.search_text LIKE ? ESCAPE '\\'`);
      params.push(likePattern(term));
    }
  } else if (filter.terms.length > 0) {
    // The FTS5 trigram index serves LIKE but not LIKE … ESCAPE; an unescaped "_" only widens
    // the match a little, and "%" never occurs in what we search. Without other filters the
    // newest matches are read straight from the index in rowid order and it stops at the limit,
    // so a common surname costs no more than a rare one.
    const likes = filter.terms.map(() => 'search_text LIKE ?').join(' AND ');
    const newest = where.length === 0 ? ` ORDER BY rowid DESC LIMIT ${limit}` : '';
    where.push(`b.id IN (SELECT rowid FROM bookings_search WHERE ${likes}${newest})`);
    for (const term of filter.terms) params.push(`%${term.replace(/%/g, '')}%`);
  }
  // Abandoned checkouts are noise to the office unless it asks for one by reference or name.
  if (where.length === 0) where.push("b.status <> 'expired'");
  const { rows } = await db.query(
    `SELECT b.id, b.reference, b.status, b.customer_name, b.customer_surnames, b.customer_email, b.customer_mobile_phone,
            b.seats, b.total_cents, b.tour_id, b.departure_id, b.created_at, d.local_date, d.local_time
     FROM bookings b JOIN departures d ON d.id = b.departure_id
     WHERE ${where.join(' AND ')}
     ORDER BY b.id DESC LIMIT ${limit}`,
    params,
  );
  return rows.map((row) => ({
    id: num(row.id),
    reference: str(row.reference),
    status: str(row.status) as BookingRow['status'],
    name: str(row.customer_name),
    surnames: str(row.customer_surnames),
    email: str(row.customer_email),
    mobilePhone: str(row.customer_mobile_phone),
    seats: num(row.seats),
    totalCents: num(row.total_cents),
    tourId: num(row.tour_id),
    departureId: num(row.departure_id),
    localDate: str(row.local_date),
    localTime: str(row.local_time),
    createdAt: date(row.created_at),
  }));
}
