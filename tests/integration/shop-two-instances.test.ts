import { spawn } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';

import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

const root = path.resolve(import.meta.dirname, '../..');

function instance(env: Record<string, string>): Promise<{ won: number; capacityExhausted: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/fixtures/hold-racer.ts'], {
      cwd: root,
      env: { ...process.env, ...env, JOBS_AUTORUN: '0', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"won"'));
      if (code === 0 && line) resolve(JSON.parse(line) as { won: number; capacityExhausted: number });
      else reject(new Error(`racer exited ${code}: ${err.slice(-800)}`));
    });
  });
}

// docs/domain-rules.md#no-overselling across instances: two app processes, each with its own pool, on one PostgreSQL.
describe.runIf(testDatabaseKind === 'postgres')('two app instances on one PostgreSQL', () => {
  it('500 buyers split over two processes get exactly the last 10 seats, none oversold', async () => {
    const shop = await makeTour(payload, { menuKey: 'maritime60' });
    const departureId = await addDeparture(payload, shop, { capacity: 150 });
    await shopDb(payload).query('UPDATE departures SET seats_sold = 140 WHERE id = ?', [departureId]);
    const env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      DEPARTURE_ID: String(departureId),
      RACERS: '250',
      START_AT: String(Date.now() + 12_000),
    };
    const [a, b] = await Promise.all([instance(env), instance(env)]);
    expect(a.won + b.won).toBe(10);
    expect(a.capacityExhausted + b.capacityExhausted).toBe(490);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 150, sold: 140, held: 10 });
  }, 120_000);
});
