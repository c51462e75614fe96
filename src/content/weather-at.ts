import { skyFromSymbol, type Sky } from './weather-summary';

/**
 * The forecast for one departure: the MET Norway time step nearest to its start. Wind is given
 * in km/h, the unit the crew and the harbour's notices use. Gusts come only with the
 * "complete" Locationforecast product; without them the warning falls back to the mean wind.
 */
export type DepartureWeather = {
  at: string;
  tempC: number | null;
  windKmh: number;
  gustKmh: number | null;
  sky: Sky;
};

export type WindThresholds = { gustKmh: number; windKmh: number };

type Entry = {
  time: string;
  data?: {
    instant?: { details?: { air_temperature?: number; wind_speed?: number; wind_speed_of_gust?: number } };
    next_1_hours?: { summary?: { symbol_code?: string } };
    next_6_hours?: { summary?: { symbol_code?: string } };
  };
};

/** Forecast steps further than this from the departure say nothing about it. */
const MAX_DISTANCE_MS = 3 * 3600_000;

const kmh = (ms: number) => Math.round(ms * 3.6);

export function weatherAt(body: unknown, instant: Date): DepartureWeather | undefined {
  const series = (body as { properties?: { timeseries?: Entry[] } })?.properties?.timeseries;
  if (!Array.isArray(series)) return undefined;
  let best: Entry | undefined;
  let bestDistance = Infinity;
  for (const entry of series) {
    const distance = Math.abs(new Date(entry.time).getTime() - instant.getTime());
    if (Number.isFinite(distance) && distance < bestDistance) {
      best = entry;
      bestDistance = distance;
    }
  }
  if (!best || bestDistance > MAX_DISTANCE_MS) return undefined;
  const details = best.data?.instant?.details ?? {};
  if (typeof details.wind_speed !== 'number') return undefined;
  const symbol =
    best.data?.next_1_hours?.summary?.symbol_code ?? best.data?.next_6_hours?.summary?.symbol_code ?? 'clearsky';
  return {
    at: new Date(best.time).toISOString(),
    tempC: typeof details.air_temperature === 'number' ? Math.round(details.air_temperature) : null,
    windKmh: kmh(details.wind_speed),
    gustKmh: typeof details.wind_speed_of_gust === 'number' ? kmh(details.wind_speed_of_gust) : null,
    sky: skyFromSymbol(symbol),
  };
}

/** Whether the forecast for a departure reaches the staff's threshold: the moment to decide. */
export function windWarning(weather: DepartureWeather | undefined, thresholds: WindThresholds): boolean {
  if (!weather) return false;
  if (weather.gustKmh !== null && weather.gustKmh >= thresholds.gustKmh) return true;
  return weather.windKmh >= thresholds.windKmh;
}
