import type { Payload } from 'payload';

import { defaultLocale, type Locale } from '../i18n/locales';
import { date, iso, num, shopDb, str, type Param, type Row, type ShopDb, type Tx } from '../booking/db';
import { publish, type EventOf } from '../booking/events';
import { BOARDING_MINUTES_BEFORE, boardingTime } from '../booking/booking-window';
import { madridToday } from '../booking/time';

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

export type ScanResult = 'boarded' | 'already-boarded' | 'wrong-departure' | 'not-today' | 'cancelled' | 'unknown';
export type TicketCategory = 'adult' | 'reduced' | 'child' | 'super3';
export type CancelReason = 'cancelled' | 'refunded' | 'unpaid' | 'departureCancelled' | 'voided';

export type DepartureSummary = {
  id: number;
  tour: string;
  boat: string;
  /** Madrid wall-clock date and time. */
  date: string;
  time: string;
  status: string;
};

export type BookingSummary = {
  reference: string;
  leadName: string;
  /** Every ticket of the booking and its state, so the phone can offer to board only some. */
  tickets: BoardingTicketState[];
};

export type BoardingTicketState = {
  code: string;
  category: TicketCategory;
  checkedInAt: string | null;
  checkedInBy: string | null;
  checkedInById: number | null;
};

export type ScanAnswer =
  | {
      result: 'boarded';
      /** 'ticket' when a ticket's QR was scanned, 'booking' for the booking's reference. */
      scanned: 'ticket' | 'booking';
      booking: BookingSummary;
      /** The tickets this scan boarded. */
      boarded: { code: string; category: TicketCategory }[];
      at: string;
      /** The booking's tickets that had already been boarded before this scan. */
      alreadyBoarded: BoardingTicketState[];
    }
  | {
      result: 'already-boarded';
      scanned: 'ticket' | 'booking';
      booking: BookingSummary;
      at: string;
      by: string;
    }
  | { result: 'wrong-departure'; scanned: 'ticket' | 'booking'; booking: BookingSummary; departure: DepartureSummary }
  /**
   * A crew member scanned a booking of another day: which departure it is for, and nothing about
   * who booked it (docs/decisions/128-scans-retries-and-retention.md).
   */
  | { result: 'not-today'; scanned: 'ticket' | 'booking'; departure: DepartureSummary }
  | { result: 'cancelled'; scanned: 'ticket' | 'booking'; booking: BookingSummary; reason: CancelReason }
  | { result: 'unknown'; code: string };

export type StaffMember = { id: number; role: string };

export type TicketBoardedEvent = EventOf<'ticket.boarded'>;

// ---------------------------------------------------------------------------------------------
// Codes

/**
 * What the crew typed or the camera read, as stored: codes are upper-case base32 without the
 * letters I, O (src/booking/holds.ts), so a typed lower-case code, spaces, dashes or a QR that
 * holds a URL ending in the code all resolve to it.
 */
export function normalizeCode(raw: string): string {
  const lastSegment =
    raw
      .trim()
      .split(/[/?#=]/)
      .filter(Boolean)
      .pop() ?? '';
  return lastSegment.replace(/[\s-]/g, '').toUpperCase().slice(0, 64);
}

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

/** Crew board today's departures only (Madrid's today); the office and admins any departure. */
export function mayBoard(staff: StaffMember, departure: Pick<DepartureSummary, 'date'>, now = new Date()): boolean {
  if (staff.role === 'admin' || staff.role === 'office') return true;
  return staff.role === 'crew' && departure.date === madridToday(now);
}

export type BoardingDeparture = DepartureSummary & { seatsSold: number; boarded: number };

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

type TicketRow = {
  code: string;
  category: TicketCategory;
  checkedInAt: Date | null;
  checkedInBy: string | null;
  checkedInById: number | null;
  /** Replaced by new tickets (the booking moved) or cancelled: it no longer boards. */
  voided: boolean;
};

type BookingRecord = {
  id: number;
  reference: string;
  status: string;
  departureId: number;
  leadName: string;
  tickets: TicketRow[];
};

const TICKET_SELECT = `SELECT t.code, t.category, t.checked_in_at, t.checked_in_by_id, t.voided_at, u.name AS by_name, u.email AS by_email
  FROM tickets t LEFT JOIN users u ON u.id = t.checked_in_by_id`;

function ticketFromRow(row: Row): TicketRow {
  const byName = str(row.by_name).trim();
  return {
    code: str(row.code),
    category: str(row.category) as TicketCategory,
    checkedInAt: row.checked_in_at === null || row.checked_in_at === undefined ? null : date(row.checked_in_at),
    checkedInBy:
      row.checked_in_by_id === null || row.checked_in_by_id === undefined ? null : byName || str(row.by_email),
    checkedInById:
      row.checked_in_by_id === null || row.checked_in_by_id === undefined ? null : num(row.checked_in_by_id),
    voided: row.voided_at !== null && row.voided_at !== undefined,
  };
}

function ticketState(ticket: TicketRow): BoardingTicketState {
  return {
    code: ticket.code,
    category: ticket.category,
    checkedInAt: ticket.checkedInAt ? ticket.checkedInAt.toISOString() : null,
    checkedInBy: ticket.checkedInBy,
    checkedInById: ticket.checkedInById,
  };
}

async function loadBooking(db: Pick<ShopDb, 'query'>, where: 'id' | 'reference', value: Param) {
  const { rows } = await db.query(
    `SELECT id, reference, status, departure_id, customer_name, customer_surnames FROM bookings WHERE ${where} = ?`,
    [value],
  );
  const row = rows[0];
  if (!row) return null;
  const tickets = await db.query(`${TICKET_SELECT} WHERE t.booking_id = ? ORDER BY t.id`, [num(row.id)]);
  const booking: BookingRecord = {
    id: num(row.id),
    reference: str(row.reference),
    status: str(row.status),
    departureId: num(row.departure_id),
    leadName: `${str(row.customer_name)} ${str(row.customer_surnames)}`.trim(),
    tickets: tickets.rows.map(ticketFromRow),
  };
  return booking;
}

/** The ticket (by its code) or the booking (by its reference) a scanned code names. */
async function resolveCode(
  db: Pick<ShopDb, 'query'>,
  code: string,
): Promise<{ scanned: 'ticket' | 'booking'; booking: BookingRecord } | null> {
  const { rows } = await db.query(`SELECT booking_id FROM tickets WHERE code = ?`, [code]);
  if (rows[0]) {
    const booking = await loadBooking(db, 'id', num(rows[0].booking_id));
    return booking ? { scanned: 'ticket', booking } : null;
  }
  const booking = await loadBooking(db, 'reference', code);
  // A booking that never got tickets (a hold, an expired one) is no boarding pass.
  return booking && booking.tickets.length > 0 ? { scanned: 'booking', booking } : null;
}

function summary(booking: BookingRecord): BookingSummary {
  return { reference: booking.reference, leadName: booking.leadName, tickets: booking.tickets.map(ticketState) };
}

function cancelReason(status: string): CancelReason | null {
  if (status === 'paid') return null;
  if (status === 'cancelled') return 'cancelled';
  if (status === 'refundPending' || status === 'refunded') return 'refunded';
  return 'unpaid';
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
 * has already checked that the staff member may board this departure (`mayBoard`).
 */
export async function scanCode(payload: Payload, input: ScanInput): Promise<ScanAnswer> {
  const db = shopDb(payload);
  const locale = input.locale ?? defaultLocale;
  const now = input.now ?? new Date();
  const at = input.at ?? now;
  const code = normalizeCode(input.code);
  if (!code) return { result: 'unknown', code };

  const found = await resolveCode(db, code);
  if (!found) return { result: 'unknown', code };
  const { scanned } = found;
  let booking = found.booking;

  const refusal = async (): Promise<ScanAnswer | null> => {
    const { rows } = await db.query(`${DEPARTURE_SELECT} WHERE d.id = ?`, [booking.departureId]);
    // The crew's role stops at the day they sail: another day's booking is named by its departure
    // only, before anything (cancelled or not) could show its lead's name or ticket codes.
    if (
      input.staff.role === 'crew' &&
      booking.departureId !== input.departureId &&
      rows[0] &&
      str(rows[0].local_date) !== madridToday(now)
    ) {
      return { result: 'not-today', scanned, departure: await departureSummary(db, rows[0], locale) };
    }
    const reason = cancelReason(booking.status);
    if (reason) return { result: 'cancelled', scanned, booking: summary(booking), reason };
    if (booking.departureId !== input.departureId) {
      const departure = rows[0] ? await departureSummary(db, rows[0], locale) : null;
      if (departure) return { result: 'wrong-departure', scanned, booking: summary(booking), departure };
      return { result: 'unknown', code };
    }
    if (rows[0] && str(rows[0].status) === 'cancelled') {
      return { result: 'cancelled', scanned, booking: summary(booking), reason: 'departureCancelled' };
    }
    return null;
  };

  const refused = await refusal();
  if (refused) return refused;
  // A ticket replaced when its booking moved (or voided by a cancellation) never boards, even on
  // the departure its booking is on now: the visitor has new tickets.
  if (scanned === 'ticket' && booking.tickets.find((ticket) => ticket.code === code)?.voided) {
    return { result: 'cancelled', scanned, booking: summary(booking), reason: 'voided' };
  }

  // Which tickets this scan is about: the one scanned, or the booking's (all or the crew's choice).
  const wanted =
    scanned === 'ticket'
      ? [code]
      : booking.tickets
          .filter((ticket) => !ticket.voided)
          .map((ticket) => ticket.code)
          .filter((c) => !input.tickets || input.tickets.map(normalizeCode).includes(c));
  if (wanted.length === 0) return { result: 'unknown', code };

  const boarded = await db.transaction(async (tx: Tx) => {
    const { rows } = await tx.query(
      `UPDATE tickets SET checked_in_at = ?, checked_in_by_id = ?, updated_at = ?
       WHERE code IN (${wanted.map(() => '?').join(', ')}) AND checked_in_at IS NULL AND voided_at IS NULL
         AND booking_id IN (SELECT id FROM bookings WHERE id = ? AND status = 'paid' AND departure_id = ?)
       RETURNING code, category`,
      [iso(at), input.staff.id, iso(now), ...wanted, booking.id, input.departureId],
    );
    return rows.map((row) => ({ code: str(row.code), category: str(row.category) as TicketCategory }));
  });

  // Read back what is true now: who else boarded, or whether the booking changed meanwhile.
  booking = (await loadBooking(db, 'id', booking.id)) ?? booking;
  if (boarded.length > 0) {
    await publish(payload, {
      type: 'ticket.boarded',
      departureId: input.departureId,
      bookingId: booking.id,
      reference: booking.reference,
      tickets: boarded,
      at,
      by: `user:${input.staff.id}`,
      byUserId: input.staff.id,
      offline: input.offline ?? false,
      receivedAt: now,
      ...(input.phone ? { phoneScannedAt: input.phone.scannedAt, scannedAtAdjusted: input.phone.adjusted } : {}),
    });
    const boardedNow = new Set(boarded.map((ticket) => ticket.code));
    return {
      result: 'boarded',
      scanned,
      booking: summary(booking),
      boarded,
      at: at.toISOString(),
      alreadyBoarded: booking.tickets
        .filter((ticket) => wanted.includes(ticket.code) && !boardedNow.has(ticket.code) && ticket.checkedInAt)
        .map(ticketState),
    };
  }
  const changed = await refusal();
  if (changed) return changed;
  const first = booking.tickets
    .filter((ticket) => wanted.includes(ticket.code) && ticket.checkedInAt)
    .sort((a, b) => a.checkedInAt!.getTime() - b.checkedInAt!.getTime())[0];
  if (!first) return { result: 'unknown', code };
  return {
    result: 'already-boarded',
    scanned,
    booking: summary(booking),
    at: first.checkedInAt!.toISOString(),
    by: first.checkedInBy ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// The phone's offline list and its queue

export type BoardingListEntry = BoardingTicketState & {
  reference: string;
  leadName: string;
  state: 'valid' | 'boarded' | 'cancelled';
};

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
  return rows.map((row) => {
    const ticket = ticketFromRow(row);
    return {
      ...ticketState(ticket),
      reference: str(row.reference),
      leadName: `${str(row.customer_name)} ${str(row.customer_surnames)}`.trim(),
      state: str(row.status) !== 'paid' || ticket.voided ? 'cancelled' : ticket.checkedInAt ? 'boarded' : 'valid',
    };
  });
}

export type QueuedCheckIn = { code: string; tickets?: readonly string[]; scannedAt?: string };

export type SyncOutcome = {
  code: string;
  answer: ScanAnswer;
  /** Set when the phone's `scannedAt` could not be right and the server's time was used instead. */
  scannedAtAdjusted?: ScannedAtAdjustment;
  /**
   * True when the server disagrees with the phone, which had boarded this offline: someone else
   * boarded it first, or it was cancelled, for another departure, or unknown. A replay of this
   * phone's own check-in (same staff member) is not a conflict.
   */
  conflict: boolean;
};

/**
 * How far an offline phone's clock is trusted (docs/decisions/128-scans-retries-and-retention.md).
 * A check-in's time is the phone's word: it decides who boarded first and what the audit log and
 * the manifest show. A phone's clock may be a little ahead (clock skew); a queue lives a day at
 * most (the phone drops it with the departure's list); and nobody boards long before the
 * departure's boarding time. Outside those bounds the phone cannot be right, and the check-in
 * takes the moment the server received it (it is not refused: the passenger is on board).
 */
export const CLOCK_SKEW_MS = 2 * 60_000;
export const OFFLINE_QUEUE_LIFETIME_MS = 24 * 3600_000;
/** Crew may open the gangway early; an hour before the boarding time is the earliest believable. */
export const EARLY_BOARDING_MS = 60 * 60_000;

export type ScannedAtAdjustment = 'missing' | 'invalid' | 'future' | 'beforeBoarding' | 'tooOld';

export function offlineInstant(
  scannedAt: string | undefined,
  now: Date,
  boardingOpensAt?: Date | null,
): { at: Date; adjusted: ScannedAtAdjustment | null } {
  if (!scannedAt) return { at: now, adjusted: 'missing' };
  const t = Date.parse(scannedAt);
  if (!Number.isFinite(t)) return { at: now, adjusted: 'invalid' };
  if (t > now.getTime() + CLOCK_SKEW_MS) return { at: now, adjusted: 'future' };
  if (t < now.getTime() - OFFLINE_QUEUE_LIFETIME_MS) return { at: now, adjusted: 'tooOld' };
  if (boardingOpensAt && t < boardingOpensAt.getTime()) return { at: now, adjusted: 'beforeBoarding' };
  // A phone a minute ahead never records a check-in after the server has seen it.
  return { at: new Date(Math.min(t, now.getTime())), adjusted: null };
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
    const code = normalizeCode(checkIn.code);
    let ownReplay = false;
    if (answer.result === 'already-boarded') {
      const chosen = checkIn.tickets?.map(normalizeCode);
      const relevant = answer.booking.tickets.filter((ticket) =>
        answer.scanned === 'ticket' ? ticket.code === code : !chosen || chosen.includes(ticket.code),
      );
      ownReplay = relevant.every((ticket) => ticket.checkedInById === input.staff.id);
    }
    outcomes.push({
      code,
      answer,
      conflict: answer.result !== 'boarded' && !ownReplay,
      ...(adjusted && adjusted !== 'missing' ? { scannedAtAdjusted: adjusted } : {}),
    });
  }
  return outcomes;
}
