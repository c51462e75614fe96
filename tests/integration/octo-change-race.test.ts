import { describe, expect, it } from 'vitest';

import { PATCH as octoPatch } from '@/app/octo/v1/bookings/[uuid]/route';
import { shopDb } from '@/booking/db';
import securityEs from '@/i18n/messages/security/es.json';
import { createHold } from '@/booking/holds';
import { newApiKey } from '@/resellers/octo/keys';
import { reserveForReseller } from '@/resellers/sales';

import { appInstance } from '../fixtures/app-instance';
import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

type RacerResult = { moved: number; refused: string[]; held: number; capacityExhausted: number };

const instance = (env: Record<string, string>) =>
  appInstance<RacerResult>('tests/fixtures/change-racer.ts', 'moved', env);

// Issue 30, docs/domain-rules.md#no-overselling: a reseller's change takes its new seats with the
// same single-statement check as a web hold, so the two race fairly on any number of instances
// and a change that loses leaves the booking exactly where it was.
describe.runIf(testDatabaseKind === 'postgres')('OCTO changes race web holds on two instances', () => {
  it('50 PATCHes and 50 web holds for the last 5 seats: 5 held, none oversold, every loser keeps its seats', async () => {
    const shop = await makeTour(payload, { menuKey: 'maritime60' });
    const origin = await addDeparture(payload, shop, { capacity: 60 });
    const target = await addDeparture(payload, shop, { capacity: 40 });
    // The target's other 35 seats are held by web visitors: 5 are left.
    for (let i = 0; i < 7; i++) {
      const taken = await createHold(payload, {
        departureId: target,
        selection: selection({ adult: 5 }),
        customer,
        locale: 'ca',
        holdMinutes: 60,
      });
      expect(taken.ok).toBe(true);
    }
    const made = newApiKey();
    const reseller = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Racing', keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 20 } as never,
    });
    const uuids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const uuid = crypto.randomUUID();
      const hold = await reserveForReseller(payload, {
        resellerId: Number(reseller.id),
        uuid,
        resellerReference: null,
        departureId: origin,
        selection: selection({ adult: 1 }),
        customer,
        locale: 'en',
        expirationMinutes: 60,
      });
      expect(hold.ok).toBe(true);
      uuids.push(uuid);
    }
    expect(await seatsOf(payload, origin)).toEqual({ capacity: 60, sold: 0, held: 50 });
    const env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      KEY: made.key,
      TARGET: String(target),
      HOLDS: '25',
      // Both sides at once. A change reads its product and departure before it reaches the seats,
      // so at the same instant the web holds usually win them all; with the holds 8 s later
      // (HOLDS_AFTER_MS: '8000') the changes took all 5. Either way: 5 taken, none oversold.
      HOLDS_AFTER_MS: '0',
      START_AT: String(Date.now() + 12_000),
    };
    const [a, b] = await Promise.all([
      instance({ ...env, UUIDS: uuids.slice(0, 25).join(',') }),
      instance({ ...env, UUIDS: uuids.slice(25).join(',') }),
    ]);
    const moved = a.moved + b.moved;
    const held = a.held + b.held;
    expect(moved + held).toBe(5);
    expect(a.capacityExhausted + b.capacityExhausted).toBe(50 - held);
    // Every losing change was told why, and that the booking keeps what it had.
    const refused = [...a.refused, ...b.refused];
    expect(refused).toHaveLength(50 - moved);
    for (const why of refused) expect(why).toMatch(/^UNPROCESSABLE_ENTITY: Only 0 seats left .* keeps what it had$/);
    expect(await seatsOf(payload, target)).toEqual({ capacity: 40, sold: 0, held: 40 });
    expect(await seatsOf(payload, origin)).toEqual({ capacity: 60, sold: 0, held: 50 - moved });
    const { rows } = await shopDb(payload).query(
      'SELECT departure_id, seats, status FROM bookings WHERE reseller_id = ? ORDER BY id',
      [Number(reseller.id)],
    );
    expect(rows.filter((r) => Number(r.departure_id) === target)).toHaveLength(moved);
    expect(rows.filter((r) => Number(r.departure_id) === origin)).toHaveLength(50 - moved);
    expect(rows.every((r) => Number(r.seats) === 1 && r.status === 'held')).toBe(true);
    console.log(`OCTO change race: ${moved} changes and ${held} web holds won the last 5 seats`);
  }, 180_000);
});

// Issue 42: ten PATCHes of one booking at once (a reseller's retries) answered one 200 and nine
// 500s, an uncaught BookingChangedError; the office's move answers the same race with a 409.
describe(`ten OCTO PATCHes of one booking at once on ${testDatabaseKind}`, () => {
  it('one moves it, nine get a 409 in OCTO’s error body, and the booking moved once', async () => {
    const shop = await makeTour(payload, { menuKey: 'maritime40' });
    const origin = await addDeparture(payload, shop, { capacity: 40 });
    const target = await addDeparture(payload, shop, { capacity: 40 });
    const made = newApiKey();
    const reseller = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Retrying', keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 20 } as never,
    });
    const uuid = crypto.randomUUID();
    const hold = await reserveForReseller(payload, {
      resellerId: Number(reseller.id),
      uuid,
      resellerReference: null,
      departureId: origin,
      selection: selection({ adult: 2 }),
      customer,
      locale: 'es',
      expirationMinutes: 60,
    });
    expect(hold.ok).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        octoPatch(
          new Request(`http://localhost:3000/octo/v1/bookings/${uuid}`, {
            method: 'PATCH',
            headers: {
              authorization: `Bearer ${made.key}`,
              'content-type': 'application/json',
              'accept-language': 'es',
            },
            body: JSON.stringify({ availabilityId: String(target) }),
          }),
          { params: Promise.resolve({ uuid }) },
        ).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    // Those that find the booking already moved change nothing and answer 200 (where the pool
    // runs them one after another); those that raced the first one are refused. Never a 500.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses[0]).toBe(200);
    if (testDatabaseKind === 'sqlite') expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    console.log(`ten OCTO PATCHes on ${testDatabaseKind}: ${statuses.join(' ')}`);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ error: 'BAD_REQUEST', errorMessage: securityEs.security.errors.changed });
    }
    expect(await seatsOf(payload, origin)).toEqual({ capacity: 40, sold: 0, held: 0 });
    expect(await seatsOf(payload, target)).toEqual({ capacity: 40, sold: 0, held: 2 });
  }, 60_000);
});
