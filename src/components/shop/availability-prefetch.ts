import type { TourAvailability } from '@/schedule/availability';

/**
 * The booking form's first month of seats, asked for as soon as the visitor shows the intent to
 * book (a finger or pointer on "Book", keyboard focus) instead of after the form's code has
 * arrived: the two downloads overlap, and on a phone's 4G the form opens a round trip sooner.
 * Seats change by the minute, so a prefetched answer is used once, and only while fresh.
 */

const FRESH_MS = 20_000;

/** The calendar's month key (UTC), the form's first month. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function availabilityUrl(slug: string, month: string, locale: string): string {
  return `/api/shop/tours/${encodeURIComponent(slug)}/availability?month=${month}&locale=${locale}`;
}

export function fetchAvailability(slug: string, month: string, locale: string): Promise<TourAvailability | null> {
  return fetch(availabilityUrl(slug, month, locale), { cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<TourAvailability>) : null))
    .catch(() => null);
}

const prefetched = new Map<string, { at: number; answer: Promise<TourAvailability | null> }>();

export function prefetchAvailability(slug: string, locale: string, month = monthOf(new Date())): void {
  const key = availabilityUrl(slug, month, locale);
  const known = prefetched.get(key);
  if (known && Date.now() - known.at < FRESH_MS) return;
  prefetched.set(key, { at: Date.now(), answer: fetchAvailability(slug, month, locale) });
}

/** The prefetched answer for this month, once; null when there is none or it is stale. */
export function takePrefetchedAvailability(
  slug: string,
  month: string,
  locale: string,
): Promise<TourAvailability | null> | null {
  const key = availabilityUrl(slug, month, locale);
  const known = prefetched.get(key);
  prefetched.delete(key);
  return known && Date.now() - known.at < FRESH_MS ? known.answer : null;
}
