import type { Payload } from 'payload';

import { boardingTime } from '@/booking/booking-window';
import { findBookingRecord } from '@/booking/bookings-repository';
import { shopDb } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';
import type { TicketCategory, TripType } from '@/booking/pricing';
import type { BookingStatus } from '@/booking/statuses';
import { isLocale, type Locale } from '@/i18n/locales';
import { admissionsOnTickets, bookingAdmissions, type VisitorAdmission } from '@/partners/admissions-repository';

/**
 * What a wallet pass shows of a booking, whatever its status: a phone that holds the pass of a
 * booking since cancelled must get that pass back, voided. Only a paid booking's pass is live.
 */
export type WalletBooking = {
  id: number;
  reference: string;
  status: BookingStatus;
  /**
   * False once the booking is cancelled or refunded: the pass is voided. A disrupted booking (its
   * departure cancelled by the weather) keeps a live pass: it is moved or refunded next, and a
   * voided pass cannot come back to life on the phone.
   */
  live: boolean;
  locale: Locale;
  customerName: string;
  tourId: number;
  tourTitle: string;
  tourSlug: string;
  startsAt: Date;
  durationMinutes: number;
  boardingAt: Date;
  boardingPoint: { name: string; address: string; latitude: number | null; longitude: number | null };
  tripType: TripType;
  passengers: { category: TicketCategory; count: number }[];
  seats: number;
  /**
   * A combined tour's admissions on the valid tickets (decision 175). A pass has one barcode (the
   * boat's): their codes are written on the back, grouped by partner.
   */
  admissions: VisitorAdmission[];
};

export async function loadWalletBooking(
  payload: Payload,
  where: { id: number } | { reference: string },
): Promise<WalletBooking | null> {
  const db = shopDb(payload);
  const booking = await findBookingRecord(db, where);
  // A booking that was never paid never had a pass.
  if (!booking || !booking.paidAt) return null;
  const departure = await findDeparture(db, booking.departureId);
  if (!departure) return null;
  const locale = isLocale(booking.locale) ? booking.locale : 'ca';
  const tour = await payload.findByID({ collection: 'tours', id: booking.tourId, locale, depth: 1 });
  const point =
    tour.boardingPoint && typeof tour.boardingPoint === 'object'
      ? tour.boardingPoint
      : (await payload.find({ collection: 'boarding-points', locale, limit: 1, depth: 0 })).docs[0];
  const counts: [TicketCategory, number][] = [
    ['adult', booking.adult],
    ['reduced', booking.reduced],
    ['child', booking.child],
    ['super3', booking.super3],
  ];
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    live: booking.status === 'paid' || booking.status === 'disrupted',
    locale,
    customerName: `${booking.customer.name} ${booking.customer.surnames}`.trim(),
    tourId: booking.tourId,
    tourTitle: tour.title,
    tourSlug: tour.slug ?? String(tour.id),
    startsAt: departure.startsAt,
    durationMinutes: departure.durationMinutes,
    boardingAt: boardingTime(departure.startsAt, tour.booking?.boardingMinutesBefore ?? undefined),
    boardingPoint: {
      name: point?.name ?? '',
      address: point?.address ?? '',
      latitude: typeof point?.latitude === 'number' ? point.latitude : null,
      longitude: typeof point?.longitude === 'number' ? point.longitude : null,
    },
    tripType: booking.tripType,
    passengers: counts.filter(([, count]) => count > 0).map(([category, count]) => ({ category, count })),
    seats: booking.seats,
    admissions: admissionsOnTickets(await bookingAdmissions(db, booking.id, locale)),
  };
}
