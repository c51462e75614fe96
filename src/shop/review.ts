import type { Payload } from 'payload';

import { boardingTime } from '../booking/booking-window';
import { getBooking } from '../booking/holds';
import { type BookingRow } from '../booking/bookings-repository';
import { loadDeparture } from '../booking/departures-repository';
import { tourBookingSettings } from '../booking/tours-repository';
import { quote, type Quote } from '../booking/pricing';
import { utcToMadrid } from '../i18n/time';

export type BookingReview = {
  reference: string;
  status: BookingRow['status'];
  holdExpiresAt: string;
  holdExtended: boolean;
  locale: BookingRow['locale'];
  tour: { slug: string; title: string };
  departure: { date: string; time: string; boardingTime: string; startsAt: string };
  tripType: BookingRow['tripType'];
  quantities: { adult: number; reduced: number; child: number; super3: number; audioGuides: number };
  seats: number;
  /** The price charged (stored when the hold was made), with its lines for the review table. */
  totalCents: number;
  lines: Quote['lines'];
  audioGuides: Quote['audioGuides'];
  customer: BookingRow['customer'];
};

/** What the review step shows. The reference is the visitor's unguessable key to it. */
export async function bookingReview(
  payload: Payload,
  reference: string,
  now = new Date(),
): Promise<BookingReview | null> {
  const booking = await getBooking(payload, reference, now);
  if (!booking) return null;
  const [departure, tourDoc] = await Promise.all([
    loadDeparture(payload, booking.departureId),
    payload.findByID({ collection: 'tours', id: booking.tourId, depth: 0, locale: booking.locale }),
  ]);
  if (!departure) return null;
  const tour = tourBookingSettings(tourDoc);
  const quantities = {
    adult: booking.adult,
    reduced: booking.reduced,
    child: booking.child,
    super3: booking.super3,
    audioGuides: booking.audioGuides,
  };
  const priced = tour.priceList ? quote(tour.priceList, { ...quantities, tripType: booking.tripType }) : null;
  return {
    reference: booking.reference,
    status: booking.status,
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    holdExtended: booking.holdExtended,
    locale: booking.locale,
    tour: { slug: tourDoc.slug, title: tourDoc.title },
    departure: {
      date: departure.localDate,
      time: departure.localTime,
      boardingTime: utcToMadrid(boardingTime(departure.startsAt, tour.boardingMinutesBefore)).time,
      startsAt: departure.startsAt.toISOString(),
    },
    tripType: booking.tripType,
    quantities,
    seats: booking.seats,
    totalCents: booking.totalCents,
    // Lines come from today's price list; the total is always the one stored with the hold.
    lines: priced?.ok ? priced.quote.lines : [],
    audioGuides: priced?.ok ? priced.quote.audioGuides : { quantity: booking.audioGuides, unitCents: 0, totalCents: 0 },
    customer: booking.customer,
  };
}
