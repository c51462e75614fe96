import { describe, expect, it } from 'vitest';

import { POST as hold } from '@/app/api/shop/holds/route';
import { POST as release } from '@/app/api/shop/holds/[reference]/release/route';
import { shopDb, str } from '@/booking/db';
import { bookingLinkSignature } from '@/booking/signature';

import { addDeparture, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestShop } from '../fixtures/test-payload';

const { payload, shop } = useTestShop({ menuKey: 'magic', boatCapacity: 200 });

const base = 'http://localhost:3000';
let visitor = 0;

/** A hold made through the booking form's endpoint, as a browser makes it: reference and hold cookie. */
async function browserHold(departureId: number, adults: number) {
  visitor += 1;
  const created = await hold(
    new Request(`${base}/api/shop/holds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-client-ip': `release-${visitor}` },
      body: JSON.stringify({
        departureId: String(departureId),
        tripType: 'roundTrip',
        adult: String(adults),
        reduced: '0',
        child: '0',
        super3: '0',
        audioGuides: '0',
        name: 'Joan',
        surnames: 'Miró',
        email: 'joan@example.com',
        phone: '933 000 000',
        mobilePhone: '600 000 000',
        comments: '',
        locale: 'ca',
      }),
    }),
  );
  expect(created.status).toBe(201);
  const { reference } = (await created.json()) as { reference: string };
  const cookie = created.headers
    .getSetCookie()
    .find((c) => c.startsWith('hold_'))!
    .split(';')[0]!;
  return { reference, cookie };
}

function releaseAs(reference: string, { cookie, firma }: { cookie?: string; firma?: string } = {}) {
  const url = new URL(`${base}/api/shop/holds/${reference}/release`);
  if (firma) url.searchParams.set('firma', firma);
  return release(new Request(url, { method: 'POST', headers: cookie ? { cookie } : {} }), {
    params: Promise.resolve({ reference }),
  });
}

async function statusOf(reference: string) {
  const { rows } = await shopDb(payload).query('SELECT status FROM bookings WHERE reference = ?', [reference]);
  return str(rows[0]?.status);
}

describe(`only a hold's owner releases it, on ${testDatabaseKind}`, () => {
  it('a stranger who knows the reference gets what an unknown booking gets, and the seats stay held', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const mine = await browserHold(departureId, 3);
    const theirs = await browserHold(departureId, 2);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 5 });

    const unknown = await releaseAs('NOSUCHREFERENCE00000');
    const stranger = await releaseAs(mine.reference);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual(await unknown.json());
    // Another hold's cookie renamed for this one, a forged cookie, a forged or bare `firma`.
    const renamed = theirs.cookie.replace(theirs.reference, mine.reference);
    expect((await releaseAs(mine.reference, { cookie: renamed })).status).toBe(404);
    expect((await releaseAs(mine.reference, { cookie: `${mine.cookie.split('=')[0]}=forged` })).status).toBe(404);
    expect((await releaseAs(mine.reference, { firma: 'x'.repeat(32) })).status).toBe(404);
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 5 });
    expect(await statusOf(mine.reference)).toBe('held');

    // The browser that made it can; once only.
    const owner = await releaseAs(mine.reference, { cookie: mine.cookie });
    expect(await owner.json()).toEqual({ ok: true, seatsReleased: 3 });
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 2 });
    expect(await statusOf(mine.reference)).toBe('expired');
    expect((await releaseAs(mine.reference, { cookie: mine.cookie })).status).toBe(409);
    expect(await statusOf(theirs.reference)).toBe('held');
  });

  it('the customer of an office payment link releases with the link’s signature', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { reference } = await browserHold(departureId, 4);
    const answer = await releaseAs(reference, { firma: await bookingLinkSignature(payload, reference) });
    expect(await answer.json()).toEqual({ ok: true, seatsReleased: 4 });
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 0 });
  });
});
