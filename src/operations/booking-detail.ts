import type { Payload } from 'payload';

import { date, num, optNum, shopDb, str } from '../booking/db';
import { pendingMoveOf } from '../booking/move-payment';
import { paymentEventsOf, type PaymentEvent } from '../booking/payment-events';

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
  const { rows } = await db.query(
    `SELECT b.*, d.id AS dep_id, d.tour_id AS dep_tour_id, d.boat_id AS dep_boat_id, d.starts_at AS dep_starts_at,
            d.local_date AS dep_local_date, d.local_time AS dep_local_time, d.status AS dep_status
     FROM bookings b JOIN departures d ON d.id = b.departure_id WHERE b.reference = ?`,
    [reference],
  );
  const row = rows[0];
  if (!row) return null;
  const id = num(row.id);
  const [tickets, payments, emails, events, pendingMove] = await Promise.all([
    db.query(
      'SELECT code, category, checked_in_at, voided_at FROM tickets WHERE booking_id = ? ORDER BY voided_at IS NOT NULL, id',
      [id],
    ),
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
  const target = pendingMove
    ? (await db.query('SELECT local_date, local_time FROM departures WHERE id = ?', [pendingMove.toDepartureId]))
        .rows[0]
    : undefined;
  return {
    id,
    reference: str(row.reference),
    status: str(row.status),
    tripType: str(row.trip_type),
    adults: num(row.adults),
    reduced: num(row.reduced),
    children: num(row.children),
    super3: num(row.super3),
    audioGuides: num(row.audio_guides),
    seats: num(row.seats),
    totalCents: num(row.total_cents),
    locale: str(row.locale),
    createdAt: date(row.created_at).toISOString(),
    paidAt: isoOrNull(row.paid_at),
    customer: {
      name: str(row.customer_name),
      surnames: str(row.customer_surnames),
      email: str(row.customer_email),
      phone: str(row.customer_phone),
      mobilePhone: str(row.customer_mobile_phone),
      comments: str(row.customer_comments),
    },
    departure: {
      id: num(row.dep_id),
      tourId: num(row.dep_tour_id),
      boatId: num(row.dep_boat_id),
      startsAt: date(row.dep_starts_at).toISOString(),
      date: str(row.dep_local_date),
      time: str(row.dep_local_time),
      status: str(row.dep_status),
    },
    tickets: tickets.rows.map((t) => ({
      code: str(t.code),
      category: str(t.category),
      checkedInAt: isoOrNull(t.checked_in_at),
      voidedAt: isoOrNull(t.voided_at),
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
      paidCents: num(row.paid_cents),
      refundedCents: num(row.refunded_cents),
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
            toDate: str(target.local_date),
            toTime: str(target.local_time),
            differenceCents: pendingMove.differenceCents,
            totalCents: pendingMove.totalCents,
            expiresAt: pendingMove.expiresAt.toISOString(),
          }
        : null,
  };
}
