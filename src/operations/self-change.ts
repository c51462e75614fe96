import type { Payload } from 'payload';

import { BookingChangedError, moveBooking } from './booking-actions';
import { isBookable, selfChangeClosesAt } from '../booking/booking-window';
import { type BookingRecord, type BookingRow, findBookingRecord } from '../booking/bookings-repository';
import { shopDb } from '../booking/db';
import { findDeparture } from '../booking/departures-repository';
import { HOLD_MINUTES } from '../booking/holds';
import type { PendingMove } from './pending-moves';
import { succeededPaymentsOf } from '../booking/payments-repository';
import { quote } from '../booking/pricing';
import type { RefundOutcome } from './refunds';
import { ticketsOfBooking } from '../booking/tickets-repository';
import { loadTourSettings } from '../booking/tours-repository';
import type { PaymentProvider } from '../payments/provider';
import { alternativesFor, type Alternative } from './disruption';

/**
 * A visitor changes the date or time of their own booking from its signed page
 * (docs/decisions/142-visitors-change-their-own-date.md): another departure of the same tour, up
 * to the tour's cut-off before the booked departure, through the one move every change uses
 * (booking-actions.ts → rebook.ts): seats taken on the new departure before the old ones go back,
 * in one transaction; old tickets void, new ones issued, the customer e-mailed them. A dearer
 * departure waits, its seats held, for the difference paid at the gateway; a cheaper one refunds
 * the difference to the card.
 */

/** Why a booking cannot be changed online (the page says so in the visitor's words). */
export type SelfChangeRefusal =
  /** Not paid, or cancelled, refunded, disrupted (a cancelled departure has its own page). */
  | 'notPaid'
  /** The tour is changed only by the office (no cut-off set). */
  | 'officeOnly'
  /** Past the tour's cut-off before the booked departure. */
  | 'tooLate'
  /** Someone has already boarded with one of its tickets. */
  | 'boarded'
  /** Sold by a reseller, who changes it (OCTO); or paid at the desk, where a difference is settled. */
  | 'notOnline';

export type SelfChangeWindow =
  /** `differenceCents`: what any departure of the tour costs more (or, negative, less) at today's prices. */
  | { open: true; closesAt: Date; alternatives: Alternative[]; differenceCents: number }
  | { open: false; reason: SelfChangeRefusal; closesAt: Date | null };

/** The booking a visitor's booking or change page names (its signed link already checked); null if none. */
export async function bookingToChange(payload: Payload, reference: string): Promise<BookingRecord | null> {
  return findBookingRecord(shopDb(payload), { reference });
}

/** That booking with its departure, for the change page; null when either is gone. */
export async function bookingToChangeWithDeparture(payload: Payload, reference: string) {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { reference });
  const departure = booking ? await findDeparture(db, booking.departureId) : null;
  return booking && departure ? { booking, departure } : null;
}

/** Whether (and until when) the visitor may change this booking, with the departures they may take. */
export async function selfChangeWindow(
  payload: Payload,
  booking: BookingRecord,
  now = new Date(),
  options: { withAlternatives?: boolean } = {},
): Promise<SelfChangeWindow> {
  const db = shopDb(payload);
  const [tour, departure] = await Promise.all([
    loadTourSettings(payload, booking.tourId),
    findDeparture(db, booking.departureId),
  ]);
  const hours = tour?.selfChangeHoursBefore ?? null;
  const closesAt = departure && hours !== null ? selfChangeClosesAt(departure.startsAt, hours) : null;
  const refuse = (reason: SelfChangeRefusal): SelfChangeWindow => ({ open: false, reason, closesAt });
  if (booking.status !== 'paid' || !departure) return refuse('notPaid');
  if (!closesAt || !tour?.priceList) return refuse('officeOnly');
  if (booking.channel === 'reseller') return refuse('notOnline');
  // A difference goes back where the money came from: only a booking paid at the gateway can
  // have it refunded (or collected) without the desk.
  const payments = await succeededPaymentsOf(db, booking.id);
  if (payments.length === 0 || payments.some((p) => p.orderRef === null)) return refuse('notOnline');
  if (now.getTime() >= closesAt.getTime()) return refuse('tooLate');
  const tickets = await ticketsOfBooking(db, booking.id);
  if (tickets.some((t) => t.voidedAt === null && t.checkedInAt !== null)) return refuse('boarded');
  const priced = quote(tour.priceList, booking);
  if (!priced.ok) return refuse('officeOnly');
  return {
    open: true,
    closesAt,
    alternatives: options.withAlternatives === false ? [] : await alternativesFor(payload, booking, { now }),
    differenceCents: priced.quote.totalCents - booking.totalCents,
  };
}

export type SelfChangeResult =
  /** Moved: `refund` when the new departure was cheaper. */
  | { ok: true; moved: true; booking: BookingRow; differenceCents: number; refund: RefundOutcome | null }
  /** The new departure costs more: its seats wait for the payment the visitor is sent to make. */
  | { ok: true; moved: false; move: PendingMove; differenceCents: number }
  | { ok: false; error: 'notFound' | 'notAnAlternative' | 'changed' }
  | { ok: false; error: SelfChangeRefusal }
  | { ok: false; error: 'full'; alternatives: Alternative[] };

/** The visitor's change to `departureId`, by the rules above; `full` lists what is still open. */
export async function changeOwnBooking(
  payload: Payload,
  input: { reference: string; departureId: number; now?: Date },
  options: { provider: PaymentProvider },
): Promise<SelfChangeResult> {
  const now = input.now ?? new Date();
  const booking = await findBookingRecord(shopDb(payload), { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  const window = await selfChangeWindow(payload, booking, now);
  if (!window.open) return { ok: false, error: window.reason };
  const full = async (): Promise<SelfChangeResult> => ({
    ok: false,
    error: 'full',
    alternatives: await alternativesFor(payload, booking, { now }),
  });
  // Only what the page offered: a departure of the same tour, still on sale, with room for all.
  if (!window.alternatives.some((a) => a.id === input.departureId)) {
    const [target, tour] = await Promise.all([
      findDeparture(shopDb(payload), input.departureId),
      loadTourSettings(payload, booking.tourId),
    ]);
    const onSale =
      target !== null &&
      target.id !== booking.departureId &&
      target.tourId === booking.tourId &&
      target.status === 'scheduled' &&
      isBookable(target.startsAt, now, tour?.bookingClosesMinutesBefore);
    return onSale ? full() : { ok: false, error: 'notAnAlternative' };
  }
  const moved = await moveBooking(
    payload,
    {
      reference: booking.reference,
      departureId: input.departureId,
      by: 'visitor',
      collect: 'link',
      payWithinMinutes: PAY_WITHIN_MINUTES,
      now,
    },
    options,
  ).catch((error: unknown) => {
    // Another change (the office, a second tab) committed first: nothing of this one stayed.
    if (error instanceof BookingChangedError) return { ok: false as const, error: 'changed' as const };
    throw error;
  });
  if (moved.ok && moved.pendingMove)
    return { ok: true, moved: false, move: moved.pendingMove, differenceCents: moved.differenceCents };
  if (moved.ok)
    return {
      ok: true,
      moved: true,
      booking: moved.booking,
      differenceCents: moved.differenceCents,
      refund: moved.refund,
    };
  switch (moved.error) {
    case 'full':
      return full();
    case 'changed':
    case 'notMovable':
      return { ok: false, error: 'changed' };
    case 'notFound':
      return { ok: false, error: 'notFound' };
    // The departure left sale (closed, cancelled, another tour's) between the page and the tap.
    default:
      return { ok: false, error: 'notAnAlternative' };
  }
}

/** A visitor paying a dearer departure is on their way to the bank: the seats wait as a hold does, and a little more. */
export const PAY_WITHIN_MINUTES = HOLD_MINUTES * 2;
