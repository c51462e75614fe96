import type { Payload } from 'payload';

import type { RefundingProvider, RefundResult } from '../payments/provider';
import { markUsedPartsGivenBack, refundAmountCents } from '../partners/used-parts';
import { findBookingRecord } from '../booking/bookings-repository';
import { shopDb, type Tx } from '../booking/db';
import { publish } from '../booking/events';
import {
  failedRefundEvents,
  findPaymentEvent,
  insertPendingRefund,
  manualRefundsByMethod,
  paymentEventsByKeys,
  rearmFailedRefund,
  releaseRefundReservation,
  reserveRefund,
  settlePendingRefund,
  succeededPaymentsOf,
  type PaymentEvent,
} from '../booking/payments-repository';
import { transitionBooking, type BookingMove } from '../booking/transitions';

/**
 * Refunds (docs/decisions/090-refunds.md). A refund is first reserved on the booking in one
 * conditional UPDATE (`refunded_cents + amount <= paid_cents`, so two refunds can never return
 * more than was paid) together with a `pending` payment event keyed by the caller's idempotency
 * key; then the gateway is asked, outside any transaction; then its answer settles the event:
 * `succeeded`, or `failed` with the reservation given back. The same key again finds the event
 * and never asks the gateway twice; a failed event is retried from the same row.
 */

const GATEWAY_METHODS = new Set(['card', 'bizum', 'link', 'other']);

export type RefundRequest = {
  bookingId: number;
  /** Cents; `'rest'` is everything paid and not yet refunded. */
  amount: number | 'rest';
  /** The same key twice refunds once: e.g. `cancel:<booking>`, `auto:<order>`, a staff request id. */
  idempotencyKey: string;
  /** `user:<id>`, `visitor` or `system`. */
  requestedBy: string;
  reason: string;
  /** With `'rest'`: also give back the shares of partner admissions already used (decision 181). */
  refundUsedParts?: boolean;
  now?: Date;
};

export type RefundError =
  'notFound' | 'nothingToRefund' | 'exceedsPaid' | 'exceedsOrder' | 'inProgress' | 'failed' | 'invalidAmount';

/** `event` is the refund's first row; `parts` every row when the money went back in several. */
export type RefundOutcome =
  | { ok: true; event: PaymentEvent; parts: PaymentEvent[]; replayed: boolean }
  | { ok: false; error: RefundError; event?: PaymentEvent; parts?: PaymentEvent[] };

async function eventById(target: Pick<Tx, 'query'>, id: number): Promise<PaymentEvent> {
  const event = await findPaymentEvent(target, id);
  if (!event) throw new Error(`payment event ${id} vanished`);
  return event;
}

/** Money of a booking that can still go back one way: a gateway order, or what staff took by one method. */
type RefundSource = { orderRef: string | null; method: string; left: number };

/**
 * Every way a booking's money came in, newest first, with what is left of each: each gateway
 * order on its own (Redsys refunds against one order), and what staff took in cash, by card
 * terminal or on invoice summed per method (it goes back the way it came, by hand).
 */
async function refundSources(target: Pick<Tx, 'query'>, bookingId: number): Promise<RefundSource[]> {
  const sources: RefundSource[] = [];
  const manual = new Map<string, RefundSource>();
  for (const payment of await succeededPaymentsOf(target, bookingId)) {
    const method = payment.method;
    if (payment.orderRef && GATEWAY_METHODS.has(method)) {
      sources.push({ orderRef: payment.orderRef, method, left: payment.amountCents - payment.refundedCents });
      continue;
    }
    const pool = manual.get(method);
    if (pool) pool.left += payment.amountCents;
    else {
      const source = { orderRef: null, method, left: payment.amountCents };
      manual.set(method, source);
      sources.push(source);
    }
  }
  if (manual.size > 0) {
    for (const returned of await manualRefundsByMethod(target, bookingId)) {
      const pool = manual.get(returned.method);
      if (pool) pool.left -= returned.refundedCents;
    }
  }
  return sources.filter((source) => source.left > 0);
}

/**
 * Where a refund of this size goes: one gateway order that covers it if there is one (a single
 * refund the customer sees as one line), else the newest money first — a move's difference before
 * the original payment — across as many sources as it takes. Null when the sources do not add up.
 */
export function planRefund(
  sources: RefundSource[],
  amountCents: number,
): { orderRef: string | null; method: string; amountCents: number }[] | null {
  const single = sources.find((source) => source.orderRef && source.left >= amountCents);
  if (single) return [{ orderRef: single.orderRef, method: single.method, amountCents }];
  const parts: { orderRef: string | null; method: string; amountCents: number }[] = [];
  let rest = amountCents;
  for (const source of sources) {
    if (rest === 0) break;
    const take = Math.min(rest, source.left);
    parts.push({ orderRef: source.orderRef, method: source.method, amountCents: take });
    rest -= take;
  }
  return rest === 0 ? parts : null;
}

/** The idempotency key of a refund's n-th part (the first part keeps the request's own key). */
const partKey = (key: string, index: number) => (index === 0 ? key : `${key}/${index + 1}`);
const MAX_PARTS = 9;

/** A refund's rows: its own key, then the keys of its further parts when it was split. */
async function partsOf(target: Pick<Tx, 'query'>, key: string): Promise<PaymentEvent[]> {
  const keys = Array.from({ length: MAX_PARTS }, (_, index) => partKey(key, index));
  return paymentEventsByKeys(target, keys);
}

type Reservation = { events: PaymentEvent[]; fresh: Set<number> } | { error: RefundError; event?: PaymentEvent };

/**
 * Reserves the refund on the booking and writes its pending rows (one per source it goes back
 * through), or re-arms the rows the gateway refused; `fresh` are the rows to ask the gateway for.
 */
async function reserve(payload: Payload, request: RefundRequest, now: Date): Promise<Reservation> {
  const db = shopDb(payload);
  try {
    return await db.transaction(async (tx) => {
      const existing = await partsOf(tx, request.idempotencyKey);
      if (existing.length > 0) {
        const fresh = new Set<number>();
        for (const event of existing.filter((e) => e.status === 'failed')) {
          // A retry of a refund the gateway refused: the same row, the same amount, reserved again.
          if (!(await reserveRefund(tx, event.bookingId, event.amountCents, now))) {
            throw new RefundAbort('exceedsPaid', event);
          }
          if (!(await rearmFailedRefund(tx, event.id, now))) throw new Error('refund retried twice at once');
          fresh.add(event.id);
        }
        return { events: await partsOf(tx, request.idempotencyKey), fresh };
      }
      const booking = await findBookingRecord(tx, { id: request.bookingId });
      if (!booking) return { error: 'notFound' as const };
      const left = booking.paidCents - booking.refundedCents;
      const amountCents = await refundAmountCents(tx, request, left);
      if (!Number.isSafeInteger(amountCents) || amountCents < 0) return { error: 'invalidAmount' as const };
      if (amountCents === 0) return { error: 'nothingToRefund' as const };
      if (!(await reserveRefund(tx, request.bookingId, amountCents, now))) return { error: 'exceedsPaid' as const };
      await markUsedPartsGivenBack(tx, request.bookingId, left - amountCents, now);
      const plan = planRefund(await refundSources(tx, request.bookingId), amountCents);
      if (!plan || plan.length > MAX_PARTS) throw new RefundAbort('exceedsOrder');
      const events: PaymentEvent[] = [];
      for (const [index, part] of plan.entries()) {
        const id = await insertPendingRefund(tx, {
          bookingId: request.bookingId,
          amountCents: part.amountCents,
          method: part.method,
          orderRef: part.orderRef,
          idempotencyKey: partKey(request.idempotencyKey, index),
          requestedBy: request.requestedBy,
          reason: request.reason.slice(0, 500),
          now,
        });
        events.push(await eventById(tx, id));
      }
      return { events, fresh: new Set(events.map((e) => e.id)) };
    });
  } catch (error) {
    if (error instanceof RefundAbort) return { error: error.reason, ...(error.event ? { event: error.event } : {}) };
    // Two requests with one key at once: the unique key let one insert; the other reads it.
    const existing = await partsOf(db, request.idempotencyKey);
    if (existing.length > 0) return { events: existing, fresh: new Set() };
    throw error;
  }
}

class RefundAbort extends Error {
  constructor(
    readonly reason: RefundError,
    readonly event?: PaymentEvent,
  ) {
    super(reason);
  }
}

async function settle(payload: Payload, event: PaymentEvent, result: RefundResult, now: Date): Promise<PaymentEvent> {
  const db = shopDb(payload);
  const { settled, closed } = await db.transaction(async (tx) => {
    let closed: BookingMove | null = null;
    if (result.ok) {
      await settlePendingRefund(
        tx,
        event.id,
        { status: 'succeeded', gatewayCode: result.responseCode, gatewayAnswer: result.answer },
        now,
      );
      // A payment that never had seats is closed once all of it is back.
      closed = await transitionBooking(tx, event.bookingId, 'refundPending', 'cancelled', {
        now,
        by: 'system',
        and: { sql: 'paid_cents = refunded_cents' },
      });
    } else {
      const failed = {
        status: 'failed' as const,
        gatewayCode: `${result.outcome}:${result.code}`,
        gatewayAnswer: result.answer,
      };
      // Not returned: the reservation goes back, so the booking still shows the money as held by us.
      if (await settlePendingRefund(tx, event.id, failed, now)) {
        await releaseRefundReservation(tx, event.bookingId, event.amountCents, now);
      }
    }
    return { settled: await eventById(tx, event.id), closed };
  });
  if (closed) await publish(payload, closed.event);
  return settled;
}

/**
 * Refunds money of a booking through the gateway that took it (or records a manual refund for
 * cash, terminal and invoice payments), exactly once per idempotency key. Money that came in
 * several ways (a card payment and a move's difference paid by link or in cash) goes back in as
 * many parts, each its own row. Publishes `booking.refunded` per part once the gateway has said
 * yes; never before.
 */
export async function refundBooking(
  payload: Payload,
  request: RefundRequest,
  options: { provider: RefundingProvider },
): Promise<RefundOutcome> {
  const now = request.now ?? new Date();
  const reserved = await reserve(payload, request, now);
  if ('error' in reserved)
    return { ok: false, error: reserved.error, ...(reserved.event ? { event: reserved.event } : {}) };
  const parts: PaymentEvent[] = [];
  let reference: string | undefined;
  for (const event of reserved.events) {
    if (!reserved.fresh.has(event.id)) {
      parts.push(event);
      continue;
    }
    const result: RefundResult = event.orderRef
      ? await options.provider.refund({ orderRef: event.orderRef, amountCents: event.amountCents })
      : { ok: true, responseCode: 'manual', answer: `returned by ${event.method ?? 'staff'}` };
    const settled = await settle(payload, event, result, now);
    parts.push(settled);
    if (settled.status !== 'succeeded') continue;
    reference ??= (await findBookingRecord(shopDb(payload), { id: event.bookingId }))?.reference ?? '';
    await publish(payload, {
      type: 'booking.refunded',
      bookingId: event.bookingId,
      reference,
      amountCents: settled.amountCents,
      reason: request.reason,
      by: request.requestedBy,
      at: now,
    });
  }
  const unsettled = parts.find((part) => part.status === 'failed') ?? parts.find((part) => part.status === 'pending');
  if (unsettled) {
    const error = unsettled.status === 'pending' ? 'inProgress' : 'failed';
    return { ok: false, error, event: unsettled, parts };
  }
  return { ok: true, event: parts[0]!, parts, replayed: reserved.fresh.size === 0 };
}

/** Refunds the gateway refused or never answered, newest first: the today board's "refund failed". */
export async function failedRefunds(payload: Payload, limit = 100): Promise<(PaymentEvent & { reference: string })[]> {
  return failedRefundEvents(shopDb(payload), limit);
}

/** Retries a failed refund from its own row (same key, same amount). */
export async function retryRefund(
  payload: Payload,
  eventId: number,
  options: { provider: RefundingProvider; requestedBy: string; now?: Date },
): Promise<RefundOutcome> {
  const event = await eventById(shopDb(payload), eventId).catch(() => null);
  if (!event || event.kind !== 'refund') return { ok: false, error: 'notFound' };
  return refundBooking(
    payload,
    {
      bookingId: event.bookingId,
      amount: event.amountCents,
      idempotencyKey: event.idempotencyKey,
      requestedBy: options.requestedBy,
      reason: event.reason ?? 'retry',
      ...(options.now ? { now: options.now } : {}),
    },
    options,
  );
}
