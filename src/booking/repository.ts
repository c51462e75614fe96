import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import type { Tour } from '../payload-types';
import { randomCode } from './codes';
import { bool, date, iso, num, optNum, shopDb, str, type Row, type Tx } from './db';
import { ticketCategories, type PriceList, type Selection } from './pricing';
import { isDepartureStatus, type BookingStatus, type DepartureStatus } from './statuses';

/**
 * The ticket shop's data access over `shopDb`: how tours' shop settings, departures, bookings
 * and tickets are read from their rows and written back, and the single conditional statements
 * that move seats (docs/domain-rules.md, no overselling). The operations that decide when to call
 * them live in holds.ts and checkout.ts; the pure rules (booking-window, pricing, money, time,
 * timetable) run no SQL at all.
 */

export type Customer = {
  name: string;
  surnames: string;
  email: string;
  phone: string;
  mobilePhone: string;
  comments?: string | undefined;
};

export type TourBookingSettings = {
  tourId: number;
  slug: string;
  mode: 'online' | 'onRequest';
  priceList: PriceList | null;
  boardingMinutesBefore: number;
  bookingClosesMinutesBefore: number;
  /** The tour's VAT in percent (tickets, audio guides); null: the configured default (invoicing/tour-vat.ts). */
  vatRatePct: number | null;
  audioGuideVatRatePct: number | null;
};

/**
 * Payload's tour (src/payload-types.ts) as far as the shop settings go. readTourSettings builds
 * one from the row, where a column may be NULL (a tour saved before the field existed) and the
 * mode is not checked yet, so here every booking field may be missing and the mode is any string.
 */
type TourDoc = Pick<Tour, 'id' | 'slug'> & {
  booking?: (OptionalOrNull<Omit<Tour['booking'], 'mode'>> & { mode?: string | null }) | null;
};
type OptionalOrNull<T> = { [K in keyof T]?: T[K] | null };

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
    vatRatePct: typeof b.vatRatePct === 'number' ? b.vatRatePct : null,
    audioGuideVatRatePct: typeof b.audioGuideVatRatePct === 'number' ? b.audioGuideVatRatePct : null,
  };
}

/** The shop settings of a tour, straight from its row: the hot path of every hold reads them. */
export async function loadTourSettings(payload: Payload, tourId: number): Promise<TourBookingSettings | null> {
  return readTourSettings(shopDb(payload), tourId);
}

/** The same, inside a transaction (invoicing prices a booking's lines in the paying one). */
export async function readTourSettings(target: Pick<Tx, 'query'>, tourId: number): Promise<TourBookingSettings | null> {
  const { rows } = await target.query(
    `SELECT id, slug, booking_mode, booking_round_trip_adult, booking_round_trip_reduced, booking_round_trip_child,
       booking_one_way_available, booking_one_way_adult, booking_one_way_reduced, booking_one_way_child,
       booking_audio_guide_cents, booking_boarding_minutes_before, booking_booking_closes_minutes_before,
       booking_vat_rate_pct, booking_audio_guide_vat_rate_pct
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
      vatRatePct: n(row.booking_vat_rate_pct),
      audioGuideVatRatePct: n(row.booking_audio_guide_vat_rate_pct),
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
  status: DepartureStatus;
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
    status: isDepartureStatus(row.status) ? row.status : 'scheduled',
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

/**
 * Gives held seats back: the one statement every release uses (an expired or given-back hold, a
 * reseller's hold let go, the holds of a cancelled departure). Refuses, and so rolls the
 * transaction back with the booking's status move, if the seats were not there: seats and bookings
 * must keep adding up.
 */
export async function releaseHeldSeats(tx: Tx, departureId: number, seats: number): Promise<void> {
  const { rowsAffected } = await tx.query(
    'UPDATE departures SET seats_held = seats_held - ? WHERE id = ? AND seats_held >= ?',
    [seats, departureId, seats],
  );
  if (rowsAffected !== 1) throw new Error(`Departure ${departureId} holds fewer than ${seats} seats`);
}

/**
 * Moves a held booking's seats to sold; throws (rolling the payment back) if the departure does
 * not hold them, which would mean the counters were changed outside these statements.
 */
export async function sellHeldSeats(tx: Tx, departureId: number, seats: number): Promise<void> {
  const moved = await tx.query(
    `UPDATE departures SET seats_held = seats_held - ?, seats_sold = seats_sold + ? WHERE id = ? AND seats_held >= ?`,
    [seats, seats, departureId, seats],
  );
  if (moved.rowsAffected !== 1) throw new Error(`Departure ${departureId} lost the seats of a held booking`);
}

/** Sells free seats straight away, or does nothing (same single-statement check as holds). */
export async function sellFreeSeats(tx: Tx, departureId: number, seats: number): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE departures SET seats_sold = seats_sold + ?
     WHERE id = ? AND status = 'scheduled' AND seats_sold + seats_held + ? <= capacity`,
    [seats, departureId, seats],
  );
  return rowsAffected === 1;
}

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

export async function findBooking(
  target: Pick<Tx, 'query'>,
  by: { reference: string } | { id: number },
): Promise<BookingRow | null> {
  const [column, value] = 'reference' in by ? ['reference', by.reference] : ['id', by.id];
  const { rows } = await target.query(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE ${column} = ?`, [value]);
  return rows[0] ? bookingFromRow(rows[0]) : null;
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

/** One ticket per person of a paid booking, each with its own unguessable code (the QR content). */
export async function insertTickets(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'adult' | 'reduced' | 'child' | 'super3'>,
  now: Date,
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
}
