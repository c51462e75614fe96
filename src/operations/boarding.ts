import type { Payload } from 'payload';

import { bookingsMovedFrom } from '../audit/record';
import { defaultLocale, type Locale } from '../i18n/locales';
import { findBookingRecord, type BookingRecord } from '../booking/bookings-repository';
import { shopDb, str, type ShopDb, type Tx } from '../booking/db';
import {
  departureBoardingStart,
  departuresOnWithBoatName,
  findDepartureWithBoatName,
  type DepartureWithBoatName,
} from '../booking/departures-repository';
import {
  boardedCountsByDeparture,
  boardingTicketsOfBooking,
  boardingTicketsOfDeparture,
  bookingIdOfTicket,
  checkInTickets,
  type BoardingTicket,
  type TicketHolder,
} from '../booking/tickets-repository';
import { publish, type EventOf } from '../booking/events';
import { BOARDING_MINUTES_BEFORE, boardingTime } from '../booking/booking-window';
import { madridToday } from '@/i18n/time';
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
  replacedTickets,
  type BoardingListEntry,
  type DepartureSummary,
  type FoundBooking,
  type QueuedCheckIn,
  type ReplacedTicket,
  type ScanAnswer,
  type ScanContext,
  type ScannedAtAdjustment,
  type SyncOutcome,
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
  ReplacedTicket,
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

async function departureSummary(
  db: Pick<ShopDb, 'query'>,
  d: DepartureWithBoatName,
  locale: Locale,
): Promise<DepartureSummary> {
  return {
    id: d.id,
    tour: await tourTitle(db, d.tourId, locale),
    boat: d.boatName,
    date: d.localDate,
    time: d.localTime,
    status: d.status,
  };
}

export async function findDeparture(
  payload: Payload,
  id: number,
  locale: Locale = defaultLocale,
): Promise<DepartureSummary | null> {
  const db = shopDb(payload);
  const departure = await findDepartureWithBoatName(db, id);
  return departure ? departureSummary(db, departure, locale) : null;
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
  const departures = await departuresOnWithBoatName(db, madridToday(now));
  const counts = await boardedCounts(
    payload,
    departures.map((d) => d.id),
  );
  return Promise.all(
    departures.map(async (d) => ({
      ...(await departureSummary(db, d, locale)),
      seatsSold: d.seatsSold,
      boarded: counts.get(d.id) ?? 0,
    })),
  );
}

/** People on board of one departure: boarded tickets of its paid bookings. */
export async function boardedCount(payload: Payload, departureId: number): Promise<number> {
  return (await boardedCounts(payload, [departureId])).get(departureId) ?? 0;
}

/** People on board per departure, for boards that list several (today's board). */
export async function boardedCounts(payload: Payload, departureIds: readonly number[]): Promise<Map<number, number>> {
  return boardedCountsByDeparture(shopDb(payload), departureIds);
}

// ---------------------------------------------------------------------------------------------
// Tickets

/** A ticket (with who boarded it) as the manifest lists it, for its booking. */
function entryFromTicket(ticket: BoardingTicket, booking: TicketHolder): BoardingListEntry {
  const byName = ticket.checkedInByName.trim();
  const boardedBy = ticket.checkedInById;
  return manifestEntry(
    {
      code: ticket.code,
      category: ticket.category,
      checkedInAt: ticket.checkedInAt === null ? null : ticket.checkedInAt.toISOString(),
      checkedInBy: boardedBy === null ? null : byName || ticket.checkedInByEmail,
      checkedInById: boardedBy,
      // Replaced by new tickets (the booking moved) or cancelled: it no longer boards.
      voided: ticket.voidedAt !== null,
    },
    {
      reference: booking.reference,
      leadName: `${booking.name} ${booking.surnames}`.trim(),
      status: booking.status,
    },
  );
}

const holderOf = (booking: BookingRecord): TicketHolder => ({
  reference: booking.reference,
  status: booking.status,
  name: booking.customer.name,
  surnames: booking.customer.surnames,
});

type LoadedBooking = Omit<FoundBooking, 'scanned'> & { id: number };

/** A booking, every ticket of it and the departure it is on now (described in `locale`). */
async function loadBooking(
  db: Pick<ShopDb, 'query'>,
  by: { id: number } | { reference: string },
  locale: Locale,
): Promise<LoadedBooking | null> {
  const booking = await findBookingRecord(db, by);
  if (!booking) return null;
  const tickets = await boardingTicketsOfBooking(db, booking.id);
  const departure = await findDepartureWithBoatName(db, booking.departureId);
  const holder = holderOf(booking);
  return {
    id: booking.id,
    reference: booking.reference,
    leadName: `${booking.customer.name} ${booking.customer.surnames}`.trim(),
    departureId: booking.departureId,
    departure: departure ? await departureSummary(db, departure, locale) : null,
    tickets: tickets.map((ticket) => entryFromTicket(ticket, holder)),
  };
}

/** The ticket (by its code) or the booking (by its reference) a scanned code names. */
async function resolveCode(
  db: Pick<ShopDb, 'query'>,
  code: string,
  locale: Locale,
): Promise<(FoundBooking & { id: number }) | null> {
  if (!code) return null;
  const bookingId = await bookingIdOfTicket(db, code);
  if (bookingId !== null) {
    const booking = await loadBooking(db, { id: bookingId }, locale);
    return booking ? { ...booking, scanned: 'ticket' } : null;
  }
  const booking = await loadBooking(db, { reference: code }, locale);
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

  const boarded = await db.transaction((tx: Tx) =>
    checkInTickets(tx, {
      codes: wanted,
      bookingId: found.id,
      departureId: input.departureId,
      at,
      staffId: input.staff.id,
      now,
    }),
  );

  // Read back what is true now: who else boarded, or whether the booking changed meanwhile.
  const reloaded = await loadBooking(db, { id: found.id }, locale);
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
  const tickets = await boardingTicketsOfDeparture(shopDb(payload), departureId);
  return tickets.map((ticket) => entryFromTicket(ticket, ticket.holder));
}

/**
 * The old tickets of bookings that moved away from a departure, each with the "replaced" answer a
 * scan there gives `staff` now: the phone keeps them beside the list, so that offline an old
 * ticket reads "replaced" as it does online, not "unknown".
 */
export async function replacedOnDeparture(
  payload: Payload,
  input: { departureId: number; staff: StaffMember; locale?: Locale; now?: Date },
): Promise<ReplacedTicket[]> {
  const db = shopDb(payload);
  const locale = input.locale ?? defaultLocale;
  const moved: LoadedBooking[] = [];
  for (const reference of await bookingsMovedFrom(payload, input.departureId)) {
    const booking = await loadBooking(db, { reference }, locale);
    if (booking) moved.push(booking);
  }
  return replacedTickets({ departureId: input.departureId, staff: input.staff, now: input.now ?? new Date() }, moved);
}

/** The earliest believable check-in for a departure: an hour before its boarding time. */
async function boardingOpensAt(payload: Payload, departureId: number): Promise<Date | null> {
  const departure = await departureBoardingStart(shopDb(payload), departureId);
  if (!departure) return null;
  const minutesBefore = departure.boardingMinutesBefore ?? BOARDING_MINUTES_BEFORE;
  return new Date(boardingTime(departure.startsAt, minutesBefore).getTime() - EARLY_BOARDING_MS);
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
