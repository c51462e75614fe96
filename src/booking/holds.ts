import { randomBytes } from 'node:crypto';

import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import { bookingClosesAt, isBookable } from './booking-window';
import { bool, date, iso, num, optNum, shopDb, str, type Row, type Tx } from './db';
import { quote, type PriceList, type Quote, type RuleViolation, type Selection } from './pricing';

/**
 * Seat holds (DESIGN, domain rules 1 and 2; docs/decisions/010-seat-holds.md).
 *
 * Every change to a departure's seats is ONE conditional UPDATE whose affected-row count says
 * whether it happened; nothing reads the counters and writes them back. Status transitions of a
 * booking are conditional updates too (`… WHERE status = 'held'`), so whichever of two racing
 * actors (the expiry job, a lazy expiry, a payment notification) moves a booking first is the
 * only one that touches the seats.
 */

export const HOLD_MINUTES = 15;
const MINUTE_MS = 60_000;

export type Customer = {
  name: string;
  surnames: string;
  email: string;
  phone: string;
  mobilePhone: string;
  comments?: string | undefined;
};

export type HoldError =
  | 'departureNotFound'
  | 'departureUnavailable'
  | 'bookingClosed'
  | 'notBookableOnline'
  | 'capacityExhausted'
  | 'invalidSelection';

export type HoldResult =
  | { ok: true; reference: string; bookingId: number; holdExpiresAt: Date; totalCents: number; quote: Quote }
  | { ok: false; error: HoldError; violations?: RuleViolation[]; seatsLeft?: number };

/** 20 characters of base32 from 100 random bits: unguessable, and easy to read out on the phone. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomCode(length = 20): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET.charAt(byte & 31);
  return out;
}

export type TourBookingSettings = {
  tourId: number;
  slug: string;
  mode: 'online' | 'onRequest';
  priceList: PriceList | null;
  boardingMinutesBefore: number;
  bookingClosesMinutesBefore: number;
};

type TourDoc = {
  id: number | string;
  slug: string;
  booking?: {
    mode?: string | null;
    roundTrip?: { adult?: number | null; reduced?: number | null; child?: number | null } | null;
    oneWayAvailable?: boolean | null;
    oneWay?: { adult?: number | null; reduced?: number | null; child?: number | null } | null;
    audioGuideCents?: number | null;
    boardingMinutesBefore?: number | null;
    bookingClosesMinutesBefore?: number | null;
  } | null;
};

function fares(f: { adult?: number | null; reduced?: number | null; child?: number | null } | null | undefined) {
  if (!f || typeof f.adult !== 'number' || typeof f.reduced !== 'number' || typeof f.child !== 'number') return null;
  return { adult: f.adult, reduced: f.reduced, child: f.child };
}

/** A tour's shop settings; an online tour without a complete round-trip price list is not sold. */
export function tourBookingSettings(tour: TourDoc): TourBookingSettings {
  const b = tour.booking ?? {};
  const roundTrip = fares(b.roundTrip);
  const oneWay = b.oneWayAvailable ? fares(b.oneWay) : null;
  return {
    tourId: Number(tour.id),
    slug: tour.slug,
    mode: b.mode === 'online' ? 'online' : 'onRequest',
    priceList: roundTrip
      ? { roundTrip, ...(oneWay ? { oneWay } : {}), audioGuideCents: b.audioGuideCents ?? undefined }
      : null,
    boardingMinutesBefore: b.boardingMinutesBefore ?? 15,
    bookingClosesMinutesBefore: b.bookingClosesMinutesBefore ?? 10,
  };
}

/** The shop settings of a tour, straight from its row: the hot path of every hold reads them. */
export async function loadTourSettings(payload: Payload, tourId: number): Promise<TourBookingSettings | null> {
  const { rows } = await shopDb(payload).query(
    `SELECT id, slug, booking_mode, booking_round_trip_adult, booking_round_trip_reduced, booking_round_trip_child,
       booking_one_way_available, booking_one_way_adult, booking_one_way_reduced, booking_one_way_child,
       booking_audio_guide_cents, booking_boarding_minutes_before, booking_booking_closes_minutes_before
     FROM tours WHERE id = ?`,
    [tourId],
  );
  const row = rows[0];
  if (!row) return null;
  const n = (value: unknown) => optNum(value);
  return tourBookingSettings({
    id: num(row.id),
    slug: str(row.slug),
    booking: {
      mode: str(row.booking_mode),
      roundTrip: {
        adult: n(row.booking_round_trip_adult),
        reduced: n(row.booking_round_trip_reduced),
        child: n(row.booking_round_trip_child),
      },
      oneWayAvailable: bool(row.booking_one_way_available),
      oneWay: {
        adult: n(row.booking_one_way_adult),
        reduced: n(row.booking_one_way_reduced),
        child: n(row.booking_one_way_child),
      },
      audioGuideCents: n(row.booking_audio_guide_cents),
      boardingMinutesBefore: n(row.booking_boarding_minutes_before),
      bookingClosesMinutesBefore: n(row.booking_booking_closes_minutes_before),
    },
  });
}

export type DepartureRow = {
  id: number;
  tourId: number;
  boatId: number;
  startsAt: Date;
  localDate: string;
  localTime: string;
  capacity: number;
  seatsSold: number;
  seatsHeld: number;
  status: 'scheduled' | 'cancelled';
};

export function departureFromRow(row: Row): DepartureRow {
  return {
    id: num(row.id),
    tourId: num(row.tour_id),
    boatId: num(row.boat_id),
    startsAt: date(row.starts_at),
    localDate: str(row.local_date),
    localTime: str(row.local_time),
    capacity: num(row.capacity),
    seatsSold: num(row.seats_sold),
    seatsHeld: num(row.seats_held),
    status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
  };
}

const DEPARTURE_COLUMNS =
  'id, tour_id, boat_id, starts_at, local_date, local_time, capacity, seats_sold, seats_held, status';

export async function loadDeparture(payload: Payload, id: number): Promise<DepartureRow | null> {
  const { rows } = await shopDb(payload).query(`SELECT ${DEPARTURE_COLUMNS} FROM departures WHERE id = ?`, [id]);
  return rows[0] ? departureFromRow(rows[0]) : null;
}

/**
 * Takes `seats` from a departure, or does nothing: the capacity check and the increment are one
 * statement, so two buyers can never both see the last seat as free.
 */
export async function takeHeldSeats(tx: Tx, departureId: number, seats: number): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE departures SET seats_held = seats_held + ?
     WHERE id = ? AND status = 'scheduled' AND seats_sold + seats_held + ? <= capacity`,
    [seats, departureId, seats],
  );
  return rowsAffected === 1;
}

/** Gives held seats back; refuses (and so rolls the transaction back) if they were not there. */
async function releaseHeldSeats(tx: Tx, departureId: number, seats: number): Promise<void> {
  const { rowsAffected } = await tx.query(
    'UPDATE departures SET seats_held = seats_held - ? WHERE id = ? AND seats_held >= ?',
    [seats, departureId, seats],
  );
  if (rowsAffected !== 1) throw new Error(`Departure ${departureId} holds fewer than ${seats} seats`);
}

export type CreateHoldInput = {
  departureId: number;
  selection: Selection;
  customer: Customer;
  locale: Locale;
  now?: Date;
};

export async function createHold(payload: Payload, input: CreateHoldInput): Promise<HoldResult> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const departure = await loadDeparture(payload, input.departureId);
  if (!departure) return { ok: false, error: 'departureNotFound' };
  if (departure.status !== 'scheduled') return { ok: false, error: 'departureUnavailable' };

  const tour = await loadTourSettings(payload, departure.tourId);
  if (!tour || tour.mode !== 'online' || !tour.priceList) return { ok: false, error: 'notBookableOnline' };
  if (!isBookable(departure.startsAt, now, tour.bookingClosesMinutesBefore))
    return { ok: false, error: 'bookingClosed' };

  const priced = quote(tour.priceList, input.selection);
  if (!priced.ok) return { ok: false, error: 'invalidSelection', violations: priced.violations };
  const { seats, totalCents } = priced.quote;

  // Seats of holds that ran out are free again before anyone is told the boat is full.
  const { expired } = await expireHolds(payload, { departureId: departure.id, now });
  // A shortcut for the crowd that arrives after the last seat went: when nothing was released
  // and the snapshot read above already had too few seats, the answer cannot be yes. It is only
  // a shortcut; the conditional UPDATE below is what actually guards capacity.
  if (expired === 0 && departure.capacity - departure.seatsSold - departure.seatsHeld < seats) {
    return {
      ok: false,
      error: 'capacityExhausted',
      seatsLeft: Math.max(0, departure.capacity - departure.seatsSold - departure.seatsHeld),
    };
  }

  const reference = randomCode();
  // A hold never outlives the sale: it would keep seats nobody can buy any more.
  const holdExpiresAt = new Date(
    Math.min(now.getTime() + HOLD_MINUTES * MINUTE_MS, bookingClosesAt(departure.startsAt, 0).getTime()),
  );
  const created = await db.transaction(async (tx) => {
    if (!(await takeHeldSeats(tx, departure.id, seats))) return null;
    const c = input.customer;
    const stamp = iso(now);
    const { rows } = await tx.query(
      `INSERT INTO bookings (reference, tour_id, departure_id, status, trip_type, adults, reduced, children, super3,
         audio_guides, seats, total_cents, customer_name, customer_surnames, customer_email, customer_phone,
         customer_mobile_phone, customer_comments, locale, hold_expires_at, hold_extended, updated_at, created_at)
       VALUES (?, ?, ?, 'held', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       RETURNING id`,
      [
        reference,
        tour.tourId,
        departure.id,
        input.selection.tripType,
        input.selection.adult,
        input.selection.reduced,
        input.selection.child,
        input.selection.super3,
        input.selection.audioGuides,
        seats,
        totalCents,
        c.name,
        c.surnames,
        c.email,
        c.phone,
        c.mobilePhone,
        c.comments ?? null,
        input.locale,
        iso(holdExpiresAt),
        false,
        stamp,
        stamp,
      ],
    );
    return num(rows[0]?.id);
  });

  if (created === null) {
    const latest = await loadDeparture(payload, departure.id);
    if (latest?.status !== 'scheduled') return { ok: false, error: 'departureUnavailable' };
    return {
      ok: false,
      error: 'capacityExhausted',
      seatsLeft: Math.max(0, latest.capacity - latest.seatsSold - latest.seatsHeld),
    };
  }
  return { ok: true, reference, bookingId: created, holdExpiresAt, totalCents, quote: priced.quote };
}

export type BookingRow = {
  id: number;
  reference: string;
  tourId: number;
  departureId: number;
  status: 'held' | 'paid' | 'expired' | 'cancelled' | 'refundPending';
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

export async function findBooking(
  target: Pick<Tx, 'query'>,
  by: { reference: string } | { id: number },
): Promise<BookingRow | null> {
  const [column, value] = 'reference' in by ? ['reference', by.reference] : ['id', by.id];
  const { rows } = await target.query(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE ${column} = ?`, [value]);
  return rows[0] ? bookingFromRow(rows[0]) : null;
}

/** A booking as its visitor sees it: expired in fact once the clock passed, even before the job ran. */
export async function getBooking(payload: Payload, reference: string, now = new Date()): Promise<BookingRow | null> {
  const booking = await findBooking(shopDb(payload), { reference });
  if (booking?.status === 'held' && booking.holdExpiresAt.getTime() <= now.getTime()) {
    await expireHolds(payload, { bookingId: booking.id, now });
    return findBooking(shopDb(payload), { reference });
  }
  return booking;
}

export type ExtendResult =
  { ok: true; holdExpiresAt: Date } | { ok: false; error: 'notFound' | 'notHeld' | 'alreadyExtended' };

/** One more hold period, once per booking (DESIGN rule 2), counted from the current expiry. */
export async function extendHold(payload: Payload, reference: string, now = new Date()): Promise<ExtendResult> {
  const db = shopDb(payload);
  const booking = await getBooking(payload, reference, now);
  if (!booking) return { ok: false, error: 'notFound' };
  if (booking.status !== 'held') return { ok: false, error: 'notHeld' };
  if (booking.holdExtended) return { ok: false, error: 'alreadyExtended' };
  const departure = await loadDeparture(payload, booking.departureId);
  const limit = departure ? bookingClosesAt(departure.startsAt, 0).getTime() : Infinity;
  const holdExpiresAt = new Date(Math.min(booking.holdExpiresAt.getTime() + HOLD_MINUTES * MINUTE_MS, limit));
  const { rowsAffected } = await db.transaction((tx) =>
    tx.query(
      `UPDATE bookings SET hold_expires_at = ?, hold_extended = ?, updated_at = ?
       WHERE id = ? AND status = 'held' AND hold_extended = ? AND hold_expires_at > ?`,
      [iso(holdExpiresAt), true, iso(now), booking.id, false, iso(now)],
    ),
  );
  if (rowsAffected !== 1) {
    const latest = await findBooking(db, { id: booking.id });
    return { ok: false, error: latest?.status === 'held' ? 'alreadyExtended' : 'notHeld' };
  }
  return { ok: true, holdExpiresAt };
}

/**
 * Releases the seats of holds whose time is up, each exactly once: the status moves from held to
 * expired in a conditional update, and only the transaction that made that move gives the seats
 * back. Runs from the jobs queue and lazily wherever a stale hold would be seen.
 */
export async function expireHolds(
  payload: Payload,
  options: { now?: Date; departureId?: number; bookingId?: number; limit?: number } = {},
): Promise<{ expired: number }> {
  const now = options.now ?? new Date();
  const db = shopDb(payload);
  const filters = ["status = 'held'", 'hold_expires_at <= ?'];
  const params: (string | number)[] = [iso(now)];
  if (options.departureId !== undefined) {
    filters.push('departure_id = ?');
    params.push(options.departureId);
  }
  if (options.bookingId !== undefined) {
    filters.push('id = ?');
    params.push(options.bookingId);
  }
  const { rows } = await db.query(
    `SELECT id, departure_id, seats FROM bookings WHERE ${filters.join(' AND ')} ORDER BY id LIMIT ${Math.trunc(options.limit ?? 500)}`,
    params,
  );
  let expired = 0;
  for (const row of rows) {
    const released = await db.transaction(async (tx) => {
      const { rowsAffected } = await tx.query(
        `UPDATE bookings SET status = 'expired', updated_at = ? WHERE id = ? AND status = 'held' AND hold_expires_at <= ?`,
        [iso(now), num(row.id), iso(now)],
      );
      if (rowsAffected !== 1) return false;
      await releaseHeldSeats(tx, num(row.departure_id), num(row.seats));
      return true;
    });
    if (released) expired++;
  }
  return { expired };
}
