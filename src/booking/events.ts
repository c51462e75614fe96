import type { Payload } from 'payload';

import { logger } from '../lib/logger';
import { shopDb } from './db';
import type { BookingStatus, DepartureStatus } from './statuses';

/**
 * What happened to bookings, tickets and departures, announced by the booking domain so that
 * the modules reacting to it (ticket e-mails, SMS, audit log, reseller webhooks…) subscribe from
 * their own folders and `src/booking` never imports them (docs/decisions/050-domain-events.md).
 *
 * Events are published AFTER the transaction that made the change has committed, in process.
 * A handler that throws is logged and does not affect the caller or the other handlers: the
 * change has happened and cannot be undone by a failing side effect. Delivery is therefore at
 * most once; a subscriber whose effect must never be lost keeps a sweep that reconciles it from
 * the database (tickets: `queueMissingTicketEmails`). Handlers run through `shopDb.exclusive`
 * and so must not open a shop transaction themselves.
 */

type Common = {
  at: Date;
  /** Who caused it: `user:<id>` (staff), `visitor`, or `system`; the audit log records it. */
  by?: string;
};

export type DomainEvent =
  | (Common & {
      type: 'booking.paid';
      bookingId: number;
      reference: string;
      /**
       * `retaken`: paid after the hold had expired, and the seats were still free. `boxOffice`:
       * sold by staff and paid at the counter (cash, card terminal) or on an agency's invoice.
       * `reseller`: confirmed by a reseller through the OCTO API, on the reseller's account.
       */
      how: 'confirmed' | 'retaken' | 'boxOffice' | 'reseller';
      method?: string;
    })
  | (Common & {
      type: 'booking.paymentRequested';
      bookingId: number;
      reference: string;
      /** Until when the seats wait for the customer's payment. */
      holdExpiresAt: Date;
    })
  | (Common & {
      type: 'booking.movePaymentRequested';
      bookingId: number;
      reference: string;
      moveId: number;
      toDepartureId: number;
      differenceCents: number;
      /** Until when the seats on the new departure wait for the customer's payment. */
      expiresAt: Date;
    })
  | (Common & { type: 'booking.moveWithdrawn'; bookingId: number; reference: string; withdrawn: number })
  | (Common & { type: 'booking.cancelled'; bookingId: number; reference: string; reason: string })
  | (Common & {
      type: 'booking.moved';
      bookingId: number;
      reference: string;
      fromDepartureId: number;
      toDepartureId: number;
      /** Set when the people or the price changed too (a reseller's OCTO change): before and after. */
      seats?: { from: number; to: number };
      totalCents?: { from: number; to: number };
    })
  | (Common & { type: 'booking.refunded'; bookingId: number; reference: string; amountCents: number; reason?: string })
  | (Common & {
      type: 'booking.corrected';
      bookingId: number;
      reference: string;
      /** Which contact fields changed; never their values (they are personal data). */
      fields: readonly string[];
    })
  | (Common & { type: 'booking.anonymised'; bookingId: number; reference: string })
  | (Common & {
      type: 'booking.linkReissued';
      bookingId: number;
      reference: string;
      /** The last Madrid day (YYYY-MM-DD) the new link works. */
      expiresOn: string;
      /** `email`: sent with the tickets; `shown`: handed to staff to pass on. */
      how: 'email' | 'shown';
    })
  | (Common & {
      type: 'ticket.boarded';
      departureId: number;
      bookingId: number;
      reference: string;
      /** The tickets this scan boarded: one, or several for a booking-level code. */
      tickets: { code: string; category: string }[];
      byUserId: number;
      /** True when the check-in was made on a phone without network and synced later. */
      offline: boolean;
      /** When the server recorded it; `at` is when it happened (for an offline one, the phone's word). */
      receivedAt: Date;
      /** Offline: the time the phone sent, as sent, and why `at` is the server's instead (null: it is not). */
      phoneScannedAt?: string | null;
      scannedAtAdjusted?: string | null;
    })
  /**
   * Every move of a booking's status, whatever caused it (a payment, an expiry, a cancellation, a
   * disruption, an automatic refund…), published by whoever made the move with what
   * `transitionBooking` returned (booking/transitions.ts). The one stream that misses no change;
   * the events above say why, with the details their own subscribers need.
   */
  | (Common & {
      type: 'booking.statusChanged';
      bookingId: number;
      reference: string;
      departureId: number;
      from: BookingStatus;
      to: BookingStatus;
    })
  | (Common & {
      type: 'departure.cancelled';
      departureId: number;
      /** `wind`, `seaState`, `technical`, `other` (staff), `timetable` or `closedDay` (the schedule). */
      reason: string;
      from: DepartureStatus;
    })
  | (Common & {
      type: 'departure.changed';
      departureId: number;
      changes: readonly string[];
      /** Set when the change was a status move (closed for sale, reopened). */
      status?: { from: DepartureStatus; to: DepartureStatus };
      /** Why, when the schedule rather than a person made the change (`timetable`). */
      reason?: string;
    })
  /** A departure nobody ever booked, deleted because its timetable no longer has it. */
  | (Common & { type: 'departure.removed'; departureId: number; reason: string });

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type EventContext = { payload: Payload };
export type EventHandler<T extends DomainEventType> = (
  event: EventOf<T>,
  context: EventContext,
) => Promise<void> | void;

// Keyed by subscriber name: registering again (a second Payload init in one process, a dev
// reload) replaces the handler instead of running it twice.
type AnyHandler = (event: DomainEvent, context: EventContext) => Promise<void> | void;
// One registry per process, on globalThis: Next bundles instrumentation (where Payload starts
// and registers the subscribers) and each route separately, each with its own copy of this
// module. A module-level map would leave the payment route publishing to nobody.
const registryKey = Symbol.for('golondrinas.domainEvents');
const globalRegistry = globalThis as typeof globalThis & {
  [registryKey]?: Map<DomainEventType, Map<string, AnyHandler>>;
};
const handlers = (globalRegistry[registryKey] ??= new Map<DomainEventType, Map<string, AnyHandler>>());

/** Registers `handler` for events of `type` under a name that is unique per type. */
export function subscribe<T extends DomainEventType>(type: T, name: string, handler: EventHandler<T>): () => void {
  let forType = handlers.get(type);
  if (!forType) handlers.set(type, (forType = new Map()));
  const stored = handler as unknown as AnyHandler;
  forType.set(name, stored);
  return () => {
    if (handlers.get(type)?.get(name) === stored) handlers.get(type)?.delete(name);
  };
}

/** The names subscribed to `type`, for start-up checks and tests. */
export function subscribers(type: DomainEventType): string[] {
  return [...(handlers.get(type)?.keys() ?? [])];
}

/** A Payload without the shop's database (unit tests) has no transactions to keep clear of. */
function exclusive(payload: Payload, fn: () => Promise<void>): Promise<void> {
  let db: ReturnType<typeof shopDb> | undefined;
  try {
    db = shopDb(payload);
  } catch {
    return fn();
  }
  return db.exclusive(fn);
}

/**
 * Runs every handler of the event, one after the other, and resolves when all have finished.
 * Call it only once the change is committed; it never throws.
 */
export async function publish(payload: Payload, event: DomainEvent): Promise<void> {
  for (const [name, handler] of handlers.get(event.type) ?? []) {
    try {
      // Handlers write through Payload (mail log, jobs): never while a shop transaction is open.
      await exclusive(payload, async () => handler(event, { payload }));
    } catch (error) {
      // Identifiers only: events carry no personal data, and neither does the log.
      logger.error(
        { event: event.type, subscriber: name, err: error instanceof Error ? error.message : String(error) },
        'event subscriber failed',
      );
    }
  }
}
