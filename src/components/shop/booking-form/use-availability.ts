import { useCallback, useEffect, useRef, useState } from 'react';

import type { DepartureAvailability, TourAvailability } from '@/schedule/availability';
import type { Locale } from '@/i18n/locales';

import { fetchAvailability, monthOf, takePrefetchedAvailability } from '../availability-prefetch';

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(y, m - 1 + by, 1)));
}

/** The month on show with its seats, and the date and departure the visitor picked from it. */
export function useAvailability(slug: string, locale: Locale) {
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [calendar, setCalendar] = useState<TourAvailability | null>(null);
  const [loading, setLoading] = useState(true);
  const [date, setDate] = useState<string | null>(null);
  const [departure, setDeparture] = useState<DepartureAvailability | null>(null);

  // State is only set in the promise callbacks, once the answer is in. A visitor paging through
  // months fires several requests; only the newest may fill the calendar, whatever order the
  // answers arrive in.
  const latestRequest = useRef(0);
  const load = useCallback(() => {
    const request = ++latestRequest.current;
    // The launcher may have asked already, while this code was on its way (availability-prefetch.ts).
    return (takePrefetchedAvailability(slug, month, locale) ?? fetchAvailability(slug, month, locale)).then((data) => {
      if (request !== latestRequest.current) return;
      setCalendar(data);
      setLoading(false);
    });
  }, [slug, month, locale]);

  useEffect(() => {
    void load();
  }, [load]);

  return {
    month,
    calendar,
    loading,
    date,
    departure,
    day: calendar?.days.find((d) => d.date === date),
    priceList: calendar?.tour.priceList ?? null,
    /** Asks for the month on show again (seats taken or given back meanwhile). */
    load,
    showMonth(by: number) {
      setLoading(true);
      setMonth(shiftMonth(month, by));
    },
    pickDate(iso: string) {
      setDate(iso);
      // Another day's departures: the one picked before is not among them.
      setDeparture(null);
    },
    pickDeparture: setDeparture,
  };
}

export type Availability = ReturnType<typeof useAvailability>;
