import { beforeAll, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { createHold, expireHolds, extendHold, getBooking, HOLD_MINUTES } from '@/booking/holds';
import { takeHeldSeats } from '@/booking/departures-repository';

import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: '60', oneWay: true });
});

const MINUTE = 60_000;

describe(`seat holds on ${testDatabaseKind}`, () => {
  it('holds a seat for every person, free Super3 children included, at the server-computed price', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const result = await createHold(payload, {
      departureId,
      selection: selection({ adult: 2, reduced: 1, child: 1, super3: 3, audioGuides: 2 }),
      customer,
      locale: 'en',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 2 × 15.00 + 12.00 + 8.00 + 3 × 0 + 2 × 3.00
    expect(result.totalCents).toBe(5600);
    expect(result.reference).toMatch(/^[A-Z2-9]{20}$/);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 20, sold: 0, held: 7 });
    const booking = await getBooking(payload, result.reference);
    expect(booking).toMatchObject({ status: 'held', seats: 7, totalCents: 5600, locale: 'en', super3: 3 });
    expect(booking!.holdExpiresAt.getTime() - Date.now()).toBeGreaterThan((HOLD_MINUTES - 1) * MINUTE);
  });

  it('prices one-way trips from the one-way fares', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const result = await createHold(payload, {
      departureId,
      selection: selection({ adult: 1, child: 1, tripType: 'oneWay' }),
      customer,
      locale: 'ca',
    });
    expect(result.ok && result.totalCents).toBe(1400);
  });

  it('refuses more seats than are left, keeping what is held, and never goes over capacity', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 5 });
    expect(
      (await createHold(payload, { departureId, selection: selection({ adult: 3 }), customer, locale: 'ca' })).ok,
    ).toBe(true);
    const refused = await createHold(payload, {
      departureId,
      selection: selection({ adult: 3 }),
      customer,
      locale: 'ca',
    });
    expect(refused).toMatchObject({ ok: false, error: 'capacityExhausted', seatsLeft: 2 });
    expect(
      (await createHold(payload, { departureId, selection: selection({ adult: 2 }), customer, locale: 'ca' })).ok,
    ).toBe(true);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 5, sold: 0, held: 5 });
    const full = await createHold(payload, { departureId, selection: selection(), customer, locale: 'ca' });
    expect(full).toMatchObject({ ok: false, error: 'capacityExhausted', seatsLeft: 0 });
  });

  it('applies the ticket rules on the server', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 50 });
    const noAdult = await createHold(payload, {
      departureId,
      selection: selection({ adult: 0, child: 2 }),
      customer,
      locale: 'ca',
    });
    expect(noAdult).toMatchObject({ ok: false, error: 'invalidSelection' });
    const tooManySuper3 = await createHold(payload, {
      departureId,
      selection: selection({ adult: 1, super3: 5 }),
      customer,
      locale: 'ca',
    });
    expect(tooManySuper3.ok).toBe(false);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 0 });
  });

  it('closes sales ten minutes before departure and refuses cancelled departures', async () => {
    const soon = await addDeparture(payload, shop, { startsAt: new Date(Date.now() + 9 * MINUTE) });
    expect(
      await createHold(payload, { departureId: soon, selection: selection(), customer, locale: 'ca' }),
    ).toMatchObject({
      ok: false,
      error: 'bookingClosed',
    });
    const open = await addDeparture(payload, shop, { startsAt: new Date(Date.now() + 11 * MINUTE) });
    const held = await createHold(payload, { departureId: open, selection: selection(), customer, locale: 'ca' });
    expect(held.ok).toBe(true);
    // The hold ends when sales close, not 15 minutes later when the boat has left.
    if (held.ok) expect(held.holdExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 11 * MINUTE);

    const cancelled = await addDeparture(payload, shop);
    await shopDb(payload).query(`UPDATE departures SET status = 'cancelled' WHERE id = ?`, [cancelled]);
    expect(
      await createHold(payload, { departureId: cancelled, selection: selection(), customer, locale: 'ca' }),
    ).toMatchObject({ ok: false, error: 'departureUnavailable' });
  });

  it('refuses tours that are sold on request', async () => {
    const requestOnly = await makeTour(payload, { menuKey: '40', mode: 'onRequest' });
    const departureId = await addDeparture(payload, requestOnly);
    expect(await createHold(payload, { departureId, selection: selection(), customer, locale: 'ca' })).toMatchObject({
      ok: false,
      error: 'notBookableOnline',
    });
  });

  it('extends a hold once, then refuses', async () => {
    const departureId = await addDeparture(payload, shop);
    const now = new Date();
    const held = await createHold(payload, { departureId, selection: selection(), customer, locale: 'ca', now });
    if (!held.ok) throw new Error('hold failed');
    const extended = await extendHold(payload, held.reference, new Date(now.getTime() + 10 * MINUTE));
    expect(extended.ok).toBe(true);
    if (extended.ok)
      expect(extended.holdExpiresAt.getTime()).toBe(held.holdExpiresAt.getTime() + HOLD_MINUTES * MINUTE);
    expect(await extendHold(payload, held.reference, new Date(now.getTime() + 11 * MINUTE))).toEqual({
      ok: false,
      error: 'alreadyExtended',
    });
  });

  it('releases the seats of an expired hold exactly once, even when expiry runs concurrently', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const now = new Date();
    const held = await createHold(payload, {
      departureId,
      selection: selection({ adult: 4 }),
      customer,
      locale: 'ca',
      now,
    });
    if (!held.ok) throw new Error('hold failed');
    const other = await createHold(payload, {
      departureId,
      selection: selection({ adult: 2 }),
      customer,
      locale: 'ca',
      now,
    });
    expect(other.ok).toBe(true);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 6 });

    // Not yet: nothing moves.
    expect(await expireHolds(payload, { departureId, now: new Date(now.getTime() + 14 * MINUTE) })).toEqual({
      expired: 0,
    });

    const later = new Date(now.getTime() + 16 * MINUTE);
    const runs = await Promise.all(Array.from({ length: 6 }, () => expireHolds(payload, { departureId, now: later })));
    expect(runs.reduce((sum, r) => sum + r.expired, 0)).toBe(2);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 0, sold: 0 });
    expect((await getBooking(payload, held.reference, later))?.status).toBe('expired');
    expect(await extendHold(payload, held.reference, later)).toEqual({ ok: false, error: 'notHeld' });
    expect(await expireHolds(payload, { departureId, now: later })).toEqual({ expired: 0 });
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 0 });
  });

  it('frees expired seats lazily for the next buyer', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 3 });
    const now = new Date();
    expect(
      (await createHold(payload, { departureId, selection: selection({ adult: 3 }), customer, locale: 'ca', now })).ok,
    ).toBe(true);
    const blocked = await createHold(payload, { departureId, selection: selection(), customer, locale: 'ca', now });
    expect(blocked).toMatchObject({ ok: false, error: 'capacityExhausted' });
    const later = new Date(now.getTime() + (HOLD_MINUTES + 1) * MINUTE);
    const after = await createHold(payload, {
      departureId,
      selection: selection({ adult: 3 }),
      customer,
      locale: 'ca',
      now: later,
    });
    expect(after.ok).toBe(true);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 3 });
  });

  it('a staff save of a departure never writes stale seat counts back', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 100 });
    const staffView = await payload.findByID({ collection: 'departures', id: departureId });
    expect(
      (await createHold(payload, { departureId, selection: selection({ adult: 5 }), customer, locale: 'ca' })).ok,
    ).toBe(true);
    await payload.update({
      collection: 'departures',
      id: departureId,
      data: { ...staffView, capacity: 80 } as never,
    });
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 80, sold: 0, held: 5 });
    await expect(
      payload.update({ collection: 'departures', id: departureId, data: { capacity: 151 } }),
    ).rejects.toThrow('El vaixell té 150 places: no en pot tenir més.');
  });

  const racers = 500;
  it(`${racers} concurrent buyers for the last 10 seats: exactly 10 seats held, none oversold`, async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 150 });
    // Everything but the last 10 seats is already sold.
    await shopDb(payload).query('UPDATE departures SET seats_sold = 140 WHERE id = ?', [departureId]);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: racers }, () =>
        createHold(payload, { departureId, selection: selection(), customer, locale: 'ca' }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const won = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok && r.error === 'capacityExhausted').length;
    expect(won).toBe(10);
    expect(refused).toBe(racers - 10);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 150, sold: 140, held: 10 });
    const { rows } = await shopDb(payload).query(
      `SELECT COUNT(*) AS n FROM bookings WHERE departure_id = ? AND status = 'held'`,
      [departureId],
    );
    expect(Number(rows[0]!.n)).toBe(10);
    console.info(
      `[race ${testDatabaseKind}] ${racers} attempts in ${seconds.toFixed(2)} s (${Math.round(racers / seconds)}/s), 10 held, 0 oversold`,
    );
  });

  it('the conditional UPDATE alone never oversells, whatever snapshot the callers read', async () => {
    // No pre-check, no booking row: only the guarded increment, raced from many transactions.
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const outcomes = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        shopDb(payload).transaction((tx) => takeHeldSeats(tx, departureId, 1 + (i % 3))),
      ),
    );
    const { held } = await seatsOf(payload, departureId);
    expect(held).toBeLessThanOrEqual(10);
    expect(held).toBeGreaterThanOrEqual(8);
    // Every success is accounted for in the counter.
    const taken = outcomes.reduce((sum, ok, i) => sum + (ok ? 1 + (i % 3) : 0), 0);
    expect(taken).toBe(held);
  });
});
