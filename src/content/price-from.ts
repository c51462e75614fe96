import { tourBookingSettings, type TourBookingSettings } from '../booking/tours-repository';
import { quote, tripTypes } from '../booking/pricing';

/**
 * The "from" price shown on cards, tour pages and to search engines: what checkout charges for
 * the cheapest ticket a visitor can buy alone, one adult (a child needs an adult with them), on
 * the cheapest trip type the tour sells. Computed by checkout's own `quote` from the tour's price
 * list, so the page and the shop cannot disagree. Null when the tour is not sold online.
 */
export function priceFromCents(settings: Pick<TourBookingSettings, 'mode' | 'priceList'>): number | null {
  if (settings.mode !== 'online' || !settings.priceList) return null;
  const totals = tripTypes
    .map((tripType) =>
      quote(settings.priceList!, { tripType, adult: 1, reduced: 0, child: 0, super3: 0, audioGuides: 0 }),
    )
    .flatMap((result) => (result.ok ? [result.quote.totalCents] : []));
  return totals.length > 0 ? Math.min(...totals) : null;
}

/** The same for a tour document as Payload returns it. */
export function tourPriceFromCents(tour: Parameters<typeof tourBookingSettings>[0]): number | null {
  return priceFromCents(tourBookingSettings(tour));
}
