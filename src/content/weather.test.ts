import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startServiceStub, UNREACHABLE_LATITUDE } from '../../scripts/weather-stub.mjs';

let server: Server;

beforeAll(async () => {
  server = startServiceStub(0) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.WEATHER_API_URL = `http://127.0.0.1:${port}/weather`;
  process.env.WEATHER_TIMEOUT_MS = '400';
});
afterAll(() => {
  if (server.listening) {
    server.closeAllConnections();
    server.close();
  }
});

describe('getWeather (against the local stub, never the internet)', () => {
  it('returns today and tomorrow when the service answers', async () => {
    const { getWeather } = await import('./weather');
    const weather = await getWeather(41.3755, 2.1779);
    expect(weather?.today.sky).toBeDefined();
    expect(typeof weather?.today.maxC).toBe('number');
  });

  it('gives up after the timeout when the service does not answer', async () => {
    const { getWeather } = await import('./weather');
    const started = Date.now();
    expect(await getWeather(Number(UNREACHABLE_LATITUDE), 2.2272)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('says unavailable when nothing listens any more', async () => {
    const { getWeather } = await import('./weather');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(await getWeather(41.3755, 2.1779)).toBeUndefined();
  });
});
