import { beforeAll, describe, expect, it } from 'vitest';

import { releaseHold } from '@/booking/hold-release';
import { createHold, getBooking } from '@/booking/holds';

import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'moco60' });
});

async function hold(departureId: number, adult: number) {
  const result = await createHold(payload, { departureId, selection: selection({ adult }), customer, locale: 'en' });
  if (!result.ok) throw new Error(result.error);
  return result.reference;
}

describe(`releasing a hold on ${testDatabaseKind}`, () => {
  it('gives the seats back once and ends the hold; a changed booking leaves only the new hold', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const first = await hold(departureId, 3);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 3 });

    // "Change the booking": the old hold goes, then the changed booking is held.
    expect(await releaseHold(payload, first)).toEqual({ ok: true, seats: 3 });
    const second = await hold(departureId, 2);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 2, sold: 0 });
    expect((await getBooking(payload, first))?.status).toBe('expired');
    expect((await getBooking(payload, second))?.status).toBe('held');

    // Released twice (a double tap, two tabs): the seats come back only once.
    expect(await releaseHold(payload, first)).toEqual({ ok: false, error: 'notHeld' });
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 2 });
  });

  it('two racing releases of one hold release its seats exactly once', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const reference = await hold(departureId, 4);
    await hold(departureId, 1);
    const results = await Promise.all([releaseHold(payload, reference), releaseHold(payload, reference)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 1 });
  });

  it('answers notFound for an unknown reference', async () => {
    expect(await releaseHold(payload, 'NOSUCHREFERENCE00000')).toEqual({ ok: false, error: 'notFound' });
  });
});
