import 'server-only';

import type { Payload } from 'payload';

import { pathFor } from '../i18n/routes';
import { env } from '../lib/env';
import {
  checkAgainstOrder,
  makeOrderRef,
  paymentProviderFromConfig,
  type PaymentProvider,
  type RedirectForm,
} from '../payments';
import { type BookingRow, findBooking, startPaymentOrder } from './bookings-repository';
import { iso, shopDb } from './db';
import { publish } from './events';
import { desk } from './desk';
import { getBooking } from './holds';
import { logPayment } from './payment-log';
import { isRecorded, recordPayment } from './payments-repository';
import { sellFreeSeats, sellHeldSeats } from './departures-repository';
import { insertTickets } from './tickets-repository';
import { bookingLinkSignature } from './signature';
import type { BookingStatus } from './statuses';
import { netStatusEvents, transitionBooking, type BookingMove } from './transitions';

/**
 * Payment of a held booking (docs/domain-rules.md#payment-confirmation, #tickets-always-issued). The browser only ever carries the
 * visitor to the gateway and back; a booking becomes paid solely in `handlePaymentNotification`,
 * after the gateway's signed server-to-server notification has been verified, and its tickets
 * are issued in that same transaction.
 */

export const NOTIFY_PATH = '/api/payments/notify';

let provider: PaymentProvider | undefined;

/** The configured gateway: the sandbox by default, Redsys when PAYMENT_PROVIDER=redsys. */
export function paymentProvider(): PaymentProvider {
  if (!provider) {
    const config = env();
    provider = paymentProviderFromConfig({
      provider: config.PAYMENT_PROVIDER,
      appEnv: config.APP_ENV,
      siteUrl: config.SITE_URL,
      redsys: {
        ...(config.REDSYS_MERCHANT_CODE ? { merchantCode: config.REDSYS_MERCHANT_CODE } : {}),
        ...(config.REDSYS_TERMINAL ? { terminal: config.REDSYS_TERMINAL } : {}),
        ...(config.REDSYS_SECRET_KEY ? { secretKey: config.REDSYS_SECRET_KEY } : {}),
        ...(config.REDSYS_ENVIRONMENT ? { environment: config.REDSYS_ENVIRONMENT } : {}),
      },
    });
  }
  return provider;
}

export type StartPaymentResult =
  | { ok: true; form: RedirectForm; orderRef: string }
  | { ok: false; error: 'notFound' | 'notHeld'; status?: BookingRow['status'] };

/**
 * A new payment attempt for a held booking: a fresh Redsys order number each time (Redsys
 * refuses one it has seen), recorded so that even a late notification for an earlier attempt
 * finds its booking.
 */
export async function startPayment(
  payload: Payload,
  reference: string,
  options: { provider?: PaymentProvider; siteUrl?: string; now?: Date } = {},
): Promise<StartPaymentResult> {
  const now = options.now ?? new Date();
  const gateway = options.provider ?? paymentProvider();
  const siteUrl = options.siteUrl ?? env().SITE_URL;
  const booking = await getBooking(payload, reference, now);
  if (!booking) return { ok: false, error: 'notFound' };
  if (booking.status !== 'held') return { ok: false, error: 'notHeld', status: booking.status };

  const orderRef = makeOrderRef();
  const started = await shopDb(payload).transaction(async (tx) => {
    if (!(await startPaymentOrder(tx, booking.id, orderRef, now))) return false;
    await logPayment(tx, {
      kind: 'attempt',
      orderRef,
      bookingId: booking.id,
      provider: gateway.id,
      amountCents: booking.totalCents,
      outcome: 'started',
      now,
    });
    return true;
  });
  if (!started) return { ok: false, error: 'notHeld' };

  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, depth: 0, locale: booking.locale });
  const locale = booking.locale;
  const firma = await bookingLinkSignature(payload, reference, now);
  const form = gateway.createRedirect({
    orderRef,
    amountCents: booking.totalCents,
    // Shown on the gateway's page: the tour, never the visitor's details.
    description: `${env().SITE_BRAND} · ${tour.title}`,
    locale,
    urls: {
      // Signed, so the thank-you page can link the visitor straight to the tickets.
      ok: `${siteUrl}${pathFor('thanks', locale)}?reserva=${encodeURIComponent(reference)}&firma=${firma}`,
      ko: `${siteUrl}${pathFor('tour', locale, { id: tour.slug })}?reserva=${encodeURIComponent(reference)}&pago=ko`,
      notify: `${siteUrl}${NOTIFY_PATH}`,
    },
  });
  return { ok: true, form, orderRef };
}

export type NotificationOutcome =
  | { status: 'rejected'; reason: string }
  | { status: 'unknownOrder' }
  | { status: 'declined' }
  | { status: 'confirmed' | 'retaken' | 'refundPending' | 'duplicate' | 'moved'; bookingId: number };

/**
 * Processes one gateway notification, exactly once per booking whatever the order or number of
 * deliveries: each branch starts with a conditional status transition, so a replay finds nothing
 * left to move and is recorded as a duplicate.
 */
export async function handlePaymentNotification(
  payload: Payload,
  fields: Record<string, string>,
  options: { provider?: PaymentProvider; now?: Date } = {},
): Promise<NotificationOutcome> {
  const now = options.now ?? new Date();
  const gateway = options.provider ?? paymentProvider();
  const db = shopDb(payload);
  const verified = gateway.verifyNotification(fields);
  if (!verified.ok) {
    await logPayment(db, { kind: 'notification', provider: gateway.id, outcome: `rejected:${verified.reason}`, now });
    return { status: 'rejected', reason: verified.reason };
  }
  const base = {
    kind: 'notification' as const,
    orderRef: verified.orderRef,
    provider: gateway.id,
    amountCents: verified.amountCents,
    responseCode: verified.responseCode,
    now,
  };
  const { rows } = await db.query(
    `SELECT booking_id, move_id, amount_cents FROM payment_notifications
     WHERE kind = 'attempt' AND order_ref = ? ORDER BY id LIMIT 1`,
    [verified.orderRef],
  );
  const bookingId = rows[0] ? Number(rows[0].booking_id) : undefined;
  if (rows[0]?.move_id != null && bookingId !== undefined) {
    // The price difference of a move: its own amount, its own settlement.
    const moveId = Number(rows[0].move_id);
    const check = checkAgainstOrder(verified, {
      orderRef: verified.orderRef,
      amountCents: Number(rows[0].amount_cents),
    });
    if (!check.ok) {
      await logPayment(db, { ...base, bookingId, moveId, outcome: `rejected:${check.reason}` });
      return { status: 'rejected', reason: check.reason };
    }
    if (!verified.authorized) {
      await logPayment(db, { ...base, bookingId, moveId, outcome: 'declined' });
      return { status: 'declined' };
    }
    const status = await desk().settleMovePayment(payload, verified, moveId, {
      provider: gateway,
      providerId: gateway.id,
      now,
    });
    return { status, bookingId };
  }
  const booking = bookingId === undefined ? null : await findBooking(db, { id: bookingId });
  if (!booking) {
    await logPayment(db, { ...base, outcome: 'unknownOrder' });
    return { status: 'unknownOrder' };
  }
  const check = checkAgainstOrder(verified, { orderRef: verified.orderRef, amountCents: booking.totalCents });
  if (!check.ok) {
    await logPayment(db, { ...base, bookingId: booking.id, outcome: `rejected:${check.reason}` });
    return { status: 'rejected', reason: check.reason };
  }
  if (!verified.authorized) {
    // The hold stays: the visitor may try again until it expires.
    await logPayment(db, { ...base, bookingId: booking.id, outcome: 'declined' });
    return { status: 'declined' };
  }

  let secondPayment = false;
  let moves: BookingMove[] = [];
  const outcome = await db.transaction(async (tx): Promise<'confirmed' | 'retaken' | 'refundPending' | 'duplicate'> => {
    moves = [];
    const claim = async (from: BookingStatus, to: BookingStatus) => {
      const move = await transitionBooking(tx, booking.id, from, to, {
        now,
        by: 'visitor',
        set: { sql: 'paid_at = ?, payment_order_ref = ?', params: [iso(now), verified.orderRef] },
      });
      if (move) moves.push(move);
      return move !== null;
    };

    let result: 'confirmed' | 'retaken' | 'refundPending' | 'duplicate';
    // This order's money is already on the books (paid, or refunded since): a replay, whatever
    // the booking's status now. Without this, a replay after an automatic refund would reopen it.
    if (await isRecorded(tx, `payment:${verified.orderRef}`)) {
      await logPayment(tx, { ...base, bookingId: booking.id, outcome: 'duplicate' });
      return 'duplicate';
    }
    if (await claim('held', 'paid')) {
      // Still held (even past its expiry time, as long as nobody released it): the seats are ours.
      await sellHeldSeats(tx, booking.departureId, booking.seats);
      await insertTickets(tx, booking, now);
      result = 'confirmed';
    } else if (await claim('expired', 'paid')) {
      // Paid after the hold ran out: take the seats again if they are still free.
      if (await sellFreeSeats(tx, booking.departureId, booking.seats)) {
        await insertTickets(tx, booking, now);
        result = 'retaken';
      } else {
        const flagged = await transitionBooking(tx, booking.id, 'paid', 'refundPending', { now, by: 'visitor' });
        if (flagged) moves.push(flagged);
        result = 'refundPending';
      }
    } else if (await claim('cancelled', 'refundPending')) {
      result = 'refundPending';
    } else {
      // Not a replay (this order's money is not on the books) but the booking is already paid by
      // another order: the visitor paid twice, from two tabs. Kept, then refunded below.
      secondPayment = true;
      result = 'refundPending';
    }
    {
      // Money arrived, whether or not it bought seats: it is on the booking until refunded.
      const recorded = await recordPayment(tx, {
        bookingId: booking.id,
        amountCents: verified.amountCents,
        method: verified.payMethod ?? 'card',
        orderRef: verified.orderRef,
        idempotencyKey: `payment:${verified.orderRef}`,
        requestedBy: 'visitor',
        gatewayCode: verified.responseCode,
        now,
      });
      // The same notification delivered twice at once: the other delivery recorded it (and, on
      // PostgreSQL, claimed the booking after our `seen` check). Nothing to keep or refund here.
      if (!recorded && secondPayment) {
        secondPayment = false;
        result = 'duplicate';
      }
    }
    await logPayment(tx, { ...base, bookingId: booking.id, outcome: result });
    return result;
  });
  // Committed: what the booking went through, as one move (expired → refundPending, not via paid).
  for (const event of netStatusEvents(moves)) await publish(payload, event);
  if (outcome === 'refundPending') {
    // Paid for seats it cannot have (departure cancelled, hold expired and re-sold): the money
    // goes straight back. A refusal stays visible as a failed refund for staff to retry; the
    // visitor is told once the gateway has returned it (a `booking.refunded` subscriber).
    await desk().refund(
      payload,
      {
        bookingId: booking.id,
        amount: verified.amountCents,
        idempotencyKey: `auto:${verified.orderRef}`,
        requestedBy: 'system',
        reason: secondPayment ? 'secondPayment' : 'paymentWithoutSeats',
        now,
      },
      { provider: gateway },
    );
  }
  // Announced only now that the tickets are committed; the e-mail is a subscriber's job (tickets/).
  if (outcome === 'confirmed' || outcome === 'retaken')
    await publish(payload, {
      type: 'booking.paid',
      bookingId: booking.id,
      reference: booking.reference,
      how: outcome,
      at: now,
    });
  return { status: outcome, bookingId: booking.id };
}
