import 'server-only';

import type { Payload } from 'payload';

import type { BoardDeparture } from '@/operations/today-board';
import { fetchForecast } from '@/content/weather';
import { weatherAt, windWarning, type DepartureWeather, type WindThresholds } from '@/content/weather-at';
import { DEFAULT_GUST_WARNING_KMH, DEFAULT_WIND_WARNING_KMH } from '@/globals/OpsSettings';

/**
 * The board polls every few seconds; the forecast changes hourly. Each point's forecast is kept
 * here for 10 minutes (1 minute after a failure), so polling never waits on MET Norway.
 */
const memo = new Map<string, { at: number; ttl: number; body: unknown }>();

/** Where the board's forecast comes from: a MET Norway Locationforecast body for a point, or undefined. */
export type ForecastSource = (latitude: number, longitude: number) => Promise<unknown>;

let source: ForecastSource = fetchForecast;

/**
 * Replaces the forecast source (and forgets what was kept), so a test can give the board a windy
 * afternoon on demand and see the warning end to end; returns the function that puts MET Norway
 * back. Deployments point `WEATHER_API_URL` elsewhere instead (the e2e suite's stub does).
 */
export function replaceForecastSource(next: ForecastSource): () => void {
  source = next;
  memo.clear();
  return () => {
    source = fetchForecast;
    memo.clear();
  };
}

async function forecastFor(latitude: number, longitude: number, now: number): Promise<unknown> {
  const key = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
  const hit = memo.get(key);
  if (hit && now - hit.at < hit.ttl) return hit.body;
  const body = await source(latitude, longitude);
  memo.set(key, { at: now, ttl: body === undefined ? 60_000 : 600_000, body });
  return body;
}

export async function windThresholds(payload: Payload): Promise<WindThresholds> {
  const settings = await payload.findGlobal({ slug: 'ops-settings', depth: 0 }).catch(() => null);
  return {
    gustKmh: settings?.gustWarningKmh ?? DEFAULT_GUST_WARNING_KMH,
    windKmh: settings?.windWarningKmh ?? DEFAULT_WIND_WARNING_KMH,
  };
}

export type BoardDepartureWithWeather = BoardDeparture & {
  weather: DepartureWeather | null;
  windWarning: boolean;
};

export async function withWeather(
  departures: BoardDeparture[],
  thresholds: WindThresholds,
  now = Date.now(),
): Promise<BoardDepartureWithWeather[]> {
  const points = new Map<string, { latitude: number; longitude: number }>();
  for (const d of departures)
    if (d.boardingPoint) points.set(`${d.boardingPoint.latitude},${d.boardingPoint.longitude}`, d.boardingPoint);
  const bodies = new Map<string, unknown>();
  await Promise.all(
    [...points].map(async ([key, p]) => bodies.set(key, await forecastFor(p.latitude, p.longitude, now))),
  );
  return departures.map((d) => {
    const body = d.boardingPoint ? bodies.get(`${d.boardingPoint.latitude},${d.boardingPoint.longitude}`) : undefined;
    const weather = body === undefined ? undefined : weatherAt(body, new Date(d.startsAt));
    return { ...d, weather: weather ?? null, windWarning: windWarning(weather, thresholds) };
  });
}
