import type { Payload } from 'payload';

import type { Locale } from '../i18n/locales';
import type { PaymentProvider } from '../payments/provider';
import { cancelBooking } from '../operations/booking-actions';
import { bookingClosesAt, isBookable } from '../booking/booking-window';
import {
  type Customer,
  findBookingRecord,
  keepResellerTerms,
  moveLiveHoldExpiry,
  type BookingShape,
  type ResellerBookingRecord,
  type ResellerContact,
  resellerBookingsMatching,
  resellerOfUuid,
  type ResellerUnit,
  updateLiveHold,
  writeResellerDetails,
  writeResellerNet,
} from '../booking/bookings-repository';
import { randomCode } from '../booking/codes';
import { iso, shopDb, type Param, type Tx } from '../booking/db';
import { publish, type EventOf } from '../booking/events';
import { createHold, endHolds, expireHolds, type HoldResult } from '../booking/holds';
import { recordPayment } from '../booking/payments-repository';
import { bookingNetCents, resellerTerms, unitNets } from './rates';
import {
  quote,
  ticketCategories,
  type RuleViolation,
  type Selection,
  type TicketCategory,
  type TripType,
} from '../booking/pricing';
import { rebook } from '../operations/rebook';
import { refundBooking } from '../operations/refunds';
import { loadDeparture, sellHeldSeats } from '../booking/departures-repository';
import { insertTickets, ticketsInIssueOrder } from '../booking/tickets-repository';
import { loadTourSettings } from '../booking/tours-repository';
import { transitionBooking } from '../booking/transitions';
import { parseRecipient } from '../invoicing/full-invoice';
import { saveRecipient } from '../invoicing/ledger';

export type { ResellerContact, ResellerUnit } from '../booking/bookings-repository';

/**
 * Sales by resellers through the OCTO API (docs/decisions/100-octo-supplier.md). A reseller's
 * ON_HOLD booking is our hold, made by `createHold` (same conditional UPDATE, price list and
 * 20-seat cap as the website); confirming it is a sale on the reseller's account, like the box
 * office's agency invoice: paid, seats sold, tickets and the payment event in one transaction.
 * Nothing here knows OCTO's wire format: src/octo maps it.
 */

/** A reseller's hold may be asked for longer than the web's 15 minutes, never beyond this. */
export const RESELLER_HOLD_MAX_MINUTES = 60;
export const RESELLER_HOLD_DEFAULT_MINUTES = 30;
/** Confirmed bookings are cancelled by the reseller up to this long before departure. */
export const RESELLER_CANCEL_CUTOFF_HOURS = 24;
const MINUTE_MS = 60_000;

export const holdMinutesFor = (asked: number | undefined): number =>
  Math.min(RESELLER_HOLD_MAX_MINUTES, Math.max(1, Math.trunc(asked ?? RESELLER_HOLD_DEFAULT_MINUTES)));

export type ResellerBooking = ResellerBookingRecord & {
  tickets: { code: string; category: string; checkedInAt: Date | null; voidedAt: Date | null }[];
};

async function withTickets(payload: Payload, bookings: ResellerBookingRecord[]): Promise<ResellerBooking[]> {
  const db = shopDb(payload);
  const out: ResellerBooking[] = [];
  for (const booking of bookings) {
    const tickets = await ticketsInIssueOrder(db, booking.id);
    out.push({
      ...booking,
      tickets: tickets.map((t) => ({
        code: t.code,
        category: t.category,
        checkedInAt: t.checkedInAt,
        voidedAt: t.voidedAt,
      })),
    });
  }
  return out;
}

export type ResellerBookingQuery = {
  uuid?: string;
  resellerReference?: string;
  supplierReference?: string;
  localDate?: string;
};

/** A reseller's own bookings only: another reseller's uuid is as unknown as a made-up one. */
export async function findResellerBookings(
  payload: Payload,
  resellerId: number,
  query: ResellerBookingQuery,
  now = new Date(),
): Promise<ResellerBooking[]> {
  const filter = {
    uuid: query.uuid,
    resellerReference: query.resellerReference,
    reference: query.supplierReference,
    localDate: query.localDate,
  };
  let bookings = await resellerBookingsMatching(shopDb(payload), resellerId, filter);
  // A hold whose time is up is expired in fact, even before the minute job ran.
  const stale = bookings.filter((b) => b.status === 'held' && b.holdExpiresAt.getTime() <= now.getTime());
  if (stale.length > 0) {
    for (const booking of stale) await expireHolds(payload, { bookingId: booking.id, now });
    bookings = await resellerBookingsMatching(shopDb(payload), resellerId, filter);
  }
  return withTickets(payload, bookings);
}

export async function findResellerBooking(
  payload: Payload,
  resellerId: number,
  uuid: string,
  now = new Date(),
): Promise<ResellerBooking | null> {
  return (await findResellerBookings(payload, resellerId, { uuid }, now))[0] ?? null;
}

/** Whether a uuid is taken, by any reseller (uuids are unique across resellers). */
export async function uuidTaken(payload: Payload, uuid: string): Promise<{ resellerId: number } | null> {
  return resellerOfUuid(shopDb(payload), uuid);
}

export type ReserveInput = {
  resellerId: number;
  uuid: string;
  resellerReference: string | null;
  /** The reseller's unit items, one per person in ticket order (adults, reduced, children, Super3). */
  units?: ResellerUnit[] | undefined;
  departureId: number;
  selection: Selection;
  customer: Customer;
  locale: Locale;
  expirationMinutes?: number | undefined;
  now?: Date;
};

/** An ON_HOLD reservation: the website's hold, on the reseller's name, for up to an hour. */
export async function reserveForReseller(payload: Payload, input: ReserveInput): Promise<HoldResult> {
  return createHold(payload, {
    departureId: input.departureId,
    selection: input.selection,
    customer: input.customer,
    locale: input.locale,
    now: input.now ?? new Date(),
    channel: 'reseller',
    holdMinutes: holdMinutesFor(input.expirationMinutes),
    reseller: { id: input.resellerId, uuid: input.uuid, reference: input.resellerReference, units: input.units },
  });
}

export type HeldChanges = {
  customer?: Partial<Customer>;
  resellerReference?: string | null;
  /** The same people, renamed by the reseller (its unit item uuids and references). */
  units?: ResellerUnit[];
  /** The language of the guest's e-mail and tickets. */
  locale?: Locale;
  /** E-mail the tickets to the contact on confirmation (OCTO's emailReceipt). */
  ticketsByEmail?: boolean;
  /** The contact's country, postal code and notes (replaced whole when sent). */
  contactExtra?: Pick<ResellerContact, 'country' | 'postalCode' | 'notes'>;
  /** Why the reseller cancelled. */
  cancelReason?: string;
};

const CUSTOMER_COLUMNS = {
  name: 'customer_name',
  surnames: 'customer_surnames',
  email: 'customer_email',
  phone: 'customer_phone',
  mobilePhone: 'customer_mobile_phone',
  comments: 'customer_comments',
} as const;

function changeSql(changes: HeldChanges): { sets: string[]; params: Param[] } {
  const sets: string[] = [];
  const params: Param[] = [];
  for (const [key, column] of Object.entries(CUSTOMER_COLUMNS)) {
    const value = changes.customer?.[key as keyof Customer];
    if (value === undefined) continue;
    sets.push(`${column} = ?`);
    params.push(value);
  }
  if (changes.resellerReference !== undefined) {
    sets.push('reseller_reference = ?');
    params.push(changes.resellerReference);
  }
  if (changes.units !== undefined) {
    sets.push('reseller_units = ?');
    params.push(JSON.stringify(changes.units));
  }
  if (changes.locale !== undefined) {
    sets.push('locale = ?');
    params.push(changes.locale);
  }
  if (changes.ticketsByEmail !== undefined) {
    sets.push('tickets_by_email = ?');
    params.push(changes.ticketsByEmail);
  }
  if (changes.contactExtra !== undefined) {
    sets.push('reseller_contact = ?');
    params.push(JSON.stringify(changes.contactExtra));
  }
  if (changes.cancelReason !== undefined) {
    sets.push('cancel_reason = ?');
    params.push(changes.cancelReason);
  }
  return { sets, params };
}

/** Contact, notes and the reseller's reference of a booking still on hold. */
export async function updateHeldBooking(
  payload: Payload,
  input: { bookingId: number; changes: HeldChanges; now?: Date },
): Promise<{ ok: true } | { ok: false; error: 'notHeld' }> {
  const now = input.now ?? new Date();
  const updated = await updateLiveHold(shopDb(payload), input.bookingId, changeSql(input.changes), now);
  return updated ? { ok: true } : { ok: false, error: 'notHeld' };
}

/** Details of a booking in any state (contact, notes, references, the cancellation's reason). */
export async function updateResellerDetails(
  payload: Payload,
  bookingId: number,
  changes: HeldChanges,
  now = new Date(),
): Promise<void> {
  const { sets, params } = changeSql(changes);
  if (sets.length > 0) await writeResellerDetails(shopDb(payload), bookingId, { sql: sets, params }, now);
}

/** Holds the seats `minutes` from now (at most an hour, never past departure), as often as asked. */
export async function extendResellerHold(
  payload: Payload,
  input: { bookingId: number; minutes?: number | undefined; now?: Date },
): Promise<{ ok: true; holdExpiresAt: Date } | { ok: false; error: 'notHeld' }> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { id: input.bookingId });
  const departure = booking ? await loadDeparture(payload, booking.departureId) : null;
  if (!departure) return { ok: false, error: 'notHeld' };
  const holdExpiresAt = new Date(
    Math.min(
      now.getTime() + holdMinutesFor(input.minutes) * MINUTE_MS,
      bookingClosesAt(departure.startsAt, 0).getTime(),
    ),
  );
  const moved = await moveLiveHoldExpiry(db, input.bookingId, holdExpiresAt, now);
  return moved ? { ok: true, holdExpiresAt } : { ok: false, error: 'notHeld' };
}

/**
 * Confirms a reseller's hold on the reseller's account: paid, seats sold, one ticket per person
 * and the payment event (`invoice`, requested by `reseller:<id>`) in one transaction, the money
 * counted at the retail price the booking costs (the commission is settled on the invoice, at
 * the rate of this moment, kept on the booking).
 * A confirmation sent again answers the booking as it is.
 */
export async function confirmResellerBooking(
  payload: Payload,
  input: { bookingId: number; resellerId: number; resellerName: string; changes: HeldChanges; now?: Date },
): Promise<{ ok: true; replayed: boolean } | { ok: false; error: 'notHeld' }> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const by = `reseller:${input.resellerId}`;
  // The tour's fares, read before the transaction (through Payload): what a unit costs at retail.
  const before = await findBookingRecord(db, { id: input.bookingId });
  const tour = before ? await loadTourSettings(payload, before.tourId) : null;
  const fares = before?.tripType === 'oneWay' ? tour?.priceList?.oneWay : tour?.priceList?.roundTrip;
  const confirmed = await db.transaction(async (tx) => {
    const { sets, params } = changeSql(input.changes);
    const claimed = await transitionBooking(tx, input.bookingId, 'held', 'paid', {
      now,
      by,
      set: { sql: [...sets, 'paid_at = ?'].join(', '), params: [...params, iso(now)] },
      and: { sql: 'hold_expires_at > ? AND reseller_id = ?', params: [iso(now), input.resellerId] },
    });
    if (!claimed) return null;
    const row = (await findBookingRecord(tx, { id: input.bookingId }))!;
    // The commission and the net of the moment of sale go with the booking: a later change of
    // the reseller's commission or net rates does not rewrite past statements.
    const terms = (await resellerTerms(tx, input.resellerId)) ?? { commissionPercent: 0, netRates: [] };
    const unitRetail = fares ? { ...fares, super3: 0 } : null;
    const netCents = bookingNetCents(
      terms,
      {
        tourId: row.tourId,
        totalCents: row.totalCents,
        counts: { adult: row.adult, reduced: row.reduced, child: row.child, super3: row.super3 },
      },
      unitRetail,
    );
    // Per unit too, for the unit items' prices OCTO answers for this booking later.
    const nets = unitRetail ? JSON.stringify(unitNets(terms, row.tourId, unitRetail)) : null;
    // Whom the sale is invoiced to (decision 165): a reseller that buys and resells, in full (F1)
    // to its details at the net price it pays, issued as this transaction commits; one that sells
    // as our agent, or whose details are incomplete (the admin page says what is missing), the
    // traveller at the retail price, on a simplified invoice (F2).
    const model = await resellerInvoicing(tx, input.resellerId);
    const invoicing = model.model === 'resale' ? model.details : null;
    await keepResellerTerms(tx, input.bookingId, {
      commissionPercent: terms.commissionPercent,
      netCents,
      unitNets: nets,
      invoicing: invoicing ? 'resale' : 'agent',
    });
    await sellHeldSeats(tx, row.departureId, row.seats);
    await insertTickets(
      tx,
      { id: input.bookingId, adult: row.adult, reduced: row.reduced, child: row.child, super3: row.super3 },
      now,
    );
    if (invoicing) await saveRecipient(tx, input.bookingId, invoicing, now);
    await recordPayment(tx, {
      bookingId: input.bookingId,
      amountCents: row.totalCents,
      method: 'invoice',
      idempotencyKey: `reseller:${input.bookingId}`,
      requestedBy: by,
      reason: `invoice:${input.resellerName.slice(0, 200)}`,
      now,
    });
    return claimed;
  });
  if (confirmed === null) {
    const after = await findBookingRecord(db, { id: input.bookingId });
    return after?.status === 'paid' ? { ok: true, replayed: true } : { ok: false, error: 'notHeld' };
  }
  await publish(payload, confirmed.event);
  await publish(payload, {
    type: 'booking.paid',
    bookingId: input.bookingId,
    reference: confirmed.reference,
    how: 'reseller',
    method: 'invoice',
    by,
    at: now,
  });
  return { ok: true, replayed: false };
}

/** The reseller's invoicing details (legal name, tax id, address), when complete and valid. */
/** The reseller's invoicing model and, when complete and valid, the details a full invoice names. */
async function resellerInvoicing(tx: Tx, resellerId: number) {
  const { rows } = await tx.query('SELECT legal_name, tax_id, address, invoicing_model FROM resellers WHERE id = ?', [
    resellerId,
  ]);
  const row = rows[0];
  if (!row) return { model: 'agent' as const, details: null };
  const parsed = parseRecipient({ name: row.legal_name, taxId: row.tax_id, address: row.address });
  return {
    model: row.invoicing_model === 'agent' ? ('agent' as const) : ('resale' as const),
    details: parsed.ok ? parsed.details : null,
  };
}

export type ResellerCancelError = 'notCancellable' | 'pastCutoff';

/**
 * Cancels a reseller's booking. A hold is let go at once (seats back, status cancelled). A
 * confirmed booking is cancelled up to RESELLER_CANCEL_CUTOFF_HOURS before departure: seats back,
 * tickets void, and the invoice amount recorded as returned (no gateway: the reseller's account
 * is credited), so payments − refunds stays the booking's balance.
 */
export async function cancelResellerBooking(
  payload: Payload,
  input: { booking: ResellerBooking; reason: string; now?: Date },
  options: { provider: PaymentProvider },
): Promise<{ ok: true } | { ok: false; error: ResellerCancelError }> {
  const now = input.now ?? new Date();
  const { booking } = input;
  const by = `reseller:${booking.resellerId}`;
  if (booking.status === 'cancelled') return { ok: true };
  const result = await cancelled(payload, input, options, now, by);
  // Why, for the reseller's GET of the booking (OCTO cancellation.reason): kept once it is cancelled.
  if (result.ok) await updateResellerDetails(payload, booking.id, { cancelReason: input.reason }, now);
  return result;
}

async function cancelled(
  payload: Payload,
  input: { booking: ResellerBooking; reason: string },
  options: { provider: PaymentProvider },
  now: Date,
  by: string,
): Promise<{ ok: true } | { ok: false; error: ResellerCancelError }> {
  const { booking } = input;
  if (booking.status === 'held') {
    const [released] = await shopDb(payload).transaction((tx) =>
      endHolds(tx, { id: booking.id }, 'cancelled', { now, by }),
    );
    if (!released) return { ok: false, error: 'notCancellable' };
    await publish(payload, released.event);
    await publish(payload, {
      type: 'booking.cancelled',
      bookingId: booking.id,
      reference: booking.reference,
      reason: input.reason,
      by,
      at: now,
    });
    return { ok: true };
  }
  if (booking.status !== 'paid') return { ok: false, error: 'notCancellable' };
  if (booking.startsAt.getTime() - now.getTime() < RESELLER_CANCEL_CUTOFF_HOURS * 3600_000) {
    return { ok: false, error: 'pastCutoff' };
  }
  const result = await cancelBooking(
    payload,
    { reference: booking.reference, refund: 'full', reason: input.reason, by, now },
    options,
  );
  return result.ok ? { ok: true } : { ok: false, error: 'notCancellable' };
}

/** Where a reseller wants its booking now: another departure (and so tour), trip or people. */
export type ResellerChange = {
  departureId: number;
  tripType: TripType;
  counts: Record<TicketCategory, number>;
};

export type ResellerChangeError =
  | 'notChangeable'
  | 'pastCutoff'
  | 'departureUnavailable'
  | 'notBookableOnline'
  | 'bookingClosed'
  | 'invalidSelection'
  | 'full';

export type ResellerChangeResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: ResellerChangeError; violations?: RuleViolation[]; seatsLeft?: number };

/**
 * A reseller moves or resizes its booking (OCTO's booking update, and the unit items it sends on
 * confirmation): re-priced with the new tour's fares, checked against the same ticket rules as
 * any sale (children with an adult, Super3 per adult, the 20-seat cap), and changed by `rebook`,
 * the one change of a booking the staff's and the visitor's moves use too
 * (docs/decisions/136-one-rebook.md), in one transaction with the details it sent. A confirmed
 * booking's difference is settled on the reseller's account: a dearer change is invoiced (a
 * payment by invoice, so invoicing issues the difference invoice), a cheaper one is given back
 * (a rectifying invoice); its net follows the new price at the commission it was sold at. A
 * confirmed booking changes until the cancellation cut-off, as it would be cancelled.
 */
export async function changeResellerBooking(
  payload: Payload,
  input: {
    booking: ResellerBooking;
    to: ResellerChange;
    changes: HeldChanges;
    resellerName: string;
    now?: Date;
  },
  options: { provider: PaymentProvider },
): Promise<ResellerChangeResult> {
  const now = input.now ?? new Date();
  const { booking, to } = input;
  const by = `reseller:${booking.resellerId}`;
  const held = booking.status === 'held' && booking.holdExpiresAt.getTime() > now.getTime();
  if (!held && booking.status !== 'paid') return { ok: false, error: 'notChangeable' };
  if (!held && booking.startsAt.getTime() - now.getTime() < RESELLER_CANCEL_CUTOFF_HOURS * 3600_000) {
    return { ok: false, error: 'pastCutoff' };
  }
  const departure = await loadDeparture(payload, to.departureId);
  if (!departure || departure.status !== 'scheduled') return { ok: false, error: 'departureUnavailable' };
  const tour = await loadTourSettings(payload, departure.tourId);
  if (!tour?.priceList || tour.mode !== 'online') return { ok: false, error: 'notBookableOnline' };
  if (!isBookable(departure.startsAt, now, tour.bookingClosesMinutesBefore))
    return { ok: false, error: 'bookingClosed' };
  const priced = quote(tour.priceList, { ...to.counts, audioGuides: booking.audioGuides, tripType: to.tripType });
  if (!priced.ok) return { ok: false, error: 'invalidSelection', violations: priced.violations };
  const shape: BookingShape = {
    departureId: departure.id,
    tourId: departure.tourId,
    tripType: to.tripType,
    adult: to.counts.adult,
    reduced: to.counts.reduced,
    child: to.counts.child,
    super3: to.counts.super3,
    audioGuides: booking.audioGuides,
    seats: priced.quote.seats,
    totalCents: priced.quote.totalCents,
  };
  const unchanged =
    shape.departureId === booking.departureId &&
    shape.tripType === booking.tripType &&
    ticketCategories.every((c) => shape[c] === booking[c]);
  const { sets, params } = changeSql(input.changes);
  if (unchanged) {
    if (sets.length > 0) await writeResellerDetails(shopDb(payload), booking.id, { sql: sets, params }, now);
    return { ok: true, changed: false };
  }
  const difference = shape.totalCents - booking.totalCents;
  const fares = to.tripType === 'oneWay' ? tour.priceList.oneWay : tour.priceList.roundTrip;
  // This change's own money key: a booking may be changed back and forth, each change settles its own.
  const changeKey = `change:${booking.id}:${booking.departureId}->${shape.departureId}:${randomCode(10)}`;
  const statusChanges: EventOf<'booking.statusChanged'>[] = [];
  const done = await shopDb(payload).transaction(async (tx) => {
    statusChanges.length = 0;
    const result = await rebook(tx, booking, shape, {
      by,
      now,
      holdClosesAt: bookingClosesAt(departure.startsAt, 0),
    });
    if (!result.ok) return result;
    if (result.statusChanged) statusChanges.push(result.statusChanged);
    if (sets.length > 0) await writeResellerDetails(tx, booking.id, { sql: sets, params }, now);
    if (!held) {
      const current = (await resellerTerms(tx, booking.resellerId)) ?? { commissionPercent: 0, netRates: [] };
      const terms = { ...current, commissionPercent: booking.commissionPercent ?? current.commissionPercent };
      const unitRetail = fares ? { ...fares, super3: 0 } : null;
      await writeResellerNet(tx, booking.id, {
        netCents: bookingNetCents(
          terms,
          { tourId: shape.tourId, totalCents: shape.totalCents, counts: to.counts },
          unitRetail,
        ),
        unitNets: unitRetail ? JSON.stringify(unitNets(terms, shape.tourId, unitRetail)) : null,
      });
      if (difference > 0) {
        await recordPayment(tx, {
          bookingId: booking.id,
          amountCents: difference,
          method: 'invoice',
          idempotencyKey: `${changeKey}:invoiced`,
          requestedBy: by,
          reason: `invoice:${input.resellerName.slice(0, 200)}`,
          now,
        });
      }
    }
    return result;
  });
  if (!done.ok) {
    const latest = await loadDeparture(payload, departure.id);
    const free = latest ? Math.max(0, latest.capacity - latest.seatsSold - latest.seatsHeld) : 0;
    return { ok: false, error: 'full', seatsLeft: free };
  }
  for (const event of statusChanges) await publish(payload, event);
  await publish(payload, {
    type: 'booking.moved',
    bookingId: booking.id,
    reference: booking.reference,
    fromDepartureId: booking.departureId,
    toDepartureId: shape.departureId,
    seats: { from: booking.seats, to: shape.seats },
    totalCents: { from: booking.totalCents, to: shape.totalCents },
    by,
    at: now,
  });
  if (!held && difference < 0) {
    await refundBooking(
      payload,
      {
        bookingId: booking.id,
        amount: -difference,
        idempotencyKey: `${changeKey}:refund`,
        requestedBy: by,
        reason: 'price difference of a change',
        now,
      },
      options,
    );
  }
  return { ok: true, changed: true };
}
