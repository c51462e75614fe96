import type { Payload } from 'payload';

import { searchBookingRows } from '../booking/bookings-repository';
import { shopDb } from '../booking/db';
import { foldForSearch } from './search-fold';
import { isLocalDate } from '@/i18n/time';

/**
 * The office's booking search: reference, name, surnames, e-mail or phone, any part of them,
 * optionally narrowed to a departure date and a tour.
 *
 * Every term, in any order, must appear somewhere in one search text per booking
 * (`bookings.search_text`, a generated column), accents and case folded on both sides
 * (operations/search-fold.ts), so "lopez garcia" finds "García López".
 * PostgreSQL answers `LIKE '%term%'` on that column from a trigram GIN index; SQLite
 * from an FTS5 trigram table kept in step by triggers (migrations `ops_booking_search`,
 * `search_fold`).
 * Both stay far under 200 ms on 100,000 bookings (`npm run bench:search`). Phones are compared without spaces, so "600 12" and "60012" both
 * find "+34 600 123 456"; see docs/decisions/082-booking-search.md.
 */

export const SEARCH_LIMIT = 50;

export type BookingSearchQuery = { q?: string | null; date?: string | null; tour?: number | string | null };

export type BookingHit = {
  id: number;
  reference: string;
  status: string;
  name: string;
  surnames: string;
  email: string;
  phone: string;
  seats: number;
  totalCents: number;
  tourId: number;
  departureId: number;
  date: string;
  time: string;
  createdAt: string;
};

/** Folded terms (see operations/search-fold.ts); characters that mean something to LIKE are matched literally. */
export function searchTerms(q: string): string[] {
  return foldForSearch(q)
    .split(/\s+/)
    .map((term) => term.trim())
    .filter((term) => term.length > 0)
    .slice(0, 6);
}

export async function searchBookings(payload: Payload, query: BookingSearchQuery): Promise<BookingHit[]> {
  const tourId = Number(query.tour);
  const hits = await searchBookingRows(shopDb(payload), {
    localDate: query.date && isLocalDate(query.date) ? query.date : undefined,
    tourId:
      query.tour !== null && query.tour !== undefined && query.tour !== '' && Number.isSafeInteger(tourId)
        ? tourId
        : undefined,
    terms: searchTerms(query.q ?? ''),
    limit: SEARCH_LIMIT,
  });
  return hits.map((hit) => ({
    id: hit.id,
    reference: hit.reference,
    status: hit.status,
    name: hit.name,
    surnames: hit.surnames,
    email: hit.email,
    phone: hit.mobilePhone,
    seats: hit.seats,
    totalCents: hit.totalCents,
    tourId: hit.tourId,
    departureId: hit.departureId,
    date: hit.localDate,
    time: hit.localTime,
    createdAt: hit.createdAt.toISOString(),
  }));
}
