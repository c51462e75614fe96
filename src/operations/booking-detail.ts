import type { Payload } from 'payload';

import { findBookingRecord } from '../booking/bookings-repository';
import { date, optNum, shopDb, str } from '../booking/db';
import { findDeparture } from '../booking/departures-repository';
import { pendingMoveOf } from './pending-moves';
import { paymentEventsOf, type PaymentEvent } from '../booking/payments-repository';
import { ticketsOfBooking } from '../booking/tickets-repository';

/**
 * Everything the office needs on one booking's page: who, which departure, the tickets and
 * whether each person has boarded, every payment attempt and notification, and every e-mail
 * sent about it (the e-mail log files ticket e-mails under `bookings:{id}`).
 */
export type BookingDetail = {
  id: number;
  reference: string;
  status: string;
  tripType: string;
  adults: number;
  reduced: number;
  children: number;
  super3: number;
  audioGuides: number;
  seats: number;
  totalCents: number;
  locale: string;
  createdAt: string;
  paidAt: string | null;
  customer: { name: string; surnames: string; email: string; phone: string; mobilePhone: string; comments: string };
  departure: {
    id: number;
    tourId: number;
    boatId: number;
    startsAt: string;
    date: string;
    time: string;
    status: string;
  };
  /** Valid tickets first; a move or a cancellation voids the old ones, which stay listed. */
  tickets: { code: string; category: string; checkedInAt: string | null; voidedAt: string | null }[];
  payments: {
    at: string;
    kind: string;
    orderRef: string;
    amountCents: number | null;
    responseCode: string;
    outcome: string;
  }[];
  emails: { at: string; to: string; subject: string; status: string; sentAt: string | null; error: string }[];
  /** Money in and out (payment events): what the booking's paid and refunded amounts add up from. */
  money: {
    paidCents: number;
    refundedCents: number;
    events: (Pick<
      PaymentEvent,
      'kind' | 'status' | 'amountCents' | 'method' | 'requestedBy' | 'reason' | 'gatewayCode'
    > & {
      at: string;
    })[];
  };
  /** A move offered by payment link that the customer has not paid yet. */
  pendingMove: {
    toDepartureId: number;
    toTourId: number;
    toDate: string;
    toTime: string;
    differenceCents: number;
    totalCents: number;
    expiresAt: string;
  } | null;
};

const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : date(value).toISOString());

export async function bookingDetail(payload: Payload, reference: string): Promise<BookingDetail | null> {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, { reference });
  if (!booking) return null;
  const departure = await findDeparture(db, booking.departureId);
  if (!departure) return null;
  const id = booking.id;
  const [tickets, payments, emails, events, pendingMove] = await Promise.all([
    ticketsOfBooking(db, id),
    db.query(
      `SELECT created_at, kind, order_ref, amount_cents, response_code, outcome
       FROM payment_notifications WHERE booking_id = ? ORDER BY created_at, id`,
      [id],
    ),
    db.query(
      `SELECT created_at, "to", subject, status, sent_at, error FROM email_log WHERE ref = ? ORDER BY created_at, id`,
      [`bookings:${id}`],
    ),
    paymentEventsOf(db, id),
    pendingMoveOf(payload, id),
  ]);
  const target = pendingMove ? await findDeparture(db, pendingMove.toDepartureId) : null;
  return {
    id,
    reference: booking.reference,
    status: booking.status,
    tripType: booking.tripType,
    adults: booking.adult,
    reduced: booking.reduced,
    children: booking.child,
    super3: booking.super3,
    audioGuides: booking.audioGuides,
    seats: booking.seats,
    totalCents: booking.totalCents,
    locale: booking.locale,
    createdAt: booking.createdAt.toISOString(),
    paidAt: booking.paidAt ? booking.paidAt.toISOString() : null,
    customer: { ...booking.customer, comments: booking.customer.comments ?? '' },
    departure: {
      id: departure.id,
      tourId: departure.tourId,
      boatId: departure.boatId,
      startsAt: departure.startsAt.toISOString(),
      date: departure.localDate,
      time: departure.localTime,
      status: departure.status,
    },
    tickets: tickets.map((t) => ({
      code: t.code,
      category: t.category,
      checkedInAt: t.checkedInAt ? t.checkedInAt.toISOString() : null,
      voidedAt: t.voidedAt ? t.voidedAt.toISOString() : null,
    })),
    payments: payments.rows.map((p) => ({
      at: date(p.created_at).toISOString(),
      kind: str(p.kind),
      orderRef: str(p.order_ref),
      amountCents: optNum(p.amount_cents),
      responseCode: str(p.response_code),
      outcome: str(p.outcome),
    })),
    emails: emails.rows.map((e) => ({
      at: date(e.created_at).toISOString(),
      to: str(e.to),
      subject: str(e.subject),
      status: str(e.status),
      sentAt: isoOrNull(e.sent_at),
      error: str(e.error),
    })),
    money: {
      paidCents: booking.paidCents,
      refundedCents: booking.refundedCents,
      events: events.map((e) => ({
        at: e.createdAt.toISOString(),
        kind: e.kind,
        status: e.status,
        amountCents: e.amountCents,
        method: e.method,
        requestedBy: e.requestedBy,
        reason: e.reason,
        gatewayCode: e.gatewayCode,
      })),
    },
    pendingMove:
      pendingMove && target
        ? {
            toDepartureId: pendingMove.toDepartureId,
            toTourId: pendingMove.toTourId,
            toDate: target.localDate,
            toTime: target.localTime,
            differenceCents: pendingMove.differenceCents,
            totalCents: pendingMove.totalCents,
            expiresAt: pendingMove.expiresAt.toISOString(),
          }
        : null,
  };
}
