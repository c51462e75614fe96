import { subscribe, type DomainEvent } from '@/booking/events';
import { recordAudit } from './record';

/**
 * The audit log (collection `audit-log`, admins read it, nobody edits or deletes it) is written
 * here, from the domain events, for every change to bookings and departures: who (`by`), when,
 * what, and the state before and after. Personal data is never copied into it: a correction
 * records which fields changed, so anonymising a booking really erases it.
 */

type Entry = { subject: string; before: object | null; after: object | null };

function entryFor(event: DomainEvent): Entry | null {
  switch (event.type) {
    case 'booking.cancelled':
      return {
        subject: `booking:${event.reference}`,
        before: null,
        after: { status: 'cancelled', reason: event.reason },
      };
    case 'booking.moved':
      return {
        subject: `booking:${event.reference}`,
        before: {
          departureId: event.fromDepartureId,
          ...(event.seats ? { seats: event.seats.from } : {}),
          ...(event.totalCents ? { totalCents: event.totalCents.from } : {}),
        },
        after: {
          departureId: event.toDepartureId,
          ...(event.seats ? { seats: event.seats.to } : {}),
          ...(event.totalCents ? { totalCents: event.totalCents.to } : {}),
        },
      };
    case 'booking.refunded':
      return {
        subject: `booking:${event.reference}`,
        before: null,
        after: { refundedCents: event.amountCents, reason: event.reason ?? null },
      };
    case 'booking.corrected':
      return {
        subject: `booking:${event.reference}`,
        before: { fields: event.fields },
        after: { fields: event.fields },
      };
    case 'booking.paid':
      // Web payments are the gateway's to prove; a sale staff or a reseller made is theirs to answer for.
      if (event.how !== 'boxOffice' && event.how !== 'reseller') return null;
      return { subject: `booking:${event.reference}`, before: null, after: { status: 'paid', method: event.method } };
    case 'booking.paymentRequested':
      return {
        subject: `booking:${event.reference}`,
        before: null,
        after: { status: 'held', holdExpiresAt: event.holdExpiresAt.toISOString(), method: 'link' },
      };
    case 'booking.movePaymentRequested':
      return {
        subject: `booking:${event.reference}`,
        before: null,
        after: {
          pendingMoveTo: event.toDepartureId,
          differenceCents: event.differenceCents,
          expiresAt: event.expiresAt.toISOString(),
          method: 'link',
        },
      };
    case 'booking.moveWithdrawn':
      return { subject: `booking:${event.reference}`, before: { pendingMove: true }, after: { pendingMove: false } };
    case 'booking.anonymised':
      return { subject: `booking:${event.reference}`, before: null, after: { anonymised: true } };
    case 'booking.linkReissued':
      return {
        subject: `booking:${event.reference}`,
        before: null,
        after: { linkExpiresOn: event.expiresOn, how: event.how },
      };
    case 'departure.cancelled':
      return {
        subject: `departure:${event.departureId}`,
        before: { status: event.from },
        after: { status: 'cancelled', reason: event.reason },
      };
    case 'departure.changed':
      return {
        subject: `departure:${event.departureId}`,
        before: event.status ? { status: event.status.from } : null,
        after: {
          changes: event.changes,
          ...(event.status ? { status: event.status.to } : {}),
          ...(event.reason ? { reason: event.reason } : {}),
        },
      };
    case 'departure.removed':
      return {
        subject: `departure:${event.departureId}`,
        before: null,
        after: { removed: true, reason: event.reason },
      };
    default:
      return null;
  }
}

const AUDITED = [
  'booking.paid',
  'booking.paymentRequested',
  'booking.movePaymentRequested',
  'booking.moveWithdrawn',
  'booking.cancelled',
  'booking.moved',
  'booking.refunded',
  'booking.corrected',
  'booking.anonymised',
  'booking.linkReissued',
  'departure.cancelled',
  'departure.changed',
  'departure.removed',
  // Not `booking.statusChanged`: every move a person makes already has its entry above, with
  // its reason (paid, cancelled, moved…); the rest are the system's bookkeeping (an expired hold,
  // a payment flagged for refund and closed once refunded), which the booking's own row shows.
] as const;

export function registerAuditSubscribers(): void {
  for (const type of AUDITED) {
    subscribe(type, 'audit.log', async (event, { payload }) => {
      const entry = entryFor(event);
      if (!entry) return;
      const { subject, before, after } = entry;
      await recordAudit(payload, {
        actor: event.by ?? 'system',
        action: event.type,
        subject,
        before,
        after,
        at: event.at,
      });
    });
  }
}
