import type { Payload } from 'payload';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { GET as todayRoute } from '@/app/api/ops/today/route';
import { madridToday, madridToUtc } from '@/i18n/time';
import { replaceForecastSource } from '@/content/board-weather';

import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
let token = '';
let restore: (() => void) | undefined;
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
  await payload.create({
    collection: 'boarding-points',
    locale: 'ca',
    data: {
      name: 'Moll de les Drassanes',
      slug: 'drassanes',
      address: 'Moll de les Drassanes',
      latitude: 41.3755,
      longitude: 2.1779,
    } as never,
  });
  shop = await makeTour(payload, { menuKey: 'magic' });
  const email = 'office-wind@example.com';
  const password = 'long enough office password 2026';
  await payload.create({ collection: 'users', data: { email, password, role: 'office' } as never });
  token = (await payload.login({ collection: 'users', data: { email, password } })).token!;
});
afterEach(() => restore?.());
afterAll(async () => {
  await stop?.();
});

/** A MET Norway Locationforecast body: hourly for two days around now, gusts of `gust` m/s from `windyFrom`. */
function forecast(windyFrom: Date, gust: number, calmGust = 5) {
  const start = new Date(Date.now() - 24 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  return {
    type: 'Feature',
    properties: {
      timeseries: Array.from({ length: 72 }, (_, hour) => {
        const time = new Date(start.getTime() + hour * 3600_000);
        return {
          time: time.toISOString().replace('.000Z', 'Z'),
          data: {
            instant: {
              details: { air_temperature: 18, wind_speed: 4, wind_speed_of_gust: time >= windyFrom ? gust : calmGust },
            },
          },
        };
      }),
    },
  };
}

async function board() {
  const response = await todayRoute(
    new Request('http://localhost:3113/api/ops/today', { headers: { Authorization: `JWT ${token}` } }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    thresholds: { gustKmh: number; windKmh: number };
    departures: { id: number; windWarning: boolean; weather: { gustKmh: number | null } | null }[];
  };
}

describe(`the today board's wind warning on ${testDatabaseKind}`, () => {
  it('warns for the departures the forecast gives gusts over the threshold, and follows the settings', async () => {
    const today = madridToday(new Date());
    // Two departures today, whatever the hour: one before the wind gets up, one after.
    const calmAt = madridToUtc(today, '00:30');
    const windyAt = madridToUtc(today, '23:30');
    const calm = await addDeparture(payload, shop, { startsAt: calmAt });
    const windy = await addDeparture(payload, shop, { startsAt: windyAt });
    const asked: string[] = [];
    restore = replaceForecastSource(async (latitude, longitude) => {
      asked.push(`${latitude},${longitude}`);
      return forecast(new Date(windyAt.getTime() - 3600_000), 15); // 54 km/h
    });

    const first = await board();
    expect(asked).toEqual(['41.3755,2.1779']);
    const of = (id: number) => first.departures.find((d) => d.id === id)!;
    expect(of(windy)).toMatchObject({ windWarning: true, weather: { gustKmh: 54 } });
    expect(of(calm)).toMatchObject({ windWarning: false, weather: { gustKmh: 18 } });

    // The office raises the gust threshold above the forecast: no warning any more.
    await payload.updateGlobal({ slug: 'ops-settings', data: { gustWarningKmh: 60 } as never });
    const raised = await board();
    expect(raised.thresholds.gustKmh).toBe(60);
    expect(raised.departures.find((d) => d.id === windy)!.windWarning).toBe(false);
    await payload.updateGlobal({ slug: 'ops-settings', data: { gustWarningKmh: 40 } as never });
  });

  it('shows no warning and no weather when the forecast is unavailable', async () => {
    const id = await addDeparture(payload, shop, { startsAt: madridToUtc(madridToday(new Date()), '23:45') });
    restore = replaceForecastSource(async () => undefined);
    const departure = (await board()).departures.find((d) => d.id === id)!;
    expect(departure).toMatchObject({ windWarning: false, weather: null });
  });
});
