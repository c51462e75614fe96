import type { Payload } from 'payload';

import { date, num, shopDb, str, type Param } from '../booking/db';
import { isLocalDate } from '../booking/time';

/**
 * The office's booking search: reference, name, surnames, e-mail or phone, any part of them,
 * optionally narrowed to a departure date and a tour.
 *
 * Every term must appear somewhere in one search text per booking (`SEARCH_TEXT` below).
 * PostgreSQL answers `LIKE '%term%'` on that exact expression from a trigram GIN index; SQLite
 * from an FTS5 trigram table kept in step by triggers (migrations `ops_booking_search`).
 * Both stay far under 200 ms on 100,000 bookings (`npm run bench:search`). Phones are compared without spaces, so "600 12" and "60012" both
 * find "+34 600 123 456"; see docs/decisions/082-booking-search.md.
 */
export const SEARCH_TEXT = `lower(b.reference || ' ' || b.customer_name || ' ' || b.customer_surnames || ' ' || b.customer_email || ' ' || replace(b.customer_phone, ' ', '') || ' ' || replace(b.customer_mobile_phone, ' ', ''))`;

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

/** Lower-cased terms; characters that mean something to LIKE are matched literally. */
export function searchTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .map((term) => term.trim())
    .filter((term) => term.length > 0)
    .slice(0, 6);
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchBookings(payload: Payload, query: BookingSearchQuery): Promise<BookingHit[]> {
  const where: string[] = [];
  const params: Param[] = [];
  if (query.date && isLocalDate(query.date)) {
    where.push('d.local_date = ?');
    params.push(query.date);
  }
  const tourId = Number(query.tour);
  if (query.tour !== null && query.tour !== undefined && query.tour !== '' && Number.isSafeInteger(tourId)) {
    where.push('b.tour_id = ?');
    params.push(tourId);
  }
  const db = shopDb(payload);
  const narrowedByDate = where.some((w) => w.startsWith('d.local_date'));
  const terms = searchTerms(query.q ?? '');
  if (db.kind === 'postgres' || narrowedByDate) {
    // With a date the departures index leaves a few hundred bookings: matching them directly
    // beats materialising every booking that contains a common term.
    for (const term of terms) {
      where.push(`${SEARCH_TEXT} LIKE ? ESCAPE '\\'`);
      params.push(likePattern(term));
    }
  } else if (terms.length > 0) {
    // The FTS5 trigram index serves LIKE but not LIKE … ESCAPE; an unescaped "_" only widens
    // the match a little, and "%" never occurs in what we search. Without other filters the
    // newest matches are read straight from the index in rowid order and it stops at the limit,
    // so a common surname costs no more than a rare one.
    const likes = terms.map(() => 'search_text LIKE ?').join(' AND ');
    const limit = where.length === 0 ? ` ORDER BY rowid DESC LIMIT ${SEARCH_LIMIT}` : '';
    where.push(`b.id IN (SELECT rowid FROM bookings_search WHERE ${likes}${limit})`);
    for (const term of terms) params.push(`%${term.replace(/%/g, '')}%`);
  }
  // Abandoned checkouts are noise to the office unless it asks for one by reference or name.
  if (where.length === 0) where.push("b.status <> 'expired'");
  const { rows } = await db.query(
    `SELECT b.id, b.reference, b.status, b.customer_name, b.customer_surnames, b.customer_email, b.customer_mobile_phone,
            b.seats, b.total_cents, b.tour_id, b.departure_id, b.created_at, d.local_date, d.local_time
     FROM bookings b JOIN departures d ON d.id = b.departure_id
     WHERE ${where.join(' AND ')}
     ORDER BY b.id DESC LIMIT ${SEARCH_LIMIT}`,
    params,
  );
  return rows.map((row) => ({
    id: num(row.id),
    reference: str(row.reference),
    status: str(row.status),
    name: str(row.customer_name),
    surnames: str(row.customer_surnames),
    email: str(row.customer_email),
    phone: str(row.customer_mobile_phone),
    seats: num(row.seats),
    totalCents: num(row.total_cents),
    tourId: num(row.tour_id),
    departureId: num(row.departure_id),
    date: str(row.local_date),
    time: str(row.local_time),
    createdAt: date(row.created_at).toISOString(),
  }));
}
