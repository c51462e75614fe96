import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';

import { appInstance } from '../fixtures/app-instance';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

type RacerResult = { won: number; capacityExhausted: number; holdLimitReached: number };

const instance = (env: Record<string, string>) =>
  appInstance<RacerResult>('tests/fixtures/hold-racer.ts', 'won', env, { reactServer: false });

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

// docs/decisions/044-seat-hoarding.md and 125: the seat limit of one visitor is counted and claimed
// in the hold's own transaction, so simultaneous holds on two instances cannot both see it free.
// On SQLite the two processes share the database file.
describe(`one visitor's seat limit across two app instances on ${testDatabaseKind}`, () => {
  it('28 simultaneous holds of 20 seats from one address, split over two processes, hold 20 seats in all', async () => {
    const shop = await makeTour(payload, { menuKey: 'maritime40', boatCapacity: 600 });
    const departureId = await addDeparture(payload, shop, { capacity: 600 });
    const ipKey = `hoarder-${departureId}`;
    const env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      DEPARTURE_ID: String(departureId),
      RACERS: '14',
      SEATS: '20',
      VISITOR_IP: ipKey,
      HOLD_LIMIT: '20',
      START_AT: String(Date.now() + 12_000),
    };
    const [a, b] = await Promise.all([instance(env), instance(env)]);
    expect(a.won + b.won).toBe(1);
    expect(a.holdLimitReached + b.holdLimitReached).toBe(27);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 600, sold: 0, held: 20 });
    const { rows } = await shopDb(payload).query(
      `SELECT COALESCE(SUM(c.seats), 0) AS seats FROM hold_claims c JOIN bookings b ON b.reference = c.reference
       WHERE c.ip_key = ? AND b.status = 'held'`,
      [ipKey],
    );
    expect(Number(rows[0]!.seats)).toBe(20);
  }, 120_000);
});
