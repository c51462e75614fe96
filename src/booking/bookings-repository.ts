import type { Locale } from '../i18n/locales';
import { bool, date, iso, num, optNum, str, type Param, type Row, type ShopDb, type Tx } from './db';
import type { Selection, TicketCategory } from './pricing';
import { parseUnitNets } from './reseller-net';
import type { BookingStatus } from './statuses';

/**
 * The bookings table (docs/decisions/132-one-repository-per-table.md). Status changes go through
 * transitions.ts; every other read and write of a booking is here, mapped once.
 */

export type Customer = {
  name: string;
  surnames: string;
  email: string;
  phone: string;
  mobilePhone: string;
  comments?: string | undefined;
};

export type BookingRow = {
  id: number;
  reference: string;
  tourId: number;
  departureId: number;
  status: BookingStatus;
  tripType: 'roundTrip' | 'oneWay';
  adult: number;
  reduced: number;
  child: number;
  super3: number;
  audioGuides: number;
  seats: number;
  totalCents: number;
  customer: Customer;
  locale: Locale;
  holdExpiresAt: Date;
  holdExtended: boolean;
  paymentOrderRef: string | null;
  paidAt: Date | null;
};

export function bookingFromRow(row: Row): BookingRow {
  return {
    id: num(row.id),
    reference: str(row.reference),
    tourId: num(row.tour_id),
    departureId: num(row.departure_id),
    status: str(row.status) as BookingRow['status'],
    tripType: row.trip_type === 'oneWay' ? 'oneWay' : 'roundTrip',
    adult: num(row.adults),
    reduced: num(row.reduced),
    child: num(row.children),
    super3: num(row.super3),
    audioGuides: num(row.audio_guides),
    seats: num(row.seats),
    totalCents: num(row.total_cents),
    customer: {
      name: str(row.customer_name),
      surnames: str(row.customer_surnames),
      email: str(row.customer_email),
      phone: str(row.customer_phone),
      mobilePhone: str(row.customer_mobile_phone),
      comments: row.customer_comments ? str(row.customer_comments) : undefined,
    },
    locale: str(row.locale) as Locale,
    holdExpiresAt: date(row.hold_expires_at),
    holdExtended: bool(row.hold_extended),
    paymentOrderRef: row.payment_order_ref ? str(row.payment_order_ref) : null,
    paidAt: row.paid_at ? date(row.paid_at) : null,
  };
}

const BOOKING_COLUMNS = `id, reference, tour_id, departure_id, status, trip_type, adults, reduced, children, super3,
  audio_guides, seats, total_cents, customer_name, customer_surnames, customer_email, customer_phone,
  customer_mobile_phone, customer_comments, locale, hold_expires_at, hold_extended, payment_order_ref, paid_at`;

/** A booking by its id or reference, as `columns` and `fromRow` read it. */
async function bookingBy<T>(
  target: Pick<Tx, 'query'>,
  by: { reference: string } | { id: number },
  columns: string,
  fromRow: (row: Row) => T,
): Promise<T | null> {
  const [column, value] = 'reference' in by ? ['reference', by.reference] : ['id', by.id];
  const { rows } = await target.query(`SELECT ${columns} FROM bookings WHERE ${column} = ?`, [value]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export function findBooking(
  target: Pick<Tx, 'query'>,
  by: { reference: string } | { id: number },
): Promise<BookingRow | null> {
  return bookingBy(target, by, BOOKING_COLUMNS, bookingFromRow);
}

export type NewHeldBooking = {
  reference: string;
  tourId: number;
  departureId: number;
  selection: Selection;
  seats: number;
  totalCents: number;
  customer: Customer;
  locale: Locale;
  holdExpiresAt: Date;
  now: Date;
  channel?: 'web' | 'office' | 'reseller' | undefined;
  reseller?: ResellerHold | undefined;
};

/** One person of a reseller's booking as the reseller named it (OCTO unit item), in ticket order. */
export type ResellerUnit = { uuid: string; resellerReference: string | null; contact?: ResellerContact | null };

/** A guest's details as an OCTO reseller sends them (booking contact, or one unit item's own). */
export type ResellerContact = {
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
  country?: string | null;
  postalCode?: string | null;
  notes?: string | null;
  locales?: string[];
};

/** Who sells a `reseller` booking, under which OCTO uuid, and its unit items. */
export type ResellerHold = { id: number; uuid: string; reference: string | null; units?: ResellerUnit[] | undefined };

/** Stores a new held booking (its seats must already be taken in the same transaction). */
export async function insertHeldBooking(tx: Tx, booking: NewHeldBooking): Promise<number> {
  const c = booking.customer;
  const now = booking.now;
  const stamp = iso(now);
  const { rows } = await tx.query(
    `INSERT INTO bookings (reference, tour_id, departure_id, status, trip_type, adults, reduced, children, super3,
     audio_guides, seats, total_cents, customer_name, customer_surnames, customer_email, customer_phone,
     customer_mobile_phone, customer_comments, locale, hold_expires_at, hold_extended, updated_at, created_at,
     channel, reseller_id, octo_uuid, reseller_reference, reseller_units, tickets_by_email)
     VALUES (?, ?, ?, 'held', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     RETURNING id`,
    [
      booking.reference,
      booking.tourId,
      booking.departureId,
      booking.selection.tripType,
      booking.selection.adult,
      booking.selection.reduced,
      booking.selection.child,
      booking.selection.super3,
      booking.selection.audioGuides,
      booking.seats,
      booking.totalCents,
      c.name,
      c.surnames,
      c.email,
      c.phone,
      c.mobilePhone,
      c.comments ?? null,
      booking.locale,
      iso(booking.holdExpiresAt),
      false,
      stamp,
      stamp,
      booking.channel ?? null,
      booking.reseller?.id ?? null,
      booking.reseller?.uuid ?? null,
      booking.reseller?.reference ?? null,
      booking.reseller?.units ? JSON.stringify(booking.reseller.units) : null,
      // A reseller's guest gets our e-mail only when the reseller asks for it (OCTO emailReceipt).
      !booking.reseller,
    ],
  );
  return num(rows[0]?.id);
}

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

export function findBookingRecord(
  target: Pick<Tx, 'query'>,
  by: { reference: string } | { id: number },
): Promise<BookingRecord | null> {
  return bookingBy(target, by, BOOKING_RECORD_COLUMNS, bookingRecordFromRow);
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

/**
 * An SQL expression: the reference of the booking whose id `bookingIdSql` names. For another
 * table's list that shows and searches its rows by booking reference (invoicing's books) in one
 * statement, with the column read here.
 */
export function bookingReferenceSql(bookingIdSql: string): string {
  return `(SELECT bk.reference FROM bookings bk WHERE bk.id = ${bookingIdSql})`;
}

/** A paid booking as the departure's passenger list shows it, with how many of its tickets have boarded. */
export type PassengerBooking = {
  reference: string;
  name: string;
  surnames: string;
  adult: number;
  reduced: number;
  child: number;
  super3: number;
  seats: number;
  audioGuides: number;
  mobilePhone: string;
  comments: string;
  boarded: number;
};

/** The paid bookings on a departure, by the lead's surnames then name. */
export async function paidBookingsOnDeparture(
  target: Pick<Tx, 'query'>,
  departureId: number,
): Promise<PassengerBooking[]> {
  const { rows } = await target.query(
    `SELECT b.reference, b.customer_name, b.customer_surnames, b.adults, b.reduced, b.children, b.super3,
            b.seats, b.audio_guides, b.customer_mobile_phone, b.customer_comments,
            (SELECT COUNT(*) FROM tickets t WHERE t.booking_id = b.id AND t.checked_in_at IS NOT NULL) AS boarded
     FROM bookings b WHERE b.departure_id = ? AND b.status = 'paid'
     ORDER BY lower(b.customer_surnames), lower(b.customer_name), b.id`,
    [departureId],
  );
  return rows.map((row) => ({
    reference: str(row.reference),
    name: str(row.customer_name),
    surnames: str(row.customer_surnames),
    adult: num(row.adults),
    reduced: num(row.reduced),
    child: num(row.children),
    super3: num(row.super3),
    seats: num(row.seats),
    audioGuides: num(row.audio_guides),
    mobilePhone: str(row.customer_mobile_phone),
    comments: str(row.customer_comments),
    boarded: num(row.boarded),
  }));
}

/** How the bookings of departures cancelled between two Madrid days (both included) ended, counted per status and choice. */
export async function disruptedBookingOutcomes(
  target: Pick<Tx, 'query'>,
  between: { from: string; to: string },
): Promise<{ status: BookingRow['status']; disruptionChoice: string | null; bookings: number }[]> {
  const { rows } = await target.query(
    `SELECT b.status, b.disruption_choice, COUNT(*) AS bookings
     FROM bookings b JOIN departures d ON d.id = b.disrupted_from
     WHERE d.local_date >= ? AND d.local_date <= ?
     GROUP BY b.status, b.disruption_choice`,
    [between.from, between.to],
  );
  return rows.map((row) => ({
    status: str(row.status) as BookingRow['status'],
    disruptionChoice: row.disruption_choice ? str(row.disruption_choice) : null,
    bookings: num(row.bookings),
  }));
}

/** What the visitor of a disrupted booking chose: another departure, their money back, or nothing yet (null). */
export async function disruptionChoiceOf(target: Pick<Tx, 'query'>, bookingId: number): Promise<string | null> {
  const { rows } = await target.query('SELECT disruption_choice FROM bookings WHERE id = ?', [bookingId]);
  return rows[0]?.disruption_choice ? str(rows[0].disruption_choice) : null;
}

/** A booking on a departure that was cancelled, with what its visitor chose and the refund it led to. */
export type DisruptedBooking = {
  reference: string;
  status: BookingRow['status'];
  locale: string;
  name: string;
  surnames: string;
  seats: number;
  /** Where it is now: the departure it moved to, when it moved. */
  departureId: number;
  choice: 'moved' | 'refunded' | null;
  chosenBy: string | null;
  remindedAt: Date | null;
  /** The refund filed under `disruption:<id>`, if any. */
  refund: { status: string; amountCents: number } | null;
};

/** The bookings a cancelled departure disrupted, in the order they were made. */
export async function bookingsDisruptedFrom(
  target: Pick<Tx, 'query'>,
  departureId: number,
): Promise<DisruptedBooking[]> {
  const { rows } = await target.query(
    `SELECT b.id, b.reference, b.status, b.locale, b.customer_name, b.customer_surnames, b.seats, b.departure_id,
       b.disruption_choice, b.disruption_chosen_by, b.disruption_reminded_at,
       (SELECT e.status FROM payment_events e WHERE e.idempotency_key = 'disruption:' || b.id) AS refund_status,
       (SELECT e.amount_cents FROM payment_events e WHERE e.idempotency_key = 'disruption:' || b.id) AS refund_cents
     FROM bookings b WHERE b.disrupted_from = ? ORDER BY b.id`,
    [departureId],
  );
  return rows.map((row) => ({
    reference: str(row.reference),
    status: str(row.status) as BookingRow['status'],
    locale: str(row.locale),
    name: str(row.customer_name),
    surnames: str(row.customer_surnames),
    seats: num(row.seats),
    departureId: num(row.departure_id),
    choice: row.disruption_choice ? (str(row.disruption_choice) as 'moved' | 'refunded') : null,
    chosenBy: row.disruption_chosen_by ? str(row.disruption_chosen_by) : null,
    remindedAt: row.disruption_reminded_at ? date(row.disruption_reminded_at) : null,
    refund: row.refund_status ? { status: str(row.refund_status), amountCents: num(row.refund_cents) } : null,
  }));
}

/** Disrupted bookings not yet reminded whose departure was cancelled at or before `disruptedBefore`. */
export async function disruptedBookingsToRemind(
  target: Pick<Tx, 'query'>,
  input: { disruptedBefore: Date; limit: number },
): Promise<number[]> {
  const { rows } = await target.query(
    `SELECT id FROM bookings WHERE status = 'disrupted' AND disruption_reminded_at IS NULL AND disrupted_at <= ?
     ORDER BY id LIMIT ${Math.trunc(input.limit)}`,
    [iso(input.disruptedBefore)],
  );
  return rows.map((row) => num(row.id));
}

/** Marks a disrupted booking reminded, once: false if it was reminded already or is no longer disrupted. */
export async function claimDisruptionReminder(
  target: Pick<Tx, 'query'>,
  bookingId: number,
  now: Date,
): Promise<boolean> {
  const { rowsAffected } = await target.query(
    `UPDATE bookings SET disruption_reminded_at = ?, updated_at = ?
     WHERE id = ? AND status = 'disrupted' AND disruption_reminded_at IS NULL`,
    [iso(now), iso(now), bookingId],
  );
  return rowsAffected === 1;
}

/** A booking a reseller confirmed, as its monthly statement lists it. */
export type ResoldBooking = {
  reference: string;
  resellerReference: string | null;
  tourId: number;
  seats: number;
  status: BookingRow['status'];
  paidCents: number;
  refundedCents: number;
  /** What it owed, kept at sale (reseller-rates.ts); null for bookings sold before. */
  resellerNetCents: number | null;
  resellerCommissionPercent: number | null;
  localDate: string;
  localTime: string;
};

/**
 * The bookings a reseller confirmed at some point (holds that expired or were let go were never
 * sold) for departures between two Madrid days (both included), in the order they sail.
 */
export async function resoldBookingsBetween(
  target: Pick<Tx, 'query'>,
  resellerId: number,
  between: { from: string; to: string },
): Promise<ResoldBooking[]> {
  const { rows } = await target.query(
    `SELECT b.reference, b.reseller_reference, b.tour_id, b.seats, b.status, b.paid_cents, b.refunded_cents,
       b.reseller_commission_percent, b.reseller_net_cents, d.local_date, d.local_time
     FROM bookings b JOIN departures d ON d.id = b.departure_id
     WHERE b.reseller_id = ? AND b.paid_at IS NOT NULL AND d.local_date >= ? AND d.local_date <= ?
     ORDER BY d.local_date, d.local_time, b.id`,
    [resellerId, between.from, between.to],
  );
  return rows.map((row) => ({
    reference: str(row.reference),
    resellerReference: row.reseller_reference ? str(row.reseller_reference) : null,
    tourId: num(row.tour_id),
    seats: num(row.seats),
    status: str(row.status) as BookingRow['status'],
    paidCents: num(row.paid_cents),
    refundedCents: num(row.refunded_cents),
    resellerNetCents: optNum(row.reseller_net_cents),
    resellerCommissionPercent: optNum(row.reseller_commission_percent),
    localDate: str(row.local_date),
    localTime: str(row.local_time),
  }));
}

/** Which reseller sold a booking and under which OCTO uuid; null for a booking no reseller sold. */
export async function resellerSaleOf(
  target: Pick<Tx, 'query'>,
  bookingId: number,
): Promise<{ resellerId: number; octoUuid: string } | null> {
  const { rows } = await target.query('SELECT reseller_id, octo_uuid FROM bookings WHERE id = ?', [bookingId]);
  if (!rows[0]?.reseller_id) return null;
  return { resellerId: num(rows[0].reseller_id), octoUuid: str(rows[0].octo_uuid) };
}

/** Makes a held booking's time up at `now`, so the next expiry gives its seats back at once. */
export async function endHoldTimeNow(target: Pick<Tx, 'query'>, bookingId: number, now: Date): Promise<void> {
  await target.query(`UPDATE bookings SET hold_expires_at = ? WHERE id = ? AND status = 'held'`, [iso(now), bookingId]);
}

/** A reseller's booking with its departure's time (resellers/sales.ts adds its tickets). */
export type ResellerBookingRecord = BookingRow & {
  uuid: string;
  resellerId: number;
  resellerReference: string | null;
  createdAt: Date;
  updatedAt: Date;
  startsAt: Date;
  localDate: string;
  localTime: string;
  durationMinutes: number;
  cancelledAt: Date | null;
  /** The unit items as the reseller named them, one per person in ticket order; null before they were kept. */
  units: ResellerUnit[] | null;
  /** The reseller's commission when it confirmed (null: not confirmed, or confirmed before it was kept). */
  commissionPercent: number | null;
  /** What the reseller owes for it, fixed when it confirmed (null: not confirmed, or before it was kept). */
  netCents: number | null;
  /** What one unit of each category cost it then (null: not confirmed, or before they were kept). */
  unitNets: Record<TicketCategory, number> | null;
  /** Whether the tickets are e-mailed to the contact (the reseller asked with OCTO's emailReceipt). */
  ticketsByEmail: boolean;
  /** The contact's country, postal code and notes as the reseller sent them. */
  contactExtra: Pick<ResellerContact, 'country' | 'postalCode' | 'notes'>;
  /** Why it was cancelled, as the reseller (or staff) said. */
  cancelReason: string | null;
};

const RESELLER_BOOKING_COLUMNS = `b.id, b.reference, b.tour_id, b.departure_id, b.status, b.trip_type, b.adults, b.reduced, b.children,
  b.super3, b.audio_guides, b.seats, b.total_cents, b.customer_name, b.customer_surnames, b.customer_email,
  b.customer_phone, b.customer_mobile_phone, b.customer_comments, b.locale, b.hold_expires_at, b.hold_extended,
  b.payment_order_ref, b.paid_at, b.octo_uuid, b.reseller_id, b.reseller_reference, b.reseller_units, b.reseller_commission_percent,
  b.reseller_net_cents, b.reseller_unit_nets, b.tickets_by_email, b.reseller_contact, b.cancel_reason, b.created_at, b.updated_at,
  d.starts_at, d.local_date, d.local_time, d.duration_minutes`;

function contactExtraOf(value: unknown): Pick<ResellerContact, 'country' | 'postalCode' | 'notes'> {
  if (typeof value !== 'string' || value === '') return {};
  const parsed: unknown = JSON.parse(value);
  return parsed && typeof parsed === 'object' ? (parsed as ResellerContact) : {};
}

function unitsOf(value: unknown): ResellerUnit[] | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? (parsed as ResellerUnit[]) : null;
}

function resellerBookingFromRow(row: Row): ResellerBookingRecord {
  const booking = bookingFromRow(row);
  return {
    ...booking,
    uuid: str(row.octo_uuid),
    resellerId: num(row.reseller_id),
    resellerReference: row.reseller_reference ? str(row.reseller_reference) : null,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    startsAt: date(row.starts_at),
    localDate: str(row.local_date),
    localTime: str(row.local_time),
    durationMinutes: num(row.duration_minutes),
    cancelledAt: booking.status === 'cancelled' ? date(row.updated_at) : null,
    units: unitsOf(row.reseller_units),
    commissionPercent: optNum(row.reseller_commission_percent),
    netCents: optNum(row.reseller_net_cents),
    unitNets: parseUnitNets(row.reseller_unit_nets),
    ticketsByEmail: bool(row.tickets_by_email),
    contactExtra: contactExtraOf(row.reseller_contact),
    cancelReason: row.cancel_reason ? str(row.cancel_reason) : null,
  };
}

/** What a reseller looks its bookings up by (OCTO's booking filters); every given field must match. */
export type ResellerBookingFilter = {
  uuid?: string | undefined;
  resellerReference?: string | undefined;
  reference?: string | undefined;
  localDate?: string | undefined;
};

/** One reseller's bookings matching the filter, oldest first, at most 500: never another reseller's. */
export async function resellerBookingsMatching(
  target: Pick<Tx, 'query'>,
  resellerId: number,
  filter: ResellerBookingFilter,
): Promise<ResellerBookingRecord[]> {
  const filters = ['b.reseller_id = ?'];
  const params: (string | number)[] = [resellerId];
  const add = (sql: string, value: string | undefined) => {
    if (value === undefined) return;
    filters.push(sql);
    params.push(value);
  };
  add('b.octo_uuid = ?', filter.uuid);
  add('b.reseller_reference = ?', filter.resellerReference);
  add('b.reference = ?', filter.reference);
  add('d.local_date = ?', filter.localDate);
  const { rows } = await target.query(
    `SELECT ${RESELLER_BOOKING_COLUMNS} FROM bookings b JOIN departures d ON d.id = b.departure_id
    WHERE ${filters.join(' AND ')} ORDER BY b.id LIMIT 500`,
    params,
  );
  return rows.map(resellerBookingFromRow);
}

/** The reseller whose booking carries this OCTO uuid (uuids are unique across resellers), if any. */
export async function resellerOfUuid(target: Pick<Tx, 'query'>, uuid: string): Promise<{ resellerId: number } | null> {
  const { rows } = await target.query('SELECT reseller_id FROM bookings WHERE octo_uuid = ?', [uuid]);
  return rows[0] ? { resellerId: num(rows[0].reseller_id) } : null;
}

/**
 * Sets these columns (`sets`: "column = ?" each, with `params`) on a hold still live at `now`;
 * false if it is no longer held or its time is up.
 */
export async function updateLiveHold(
  target: Pick<Tx, 'query'>,
  bookingId: number,
  change: { sets: readonly string[]; params: readonly Param[] },
  now: Date,
): Promise<boolean> {
  const { rowsAffected } = await target.query(
    `UPDATE bookings SET updated_at = ?${change.sets.map((set) => `, ${set}`).join('')}
     WHERE id = ? AND status = 'held' AND hold_expires_at > ?`,
    [iso(now), ...change.params, bookingId, iso(now)],
  );
  return rowsAffected === 1;
}

/** Moves a live hold's expiry to `holdExpiresAt` (as often as asked); false if it is no longer a live hold. */
export async function moveLiveHoldExpiry(
  target: Pick<Tx, 'query'>,
  bookingId: number,
  holdExpiresAt: Date,
  now: Date,
): Promise<boolean> {
  const { rowsAffected } = await target.query(
    `UPDATE bookings SET hold_expires_at = ?, updated_at = ? WHERE id = ? AND status = 'held' AND hold_expires_at > ?`,
    [iso(holdExpiresAt), iso(now), bookingId, iso(now)],
  );
  return rowsAffected === 1;
}

/**
 * Keeps on a reseller's booking what it owed at confirmation, and how it is invoiced (decision
 * 165), so a later change of its terms rewrites nothing.
 */
export async function keepResellerTerms(
  tx: Tx,
  bookingId: number,
  kept: { commissionPercent: number; netCents: number; unitNets: string | null; invoicing: 'resale' | 'agent' },
): Promise<void> {
  await tx.query(
    `UPDATE bookings SET reseller_commission_percent = ?, reseller_net_cents = ?, reseller_unit_nets = ?,
       reseller_invoicing = ? WHERE id = ?`,
    [kept.commissionPercent, kept.netCents, kept.unitNets, kept.invoicing, bookingId],
  );
}

/** What a change of a booking sets on its row: departure, tour, people, seats and price. */
export type BookingShape = {
  departureId: number;
  tourId: number;
  tripType: 'roundTrip' | 'oneWay';
  adult: number;
  reduced: number;
  child: number;
  super3: number;
  audioGuides: number;
  seats: number;
  totalCents: number;
};

/** The `set` fragment of a change (the paid booking's goes through transitions.ts with it). */
export function shapeSet(to: BookingShape): { sql: string; params: Param[] } {
  return {
    sql: `departure_id = ?, tour_id = ?, trip_type = ?, adults = ?, reduced = ?, children = ?, super3 = ?,
      audio_guides = ?, seats = ?, total_cents = ?`,
    params: [
      to.departureId,
      to.tourId,
      to.tripType,
      to.adult,
      to.reduced,
      to.child,
      to.super3,
      to.audioGuides,
      to.seats,
      to.totalCents,
    ],
  };
}

/**
 * Reshapes a hold that is still running and still where the caller read it (departure and
 * seats): false when it expired, was paid or changed meanwhile, and the caller rolls back.
 */
export async function reshapeHeldBooking(
  tx: Tx,
  bookingId: number,
  from: { departureId: number; seats: number },
  to: BookingShape,
  now: Date,
  /** When the new departure's sale closes: a hold never outlives it. */
  closesAt: Date,
): Promise<boolean> {
  const set = shapeSet(to);
  const { rowsAffected } = await tx.query(
    `UPDATE bookings SET updated_at = ?, ${set.sql},
       hold_expires_at = CASE WHEN hold_expires_at > ? THEN ? ELSE hold_expires_at END
     WHERE id = ? AND status = 'held' AND hold_expires_at > ? AND departure_id = ? AND seats = ?`,
    [iso(now), ...set.params, iso(closesAt), iso(closesAt), bookingId, iso(now), from.departureId, from.seats],
  );
  return rowsAffected === 1;
}

/** A reseller's booking's details (contact, notes, references), from column fragments the caller built. */
export async function writeResellerDetails(
  tx: Pick<Tx, 'query'>,
  bookingId: number,
  set: { sql: string[]; params: Param[] },
  now: Date,
): Promise<void> {
  await tx.query(`UPDATE bookings SET updated_at = ?, ${set.sql.join(', ')} WHERE id = ?`, [
    iso(now),
    ...set.params,
    bookingId,
  ]);
}

/** What a changed confirmed booking now costs its reseller (its commission is the one it was sold at). */
export async function writeResellerNet(
  tx: Tx,
  bookingId: number,
  net: { netCents: number; unitNets: string | null },
): Promise<void> {
  await tx.query('UPDATE bookings SET reseller_net_cents = ?, reseller_unit_nets = ? WHERE id = ?', [
    net.netCents,
    net.unitNets,
    bookingId,
  ]);
}

/** How a reseller's booking is invoiced (decision 165): the model fixed at confirmation and the net it pays. */
export type ResellerInvoicingTerms = {
  resellerInvoicing: string | null;
  totalCents: number;
  resellerNetCents: number | null;
};

export async function resellerInvoicingTermsOf(
  target: Pick<Tx, 'query'>,
  bookingId: number,
): Promise<ResellerInvoicingTerms | null> {
  const { rows } = await target.query(
    'SELECT reseller_invoicing, total_cents, reseller_net_cents FROM bookings WHERE id = ?',
    [bookingId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    resellerInvoicing: row.reseller_invoicing === null ? null : String(row.reseller_invoicing),
    totalCents: num(row.total_cents),
    resellerNetCents: row.reseller_net_cents === null ? null : num(row.reseller_net_cents),
  };
}

/**
 * The booking row joined as `alias` on `bookingIdSql`, for a query above booking that compares a
 * booking's money with its reseller terms (the invoicing sweep): the columns are those of
 * ResellerInvoicingTerms (`reseller_invoicing`, `total_cents`, `reseller_net_cents`).
 */
export function joinBookingTermsSql(alias: string, bookingIdSql: string): string {
  return `JOIN bookings ${alias} ON ${alias}.id = ${bookingIdSql}`;
}

/** Bookings of one kind on the departures a cancellation would reach: how many, how many seats. */
export type BookingsOnDepartures = {
  status: 'paid' | 'held';
  locale: string;
  resold: boolean;
  bookings: number;
  seats: number;
};

/**
 * The paid bookings and the holds still running on `departureIds`, counted by status, language
 * and whether a reseller sold them: what cancelling those departures would reach (the preview the
 * office sees before confirming, operations/cancellation-impact.ts).
 */
export async function bookingsOnDepartures(
  target: Pick<Tx, 'query'>,
  departureIds: readonly number[],
  now: Date,
): Promise<BookingsOnDepartures[]> {
  if (departureIds.length === 0) return [];
  const resold = 'CASE WHEN b.reseller_id IS NULL THEN 0 ELSE 1 END';
  const { rows } = await target.query(
    `SELECT b.status, b.locale, ${resold} AS resold, COUNT(*) AS bookings, SUM(b.seats) AS seats
     FROM bookings b
     WHERE b.departure_id IN (${departureIds.map(() => '?').join(', ')})
       AND (b.status = 'paid' OR (b.status = 'held' AND b.hold_expires_at > ?))
     GROUP BY b.status, b.locale, ${resold}`,
    [...departureIds, iso(now)],
  );
  return rows.map((row) => ({
    status: str(row.status) === 'held' ? 'held' : 'paid',
    locale: str(row.locale),
    resold: num(row.resold) === 1,
    bookings: num(row.bookings),
    seats: num(row.seats),
  }));
}
