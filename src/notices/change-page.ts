import 'server-only';

import type { Payload } from 'payload';

import { alternativesFor, type Alternative } from '@/operations/disruption';
import { type BookingRow, findBookingRecord } from '@/booking/bookings-repository';
import { shopDb } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';
import { paymentEventsOf } from '@/booking/payments-repository';
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
  const booking = await findBookingRecord(db, { reference });
  if (!booking || booking.disruptedFrom === null) return null;
  const [cancelled, current, events] = await Promise.all([
    findDeparture(db, booking.disruptedFrom),
    findDeparture(db, booking.departureId),
    paymentEventsOf(db, booking.id),
  ]);
  if (!cancelled || !current) return null;
  // The refund a disrupted visitor chose is keyed by the booking (operations/disruption.ts).
  const refund = events.find((event) => event.idempotencyKey === `disruption:${booking.id}`);
  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 0 });
  return {
    booking,
    tourTitle: tour.title,
    cancelledStartsAt: cancelled.startsAt,
    reason: cancelled.cancelReason || 'other',
    amountCents: booking.paidCents || booking.totalCents,
    current: booking.status === 'paid' ? { startsAt: current.startsAt } : null,
    refundStatus: refund ? refund.status : null,
    alternatives: booking.status === 'disrupted' ? await alternativesFor(payload, booking) : [],
  };
}
