import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { addDays, madridToday } from '@/i18n/time';

import { startServiceStub, UNREACHABLE_LATITUDE } from '../../scripts/weather-stub.mjs';

let server: Server;

beforeAll(async () => {
  server = startServiceStub(0) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.WEATHER_API_URL = `http://127.0.0.1:${port}/weather`;
  process.env.WEATHER_TIMEOUT_MS = '300';
});
afterAll(() => {
  if (server.listening) {
    server.closeAllConnections();
    server.close();
  }
});

describe('getWeather (against the local stub, never the internet)', () => {
  it("summarises the service's forecast as today and tomorrow in Madrid", async () => {
    const { getWeather } = await import('./weather');
    const now = new Date();
    const weather = await getWeather(41.3755, 2.1779, now);
    // The stub forecasts partly cloudy skies and 3.4 m/s for the next 24 hours (then light rain,
    // which tomorrow shows or not depending on the hour the test runs).
    expect(weather?.today).toMatchObject({ date: madridToday(now), sky: 'partlyCloudy', windMs: 3.4 });
    expect(weather!.today.minC).toBeLessThanOrEqual(weather!.today.maxC);
    expect(weather?.tomorrow?.date).toBe(addDays(madridToday(now), 1));
  });

  it('gives up when the service does not answer within WEATHER_TIMEOUT_MS, and says why in the log', async () => {
    const { getWeather } = await import('./weather');
    // Loaded here, like the module under test: env() is read once, after beforeAll set the stub's URL.
    const { logger } = await import('@/lib/logger');
    const warn = vi.spyOn(logger, 'warn');
    // The stub never answers this latitude: without the timeout this call would never settle.
    await expect(getWeather(Number(UNREACHABLE_LATITUDE), 2.2272)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith({ reason: 'TimeoutError' }, 'weather service unreachable');
    warn.mockRestore();
  });

  it('says unavailable when nothing listens any more', async () => {
    const { getWeather } = await import('./weather');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(await getWeather(41.3755, 2.1779)).toBeUndefined();
  });
});
