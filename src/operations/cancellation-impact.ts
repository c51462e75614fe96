import type { Payload } from 'payload';

import { bookingsOnDepartures } from '../booking/bookings-repository';
import { shopDb } from '../booking/db';
import { findDeparture } from '../booking/departures-repository';
import { isLocale, locales, type Locale } from '../i18n/locales';

/**
 * What cancelling departures would do, counted before anyone confirms (a weather cancellation, an
 * extra sailing dropped, or the departures a timetable change or a closed day left with
 * passengers: docs/decisions/170-schedule-changes-are-disruptions.md). Counted with the same
 * rules as cancelDeparture acts on: paid visitor bookings are told and choose; reseller bookings
 * are cancelled and their reseller told by webhook; holds still running end.
 */
export type CancellationImpact = {
  departures: number;
  /** Paid bookings whose visitor gets the e-mail and SMS to rebook or take a refund. */
  bookings: number;
  /** The people on them (seats). */
  people: number;
  /** Those bookings by the language they booked in, which the notices are written in. */
  byLanguage: Record<Locale, number>;
  /** Reseller bookings: cancelled and refunded on account, the reseller told by its webhook. */
  resellerBookings: number;
  resellerPeople: number;
  /** Payments under way that end with the cancellation. */
  holds: number;
};

export async function cancellationImpact(
  payload: Payload,
  departureIds: readonly number[],
  now = new Date(),
): Promise<CancellationImpact> {
  const impact: CancellationImpact = {
    departures: new Set(departureIds).size,
    bookings: 0,
    people: 0,
    byLanguage: Object.fromEntries(locales.map((locale) => [locale, 0])) as Record<Locale, number>,
    resellerBookings: 0,
    resellerPeople: 0,
    holds: 0,
  };
  for (const group of await bookingsOnDepartures(shopDb(payload), [...new Set(departureIds)], now)) {
    if (group.status === 'held') impact.holds += group.bookings;
    else if (group.resold) {
      impact.resellerBookings += group.bookings;
      impact.resellerPeople += group.seats;
    } else {
      impact.bookings += group.bookings;
      impact.people += group.seats;
      // A booking in a language the site no longer offers is told in Catalan (notices fall back so).
      impact.byLanguage[isLocale(group.locale) ? group.locale : 'ca'] += group.bookings;
    }
  }
  return impact;
}

/**
 * Who cancelling one departure would reach, for the dialog shown before the office confirms:
 * `notFound` / `alreadyCancelled` when there is nothing left to cancel.
 */
export async function departureCancellationImpact(
  payload: Payload,
  departureId: number,
): Promise<CancellationImpact | 'notFound' | 'alreadyCancelled'> {
  const departure = await findDeparture(shopDb(payload), departureId);
  if (!departure) return 'notFound';
  if (departure.status === 'cancelled') return 'alreadyCancelled';
  return cancellationImpact(payload, [departureId]);
}
