import 'server-only';

import type { Payload } from 'payload';

import { alternativesFor, type Alternative } from '@/operations/disruption';
import { date, num, shopDb, str } from '@/booking/db';
import { findBooking, type BookingRow } from '@/booking/repository';
import type { Locale } from '@/i18n/locales';

export type ChangePageData = {
  booking: BookingRow;
  tourTitle: string;
  cancelledStartsAt: Date;
  reason: string;
  amountCents: number;
  current: { startsAt: Date } | null;
  refundStatus: string | null;
  alternatives: Alternative[];
};

/** What the disrupted visitor's page shows: the cancelled departure, the choices, or the outcome. */
export async function loadChangePage(
  payload: Payload,
  reference: string,
  locale: Locale,
): Promise<ChangePageData | null> {
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference });
  if (!booking) return null;
  const { rows } = await db.query(
    `SELECT b.disrupted_from, b.paid_cents, b.refunded_cents, d.starts_at, d.cancel_reason, cur.starts_at AS current_starts_at,
       (SELECT e.status FROM payment_events e WHERE e.idempotency_key = 'disruption:' || b.id) AS refund_status
     FROM bookings b JOIN departures d ON d.id = b.disrupted_from JOIN departures cur ON cur.id = b.departure_id
     WHERE b.id = ?`,
    [booking.id],
  );
  const row = rows[0];
  if (!row) return null;
  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 0 });
  return {
    booking,
    tourTitle: tour.title,
    cancelledStartsAt: date(row.starts_at),
    reason: str(row.cancel_reason) || 'other',
    amountCents: num(row.paid_cents) || booking.totalCents,
    current: booking.status === 'paid' ? { startsAt: date(row.current_starts_at) } : null,
    refundStatus: row.refund_status ? str(row.refund_status) : null,
    alternatives: booking.status === 'disrupted' ? await alternativesFor(payload, booking) : [],
  };
}
