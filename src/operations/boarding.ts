import type { Payload } from 'payload';

import { defaultLocale, type Locale } from '../i18n/locales';
import { date, iso, num, shopDb, str, type Param, type Row, type ShopDb, type Tx } from '../booking/db';
import { publish, type EventOf } from '../booking/events';
import { BOARDING_MINUTES_BEFORE, boardingTime } from '../booking/booking-window';
import { madridToday } from '../booking/time';
import { can } from '../security/policy';
import {
  afterBoarding,
  type BoardingDeparture,
  decideScan,
  SHORT_CODE_LENGTH,
  EARLY_BOARDING_MS,
  fullCode,
  isConflict,
  manifestEntry,
  normalizeCode,
  offlineInstant,
  type BoardingListEntry,
  type DepartureSummary,
  type FoundBooking,
  type QueuedCheckIn,
  type ScanAnswer,
  type ScanContext,
  type ScannedAtAdjustment,
  type SyncOutcome,
  type TicketCategory,
} from './boarding-decision';

/**
 * Boarding at the gangway: the crew scan (or type) a ticket's code, or a booking's reference to
 * board all its people at once, for the departure they are loading.
 *
 * Double-scan safe by construction (docs/domain-rules.md, No overselling and Events): a ticket is boarded by ONE
 * conditional UPDATE (`… WHERE code = ? AND checked_in_at IS NULL AND` its booking is paid and
 * on this departure), whose returned rows are the answer. Two phones scanning the same ticket at
 * the same instant, or an offline queue replayed twice, board it exactly once; the loser reads
 * back who won and when. Raw SQL on the shop's connection (src/booking/db.ts) like the holds.
 */

export type {
  BoardingDeparture,
  BoardingListEntry,
  BoardingTicketState,
  BookingSummary,
  CancelReason,
  DepartureSummary,
  QueuedCheckIn,
  ScanAnswer,
  ScannedAtAdjustment,
  ScanResult,
  SyncOutcome,
  TicketCategory,
} from './boarding-decision';
export {
  CLOCK_SKEW_MS,
  EARLY_BOARDING_MS,
  normalizeCode,
  OFFLINE_QUEUE_LIFETIME_MS,
  offlineInstant,
} from './boarding-decision';

export type StaffMember = { id: number; role: string };

export type TicketBoardedEvent = EventOf<'ticket.boarded'>;

// ---------------------------------------------------------------------------------------------
// Departures

export async function tourTitle(db: Pick<ShopDb, 'query'>, tourId: number, locale: Locale): Promise<string> {
  const { rows } = await db.query(
    `SELECT title, _locale FROM tours_locales WHERE _parent_id = ? AND _locale IN (?, ?)`,
    [tourId, locale, defaultLocale],
  );
  const preferred = rows.find((row) => row._locale === locale) ?? rows[0];
  return preferred ? str(preferred.title) : '';
}

const DEPARTURE_SELECT = `SELECT d.id, d.tour_id, d.local_date, d.local_time, d.status, d.starts_at, d.capacity,
  d.seats_sold, d.seats_held, bt.name AS boat_name
  FROM departures d LEFT JOIN boats bt ON bt.id = d.boat_id`;

async function departureSummary(db: Pick<ShopDb, 'query'>, row: Row, locale: Locale): Promise<DepartureSummary> {
  return {
    id: num(row.id),
    tour: await tourTitle(db, num(row.tour_id), locale),
    boat: str(row.boat_name),
    date: str(row.local_date),
    time: str(row.local_time),
    status: str(row.status),
  };
}

export async function findDeparture(
  payload: Payload,
  id: number,
  locale: Locale = defaultLocale,
): Promise<DepartureSummary | null> {
  const db = shopDb(payload);
  const { rows } = await db.query(`${DEPARTURE_SELECT} WHERE d.id = ?`, [id]);
  return rows[0] ? departureSummary(db, rows[0], locale) : null;
}

/** Crew board today's departures only (Madrid's today); the office and admins any departure (src/security/policy.ts). */
export function mayBoard(staff: StaffMember, departure: Pick<DepartureSummary, 'date'>, now = new Date()): boolean {
  return can(staff, 'boarding.scan', { sailsOn: departure.date }, now);
}

/** Today's departures (Madrid), every tour and status, for the crew's departure picker. */
export async function todaysBoardingDepartures(
  payload: Payload,
  locale: Locale,
  now = new Date(),
): Promise<BoardingDeparture[]> {
  const db = shopDb(payload);
  const { rows } = await db.query(`${DEPARTURE_SELECT} WHERE d.local_date = ? ORDER BY d.starts_at, d.id`, [
    madridToday(now),
  ]);
  const counts = await boardedCounts(
    payload,
    rows.map((row) => num(row.id)),
  );
  return Promise.all(
    rows.map(async (row) => ({
      ...(await departureSummary(db, row, locale)),
      seatsSold: num(row.seats_sold),
      boarded: counts.get(num(row.id)) ?? 0,
    })),
  );
}

/** People on board of one departure: boarded tickets of its paid bookings. */
export async function boardedCount(payload: Payload, departureId: number): Promise<number> {
  return (await boardedCounts(payload, [departureId])).get(departureId) ?? 0;
}

/** People on board per departure, for boards that list several (today's board). */
export async function boardedCounts(payload: Payload, departureIds: readonly number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (departureIds.length === 0) return result;
  const { rows } = await shopDb(payload).query(
    `SELECT b.departure_id, COUNT(*) AS n FROM tickets t JOIN bookings b ON b.id = t.booking_id
     WHERE b.status = 'paid' AND t.checked_in_at IS NOT NULL AND b.departure_id IN (${departureIds.map(() => '?').join(', ')})
     GROUP BY b.departure_id`,
    [...departureIds],
  );
  for (const row of rows) result.set(num(row.departure_id), num(row.n));
  return result;
}

// ---------------------------------------------------------------------------------------------
// Tickets

const TICKET_SELECT = `SELECT t.code, t.category, t.checked_in_at, t.checked_in_by_id, t.voided_at, u.name AS by_name, u.email AS by_email
  FROM tickets t LEFT JOIN users u ON u.id = t.checked_in_by_id`;

/** A ticket's row (with who boarded it) as the manifest lists it, for a booking's row. */
function entryFromRow(row: Row, booking: Row): BoardingListEntry {
  const byName = str(row.by_name).trim();
  const boardedBy = row.checked_in_by_id === null || row.checked_in_by_id === undefined ? null : row.checked_in_by_id;
  return manifestEntry(
    {
      code: str(row.code),
      category: str(row.category) as TicketCategory,
      checkedInAt:
        row.checked_in_at === null || row.checked_in_at === undefined ? null : date(row.checked_in_at).toISOString(),
      checkedInBy: boardedBy === null ? null : byName || str(row.by_email),
      checkedInById: boardedBy === null ? null : num(boardedBy),
      // Replaced by new tickets (the booking moved) or cancelled: it no longer boards.
      voided: row.voided_at !== null && row.voided_at !== undefined,
    },
    {
      reference: str(booking.reference),
      leadName: `${str(booking.customer_name)} ${str(booking.customer_surnames)}`.trim(),
      status: str(booking.status),
    },
  );
}

type LoadedBooking = Omit<FoundBooking, 'scanned'> & { id: number };

/** A booking, every ticket of it and the departure it is on now (described in `locale`). */
async function loadBooking(
  db: Pick<ShopDb, 'query'>,
  where: 'id' | 'reference',
  value: Param,
  locale: Locale,
): Promise<LoadedBooking | null> {
  const { rows } = await db.query(
    `SELECT id, reference, status, departure_id, customer_name, customer_surnames FROM bookings WHERE ${where} = ?`,
    [value],
  );
  const row = rows[0];
  if (!row) return null;
  const tickets = await db.query(`${TICKET_SELECT} WHERE t.booking_id = ? ORDER BY t.id`, [num(row.id)]);
  const departure = await db.query(`${DEPARTURE_SELECT} WHERE d.id = ?`, [num(row.departure_id)]);
  const entries = tickets.rows.map((ticket) => entryFromRow(ticket, row));
  return {
    id: num(row.id),
    reference: str(row.reference),
    leadName: `${str(row.customer_name)} ${str(row.customer_surnames)}`.trim(),
    departureId: num(row.departure_id),
    departure: departure.rows[0] ? await departureSummary(db, departure.rows[0], locale) : null,
    tickets: entries,
  };
}

/** The ticket (by its code) or the booking (by its reference) a scanned code names. */
async function resolveCode(
  db: Pick<ShopDb, 'query'>,
  code: string,
  locale: Locale,
): Promise<(FoundBooking & { id: number }) | null> {
  if (!code) return null;
  const { rows } = await db.query(`SELECT booking_id FROM tickets WHERE code = ?`, [code]);
  if (rows[0]) {
    const booking = await loadBooking(db, 'id', num(rows[0].booking_id), locale);
    return booking ? { ...booking, scanned: 'ticket' } : null;
  }
  const booking = await loadBooking(db, 'reference', code, locale);
  // A booking that never got tickets (a hold, an expired one) is no boarding pass.
  return booking && booking.tickets.length > 0 ? { ...booking, scanned: 'booking' } : null;
}

export type ScanInput = {
  code: string;
  departureId: number;
  staff: StaffMember;
  /** For a booking's reference: board only these of its tickets (the crew's choice); all when absent. */
  tickets?: readonly string[];
  /** When the check-in happened: now, or the moment an offline phone scanned it. */
  at?: Date;
  offline?: boolean;
  /** For an offline check-in: what the phone said, and why `at` is not that (see `offlineInstant`). */
  phone?: { scannedAt: string | null; adjusted: ScannedAtAdjustment | null };
  locale?: Locale;
  now?: Date;
};

/**
 * Boards a ticket, or a booking's tickets, for `departureId`, and says what happened. The caller
 * has already checked that the staff member may board this departure (`mayBoard`). What the scan
 * means is the decision the phone makes too (./boarding-decision.ts); here its tickets are boarded
 * by the one conditional update.
 */
export async function scanCode(payload: Payload, input: ScanInput): Promise<ScanAnswer> {
  const db = shopDb(payload);
  const locale = input.locale ?? defaultLocale;
  const now = input.now ?? new Date();
  const at = input.at ?? now;
  const typed = normalizeCode(input.code);
  // A short code (the last characters the group screen shows) means a code of this departure only.
  const code =
    typed.length === SHORT_CODE_LENGTH ? fullCode(await boardingList(payload, input.departureId), typed) : typed;
  const context: ScanContext = { departureId: input.departureId, staff: input.staff, now };

  const found = await resolveCode(db, code, locale);
  const decision = decideScan(context, code, found, input.tickets);
  if ('answer' in decision) return decision.answer;
  if (!found) return { result: 'unknown', code };
  const wanted = decision.board;

  const boarded = await db.transaction(async (tx: Tx) => {
    const { rows } = await tx.query(
      `UPDATE tickets SET checked_in_at = ?, checked_in_by_id = ?, updated_at = ?
       WHERE code IN (${wanted.map(() => '?').join(', ')}) AND checked_in_at IS NULL AND voided_at IS NULL
         AND booking_id IN (SELECT id FROM bookings WHERE id = ? AND status = 'paid' AND departure_id = ?)
       RETURNING code, category`,
      [iso(at), input.staff.id, iso(now), ...wanted, found.id, input.departureId],
    );
    return rows.map((row) => ({ code: str(row.code), category: str(row.category) as TicketCategory }));
  });

  // Read back what is true now: who else boarded, or whether the booking changed meanwhile.
  const reloaded = await loadBooking(db, 'id', found.id, locale);
  const after = reloaded ? { ...reloaded, scanned: found.scanned } : found;
  if (boarded.length > 0) {
    await publish(payload, {
      type: 'ticket.boarded',
      departureId: input.departureId,
      bookingId: found.id,
      reference: after.reference,
      tickets: boarded,
      at,
      by: `user:${input.staff.id}`,
      byUserId: input.staff.id,
      offline: input.offline ?? false,
      receivedAt: now,
      ...(input.phone ? { phoneScannedAt: input.phone.scannedAt, scannedAtAdjusted: input.phone.adjusted } : {}),
    });
  }
  return afterBoarding(context, code, after, wanted, boarded, at.toISOString());
}

// ---------------------------------------------------------------------------------------------
// The phone's offline list and its queue

/**
 * Everything a phone needs to answer scans for one departure without network: every ticket of
 * its bookings (booking references included, for the booking-level QR) with their state.
 * Only the lead's name travels: the crew's manifest shows no more.
 */
export async function boardingList(payload: Payload, departureId: number): Promise<BoardingListEntry[]> {
  const { rows } = await shopDb(payload).query(
    `SELECT t.code, t.category, t.checked_in_at, t.checked_in_by_id, t.voided_at, u.name AS by_name, u.email AS by_email,
       b.reference, b.status, b.customer_name, b.customer_surnames
     FROM tickets t JOIN bookings b ON b.id = t.booking_id LEFT JOIN users u ON u.id = t.checked_in_by_id
     WHERE b.departure_id = ?
     ORDER BY b.customer_surnames, b.customer_name, b.id, t.id`,
    [departureId],
  );
  return rows.map((row) => entryFromRow(row, row));
}

/** The earliest believable check-in for a departure: an hour before its boarding time. */
async function boardingOpensAt(payload: Payload, departureId: number): Promise<Date | null> {
  const { rows } = await shopDb(payload).query(
    `SELECT d.starts_at, t.booking_boarding_minutes_before FROM departures d JOIN tours t ON t.id = d.tour_id
     WHERE d.id = ?`,
    [departureId],
  );
  const row = rows[0];
  if (!row) return null;
  const minutesBefore =
    row.booking_boarding_minutes_before === null || row.booking_boarding_minutes_before === undefined
      ? BOARDING_MINUTES_BEFORE
      : num(row.booking_boarding_minutes_before);
  return new Date(boardingTime(date(row.starts_at), minutesBefore).getTime() - EARLY_BOARDING_MS);
}

/**
 * Applies the check-ins a phone made offline, in the order it made them. Idempotent: each is the
 * same conditional update as a live scan, so a queue sent twice (the answer to the first send was
 * lost) boards every ticket once.
 */
export async function syncCheckIns(
  payload: Payload,
  input: {
    departureId: number;
    staff: StaffMember;
    checkIns: readonly QueuedCheckIn[];
    locale?: Locale;
    now?: Date;
  },
): Promise<SyncOutcome[]> {
  const now = input.now ?? new Date();
  const opensAt = await boardingOpensAt(payload, input.departureId);
  const outcomes: SyncOutcome[] = [];
  for (const checkIn of input.checkIns) {
    const { at, adjusted } = offlineInstant(checkIn.scannedAt, now, opensAt);
    const answer = await scanCode(payload, {
      code: checkIn.code,
      tickets: checkIn.tickets,
      departureId: input.departureId,
      staff: input.staff,
      at,
      offline: true,
      phone: { scannedAt: checkIn.scannedAt ?? null, adjusted },
      locale: input.locale,
      now,
    });
    outcomes.push({
      code: normalizeCode(checkIn.code),
      answer,
      conflict: isConflict(answer, checkIn, input.staff.id),
      ...(adjusted && adjusted !== 'missing' ? { scannedAtAdjusted: adjusted } : {}),
    });
  }
  return outcomes;
}
