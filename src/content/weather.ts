import 'server-only';

import { env } from '@/lib/env';
import { logger } from '@/lib/logger';

import { summarizeForecast, type WeatherSummary } from './weather-summary';

/**
 * The forecast for a boarding point. Fetched on the server and kept 30 minutes in Next's data
 * cache, so an ISR page stays static and MET Norway sees one request per half hour at most.
 * When the service is slow or down the page renders anyway, saying the forecast is unavailable.
 */
export async function getWeather(
  latitude: number,
  longitude: number,
  now = new Date(),
): Promise<WeatherSummary | undefined> {
  const body = await fetchForecast(latitude, longitude);
  return body === undefined ? undefined : summarizeForecast(body, now);
}

/**
 * MET Norway's forecast body for a point, or undefined when the service is slow, down or
 * answers with an error. Shared by the tour pages' summary and the today board's hourly wind.
 */
export async function fetchForecast(latitude: number, longitude: number): Promise<unknown> {
  const { WEATHER_API_URL, WEATHER_TIMEOUT_MS, SITE_BRAND, SITE_URL } = env();
  const url = new URL(WEATHER_API_URL);
  // MET Norway asks for at most four decimals, which also keeps the cache key stable.
  url.searchParams.set('lat', latitude.toFixed(4));
  url.searchParams.set('lon', longitude.toFixed(4));
  try {
    const response = await fetch(url, {
      headers: {
        'User-Agent': `${SITE_BRAND.replace(/[^\w.-]+/g, '')}/1.0 (+${SITE_URL})`,
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(WEATHER_TIMEOUT_MS),
      next: { revalidate: 1800, tags: ['weather'] },
    });
    if (!response.ok) {
      logger.warn({ status: response.status }, 'weather service answered with an error');
      return undefined;
    }
    return (await response.json()) as unknown;
  } catch (error) {
    logger.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'weather service unreachable');
    return undefined;
  }
}
