import { useMemo } from 'react';

import {
  AUDIO_GUIDE_CENTS,
  peopleCount,
  quantityFields,
  quote,
  type PriceList,
  type QuantityField,
  type TripType,
} from '@/booking/pricing';
import type { DepartureAvailability } from '@/schedule/availability';

import type { Values } from './types';

/**
 * The tickets as numbers and their price, previewed live from the same price list and `quote`
 * checkout uses. Whether the numbers are allowed is the booking schema's say, not this hook's.
 */
export function useQuantities(values: Values, priceList: PriceList | null, departure: DepartureAvailability | null) {
  const numbers = useMemo(
    () =>
      Object.fromEntries(quantityFields.map((name) => [name, Number(values[name]) || 0])) as Record<
        QuantityField,
        number
      >,
    [values],
  );
  const tripType: TripType = values.tripType === 'oneWay' ? 'oneWay' : 'roundTrip';
  const people = peopleCount(numbers);
  const previewQuote = useMemo(() => {
    if (!priceList) return null;
    const result = quote(priceList, { ...numbers, tripType });
    return result.ok ? result.quote : null;
  }, [priceList, numbers, tripType]);
  // The unit price of each category on the chosen trip type.
  const fares = priceList ? (tripType === 'oneWay' && priceList.oneWay ? priceList.oneWay : priceList.roundTrip) : null;

  return {
    people,
    previewQuote,
    /** The total in cents, or null while no valid selection can be priced. */
    preview: previewQuote?.totalCents ?? null,
    unitOf(name: QuantityField): number | null {
      if (!priceList || !fares) return null;
      if (name === 'super3') return 0;
      if (name === 'audioGuides') return priceList.audioGuideCents ?? AUDIO_GUIDE_CENTS;
      return fares[name];
    },
    /** More people than the chosen departure has seats left. */
    tooMany: departure !== null && people > departure.seatsLeft,
  };
}

export type Quantities = ReturnType<typeof useQuantities>;
