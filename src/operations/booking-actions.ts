import type { Payload } from 'payload';

import type { PaymentProvider } from '../payments/provider';
import { randomCode } from '../booking/codes';
import {
  type BookingRow,
  correctCustomer,
  eraseCustomer,
  findBooking,
  findBookingRecord,
} from '../booking/bookings-repository';
import { iso, num, shopDb, type Tx } from '../booking/db';
import { loadDeparture, releaseSoldSeats } from '../booking/departures-repository';
import { publish, type EventOf } from '../booking/events';
import { requestMovePayment } from './move-requests';
import { withdrawPendingMoves, type PendingMove } from './pending-moves';
import { recordPayment } from '../booking/payments-repository';
import { quote } from '../booking/pricing';
import { bookingSignature, latestDepartureOf, reissuedLinkExpiry } from '../booking/signature';
import { refundBooking, type RefundOutcome } from './refunds';
import { voidTickets } from '../booking/tickets-repository';
import { loadTourSettings } from '../booking/tours-repository';
import { rebook, shapeOf } from './rebook';
import { transitionBooking } from '../booking/transitions';

/**
 * Staff actions on one booking after the sale. Each starts with a conditional status change, so a
 * replayed request finds nothing left to do; money goes back through `refundBooking` with a key
 * naming the one action it belongs to (the booking's cancellation, or that one move), so a replay
 * never refunds twice and a second action never passes for a replay of the first.
 */

export type RefundChoice = 'full' | 'none' | number;

export type CancelBookingResult =
  | { ok: true; booking: BookingRow; alreadyCancelled: boolean; refund: RefundOutcome | null }
  | { ok: false; error: 'notFound' | 'notCancellable' | 'invalidRefund'; status?: BookingRow['status'] };

/**
 * Cancels a paid (or disrupted) booking: seats back to the departure, tickets void, and the
 * refund asked: all of it, none, or a number of cents (a cancellation fee kept). A replay of the
 * same cancellation answers what happened the first time and retries nothing but a failed refund.
 */
export async function cancelBooking(
  payload: Payload,
  input: { reference: string; refund: RefundChoice; reason: string; by: string; refundUsedParts?: boolean; now?: Date },
  options: { provider: PaymentProvider },
): Promise<CancelBookingResult> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  if (typeof input.refund === 'number' && (!Number.isSafeInteger(input.refund) || input.refund < 0)) {
    return { ok: false, error: 'invalidRefund' };
  }
  const cancelled = await db.transaction(async (tx) => {
    const move = await transitionBooking(tx, booking.id, ['paid', 'disrupted'], 'cancelled', { now, by: input.by });
    if (!move) return null;
    // Where the booking is now, as the transition found it under its row lock: another desk may
    // have moved it since it was read above (it then gave back the seats of the wrong departure).
    await releaseSoldSeats(tx, move.departureId, move.seats);
    await voidTickets(tx, booking.id, now);
    await withdrawPendingMoves(tx, { bookingId: booking.id }, now);
    return move;
  });
  if (!cancelled) {
    // Read again: another desk may have cancelled it since it was read above.
    const current = await findBooking(db, { id: booking.id });
    const status = current?.status ?? booking.status;
    if (status !== 'cancelled') return { ok: false, error: 'notCancellable', status };
  }
  if (cancelled) {
    await publish(payload, cancelled.event);
    await publish(payload, {
      type: 'booking.cancelled',
      bookingId: booking.id,
      reference: booking.reference,
      reason: input.reason,
      by: input.by,
      at: now,
    });
  }
  let refund: RefundOutcome | null = null;
  if (input.refund !== 'none' && input.refund !== 0) {
    refund = await refundBooking(
      payload,
      {
        bookingId: booking.id,
        amount: input.refund === 'full' ? 'rest' : input.refund,
        idempotencyKey: `cancel:${booking.id}`,
        requestedBy: input.by,
        reason: input.reason,
        ...(input.refundUsedParts ? { refundUsedParts: true } : {}),
        now,
      },
      options,
    );
    // A replay after everything went back finds nothing left: that is the first refund, replayed.
    if (!refund.ok && refund.error === 'nothingToRefund') refund = null;
  }
  const latest = await findBooking(db, { id: booking.id });
  return { ok: true, booking: latest ?? booking, alreadyCancelled: !cancelled, refund };
}

/** Seats of a departure still free for sale (the same arithmetic as the hold's conditional UPDATE). */
export function freeSeats(row: { capacity: unknown; seats_sold: unknown; seats_held: unknown }): number {
  return Math.max(0, num(row.capacity) - num(row.seats_sold) - num(row.seats_held));
}

export type Correction = Partial<Record<'name' | 'surnames' | 'email' | 'phone' | 'mobilePhone', string>>;
const CORRECTABLE = ['name', 'surnames', 'email', 'phone', 'mobilePhone'] as const;

/** Corrects the lead's name, e-mail or phones; the audit log records which fields changed. */
export async function correctBooking(
  payload: Payload,
  input: { reference: string; changes: Correction; by: string; now?: Date },
): Promise<{ ok: true; fields: string[] } | { ok: false; error: 'notFound' | 'nothingToChange' }> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  const fields = CORRECTABLE.filter(
    (key) => input.changes[key] !== undefined && input.changes[key] !== booking.customer[key],
  );
  if (fields.length === 0) return { ok: false, error: 'nothingToChange' };
  await correctCustomer(db, booking.id, Object.fromEntries(fields.map((f) => [f, input.changes[f]!])), now);
  await publish(payload, {
    type: 'booking.corrected',
    bookingId: booking.id,
    reference: booking.reference,
    fields,
    by: input.by,
    at: now,
  });
  return { ok: true, fields };
}

/**
 * A fresh signed link to a booking, for staff to e-mail or pass on (docs/decisions/127-booking-links-expire.md):
 * the departure's usual lifetime, or a month from today when that has run out, so a visitor
 * asking for an invoice long after the trip gets a link that works. Announced for the audit log.
 */
export async function reissueBookingLink(
  payload: Payload,
  input: { reference: string; how: 'email' | 'shown'; by: string; now?: Date },
): Promise<
  | { ok: true; booking: BookingRow; expiresOn: string; signature: string; disrupted: boolean }
  | { ok: false; error: 'notFound' }
> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { reference: input.reference });
  const departureAt = booking ? await latestDepartureOf(payload, booking.reference) : null;
  if (!booking || !departureAt) return { ok: false, error: 'notFound' };
  const expiresOn = reissuedLinkExpiry(departureAt, now);
  await publish(payload, {
    type: 'booking.linkReissued',
    bookingId: booking.id,
    reference: booking.reference,
    expiresOn,
    how: input.how,
    by: input.by,
    at: now,
  });
  return {
    ok: true,
    booking,
    expiresOn,
    signature: bookingSignature(booking.reference, expiresOn),
    disrupted: booking.disruptedFrom !== null,
  };
}

export const ANONYMISED_EMAIL = 'anonymised@invalid.example';

/**
 * Erases a visitor's personal data on request, keeping the accounting record (reference, tour,
 * departure, tickets, amounts, payment events): contact fields and comments on the booking, and
 * the address and text of the e-mails we logged for it.
 */
export async function anonymiseBooking(
  payload: Payload,
  input: { reference: string; by: string; now?: Date },
): Promise<{ ok: true } | { ok: false; error: 'notFound' | 'stillHeld' }> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  if (booking.status === 'held') return { ok: false, error: 'stillHeld' };
  await db.transaction(async (tx) => {
    await eraseCustomer(tx, booking.id, { name: '—', email: ANONYMISED_EMAIL }, now);
    await tx.query(`UPDATE email_log SET "to" = ?, text = '', updated_at = ? WHERE ref = ?`, [
      ANONYMISED_EMAIL,
      iso(now),
      `bookings:${booking.id}`,
    ]);
  });
  await publish(payload, {
    type: 'booking.anonymised',
    bookingId: booking.id,
    reference: booking.reference,
    by: input.by,
    at: now,
  });
  return { ok: true };
}

export { BookingChangedError } from './rebook';

/**
 * Moves a paid (or disrupted) booking whose seats were just taken on `to` off its departure,
 * keeping its people: `rebook` (rebook.ts, the one change of a booking) with the seats already
 * taken. The callers record any money in the same transaction.
 */
export async function transferBooking(
  tx: Tx,
  booking: BookingRow,
  to: { departureId: number; tourId: number; totalCents: number },
  options: { chosenBy: string; now: Date },
): Promise<EventOf<'booking.statusChanged'> | null> {
  const done = await rebook(tx, booking, shapeOf(booking, to), {
    by: options.chosenBy,
    now: options.now,
    seatsTaken: true,
  });
  return done.ok ? done.statusChanged : null;
}

export type MoveResult =
  | { ok: true; booking: BookingRow; differenceCents: number; refund: RefundOutcome | null; pendingMove?: undefined }
  /** `collect: 'link'`: the seats are held and the customer was e-mailed the link; nothing moved yet. */
  | { ok: true; booking: BookingRow; differenceCents: number; refund: null; pendingMove: PendingMove }
  | {
      ok: false;
      error:
        | 'notFound'
        | 'notMovable'
        | 'departureNotFound'
        | 'alreadyThere'
        | 'notSoldOnline'
        | 'full'
        | 'paymentRequired'
        | 'emailRequired'
        | 'bookingClosed';
      differenceCents?: number;
    };

/**
 * Moves a paid (or disrupted) booking to another departure, of the same tour or another, with
 * room: seats taken atomically, old tickets void, new ones issued, priced with the new tour's
 * fares. A cheaper trip refunds the difference; a dearer one needs the difference collected at
 * the desk (`collect`: cash or card terminal), recorded as a payment in the same transaction, or
 * paid by the customer through an e-mailed link (`link`: see move-payment.ts), which moves the
 * booking only once the gateway confirms the payment.
 */
export async function moveBooking(
  payload: Payload,
  input: {
    reference: string;
    departureId: number;
    by: string;
    collect?: 'cash' | 'terminal' | 'link';
    /** With `collect: 'link'`: how long the new seats wait for the payment (default: a day). */
    payWithinMinutes?: number;
    now?: Date;
  },
  options: { provider: PaymentProvider },
): Promise<MoveResult> {
  const now = input.now ?? new Date();
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference: input.reference });
  if (!booking) return { ok: false, error: 'notFound' };
  if (booking.status !== 'paid' && booking.status !== 'disrupted') return { ok: false, error: 'notMovable' };
  const target = await loadDeparture(payload, input.departureId);
  if (!target) return { ok: false, error: 'departureNotFound' };
  // Usually the second click of a double click that came after the first had finished.
  if (target.id === booking.departureId) return { ok: false, error: 'alreadyThere' };
  const tour = await loadTourSettings(payload, target.tourId);
  if (!tour?.priceList) return { ok: false, error: 'notSoldOnline' };
  const priced = quote(tour.priceList, booking);
  if (!priced.ok) return { ok: false, error: 'notSoldOnline' };
  const newTotal = priced.quote.totalCents;
  const difference = newTotal - booking.totalCents;
  if (difference > 0 && !input.collect) return { ok: false, error: 'paymentRequired', differenceCents: difference };
  if (difference > 0 && input.collect === 'link') {
    const current = await loadDeparture(payload, booking.departureId);
    const requested = await requestMovePayment(payload, {
      booking,
      target,
      fromStartsAt: current?.startsAt ?? target.startsAt,
      totalCents: newTotal,
      differenceCents: difference,
      by: input.by,
      now,
      ...(input.payWithinMinutes === undefined ? {} : { payWithinMinutes: input.payWithinMinutes }),
    });
    if (!requested.ok) return { ok: false, error: requested.error };
    return { ok: true, booking, differenceCents: difference, refund: null, pendingMove: requested.move };
  }
  const collect = input.collect === 'link' ? undefined : input.collect;
  // The money of THIS move: a booking may go A→B, B→A and A→B again, even within one
  // millisecond, and each move pays or refunds its own difference. A key naming only the booking
  // and the departures (or the clock) made the third move find the first one's refund and return
  // nothing. A replayed request is safe without it: the transfer below is conditional on the
  // booking still being on its old departure, so a replay moves nothing and refunds nothing.
  const moveKey = `move:${booking.id}:${booking.departureId}->${target.id}:${randomCode(10)}`;
  const statusChanges: EventOf<'booking.statusChanged'>[] = [];
  const moved = await db.transaction(async (tx) => {
    statusChanges.length = 0;
    const done = await rebook(
      tx,
      booking,
      shapeOf(booking, { departureId: target.id, tourId: target.tourId, totalCents: newTotal }),
      { by: input.by, now },
    );
    if (!done.ok) return false;
    if (done.statusChanged) statusChanges.push(done.statusChanged);
    if (difference > 0) {
      await recordPayment(tx, {
        bookingId: booking.id,
        amountCents: difference,
        method: collect!,
        idempotencyKey: `${moveKey}:collected`,
        requestedBy: input.by,
        reason: 'price difference of a move',
        now,
      });
    }
    return true;
  });
  if (!moved) return { ok: false, error: 'full' };
  for (const event of statusChanges) await publish(payload, event);
  await publish(payload, {
    type: 'booking.moved',
    bookingId: booking.id,
    reference: booking.reference,
    fromDepartureId: booking.departureId,
    toDepartureId: target.id,
    by: input.by,
    at: now,
  });
  let refund: RefundOutcome | null = null;
  if (difference < 0) {
    refund = await refundBooking(
      payload,
      {
        bookingId: booking.id,
        amount: -difference,
        idempotencyKey: `${moveKey}:refund`,
        requestedBy: input.by,
        reason: 'price difference of a move',
        now,
      },
      options,
    );
  }
  const latest = await findBooking(db, { id: booking.id });
  return { ok: true, booking: latest!, differenceCents: difference, refund };
}
