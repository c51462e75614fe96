import { beforeEach, describe, expect, it, vi } from 'vitest';

import { env } from '@/lib/env';
import { POST as notify } from '@/app/api/payments/notify/route';
import { POST as pay } from '@/app/api/shop/holds/[reference]/payment/route';
import { GET as review } from '@/app/api/shop/holds/[reference]/route';
import { POST as hold } from '@/app/api/shop/holds/route';
import { shopDb } from '@/booking/db';
import { SANDBOX_TEST_CARD, readSandboxRequest, sandboxNotification } from '@/payments/sandbox';
import { bookingLinkSignature } from '@/booking/signature';

import { addDeparture } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestShop } from '../fixtures/test-payload';

// Each test acts as its own visitors through the test-only client address header.
vi.hoisted(() => {
  process.env.ENABLE_TEST_ROUTES = '1';
});

const { payload, shop } = useTestShop({ menuKey: 'magic', boatCapacity: 200 });

const base = 'http://localhost:3000';
const params = <T extends object>(value: T) => ({ params: Promise.resolve(value) });
let visitor = 0;
beforeEach(() => {
  visitor += 1;
});

function form(departureId: number, overrides: Record<string, unknown> = {}) {
  return {
    departureId: String(departureId),
    tripType: 'roundTrip',
    adult: '2',
    reduced: '',
    child: '0',
    super3: '0',
    audioGuides: '0',
    name: 'Joan',
    surnames: 'Miró i Ferrà',
    email: 'joan@example.com',
    phone: '933 000 000',
    mobilePhone: '600 000 000',
    comments: '',
    locale: 'ca',
    ...overrides,
  };
}

function postHold(body: unknown, headers: Record<string, string> = {}) {
  return hold(
    new Request(`${base}/api/shop/holds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-client-ip': `visitor-${visitor}`, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function getReview(
  reference: string,
  { cookie, firma, ip }: { cookie?: string; firma?: string; ip?: string } = {},
) {
  const url = new URL(`${base}/api/shop/holds/${reference}`);
  if (firma) url.searchParams.set('firma', firma);
  const headers: Record<string, string> = { 'x-test-client-ip': ip ?? `reader-${++visitor}` };
  if (cookie) headers.cookie = cookie;
  const response = await review(new Request(url, { headers }), params({ reference }));
  return {
    status: response.status,
    ...((await response.json()) as { error?: string; booking: { status: string; seats: number; customer: unknown } }),
  };
}

describe(`hold personal data on ${testDatabaseKind}`, () => {
  it('shows the hold only to the browser that made it or with the signed link', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 100 });
    const created = await postHold(form(departureId));
    expect(created.status).toBe(201);
    const { reference } = (await created.json()) as { reference: string };
    const setCookie = created.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toContain(`Path=/api/shop/holds/${reference}`);
    const cookie = setCookie.split(';')[0]!;

    // Issue 42: the reference alone answered the trip, seats and price to anyone. Now the same
    // 404 as a booking that does not exist.
    const stranger = await getReview(reference);
    expect(stranger).toEqual({ status: 404, ok: false, error: 'bookingNotFound' });

    expect((await getReview(reference, { cookie })).booking.customer).toMatchObject({
      surnames: 'Miró i Ferrà',
      email: 'joan@example.com',
    });
    expect(
      (await getReview(reference, { firma: await bookingLinkSignature(payload, reference) })).booking.customer,
    ).toMatchObject({
      email: 'joan@example.com',
    });

    // Another hold's cookie, a forged cookie or another booking's signature open nothing.
    const other = await postHold(form(departureId));
    const { reference: otherReference } = (await other.json()) as { reference: string };
    const otherCookie = other.headers.get('set-cookie')!.split(';')[0]!;
    expect((await getReview(reference, { cookie: otherCookie.replace(otherReference, reference) })).status).toBe(404);
    expect((await getReview(reference, { cookie: `${cookie.split('=')[0]}=forged` })).status).toBe(404);
    expect((await getReview(reference, { firma: await bookingLinkSignature(payload, otherReference) })).status).toBe(
      404,
    );
  });

  it('limits the reads of one address, owner or not', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 100 });
    const created = await postHold(form(departureId));
    const { reference } = (await created.json()) as { reference: string };
    const cookie = created.headers.get('set-cookie')!.split(';')[0]!;
    const ip = `reader-limit-${++visitor}`;
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push((await getReview(`NOSUCH${String(i).padStart(14, '0')}`, { ip })).status);
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await getReview(reference, { cookie, ip })).status).toBe(429);
    // Another address is not affected.
    expect((await getReview(reference, { cookie })).status).toBe(200);
  });
});

describe(`seat hoarding on ${testDatabaseKind}`, () => {
  const ip = () => `visitor-${visitor}`;
  const holdAs = async (overrides: Record<string, unknown>, headers: Record<string, string>) => {
    const response = await postHold({ ...form(departureId, overrides) }, headers);
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  };
  let departureId: number;
  beforeEach(async () => {
    departureId = await addDeparture(payload, shop, { capacity: 200 });
  });

  it('one IP holds at most 20 seats across holds, however many browsers it uses', async () => {
    expect((await holdAs({ adult: '8' }, { 'x-test-client-ip': ip() })).status).toBe(201);
    expect((await holdAs({ adult: '8' }, { 'x-test-client-ip': ip() })).status).toBe(201);
    const refused = await holdAs({ adult: '5' }, { 'x-test-client-ip': ip() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'holdLimitReached', heldSeats: 16, limit: 20 });
    expect((await holdAs({ adult: '4' }, { 'x-test-client-ip': ip() })).status).toBe(201);
    // Someone else is not affected.
    expect((await holdAs({ adult: '8' }, { 'x-test-client-ip': `${ip()}-neighbour` })).status).toBe(201);
  });

  it('one browser holds at most 20 seats, however many addresses it comes from', async () => {
    const first = await holdAs({ adult: '10' }, { 'x-test-client-ip': `${ip()}-a` });
    expect(first.status).toBe(201);
    const cookie = first.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('shop_visitor='))!
      .split(';')[0]!;
    expect(first.response.headers.getSetCookie().find((c) => c.startsWith('shop_visitor='))).toMatch(/HttpOnly/);
    expect((await holdAs({ adult: '10' }, { 'x-test-client-ip': `${ip()}-b`, cookie })).status).toBe(201);
    expect((await holdAs({ adult: '1' }, { 'x-test-client-ip': `${ip()}-c`, cookie })).status).toBe(429);
  });

  it('eight requests no longer hold a whole departure: seats, not requests, are counted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await holdAs({ adult: '20' }, { 'x-test-client-ip': ip() })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const { rows } = await shopDb(payload).query('SELECT seats_held FROM departures WHERE id = ?', [departureId]);
    expect(Number(rows[0]!.seats_held)).toBe(20);
  });

  it('28 simultaneous holds of 20 seats from one address hold 20 seats, not one per request that got in first', async () => {
    // Issue 25: the count was read before the hold and the claim written after it, so holds sent
    // together all counted the same seats as free (5 × 20 held on PostgreSQL against a limit of 20).
    const responses = await Promise.all(
      Array.from({ length: 28 }, () => holdAs({ adult: '20' }, { 'x-test-client-ip': ip() })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    expect(responses.find((r) => r.status === 429)?.body).toMatchObject({
      error: 'holdLimitReached',
      heldSeats: 20,
      limit: 20,
    });
    const { rows } = await shopDb(payload).query('SELECT seats_held FROM departures WHERE id = ?', [departureId]);
    expect(Number(rows[0]!.seats_held)).toBe(20);
  });

  it('visitors without a known address are limited by their browser alone, not all together', async () => {
    // Behind no proxy every address is unknown: such holds must not add up across browsers.
    const first = await postHold(form(departureId, { adult: '15' }), { 'x-test-client-ip': '' });
    expect(first.status).toBe(201);
    const second = await postHold(form(departureId, { adult: '15' }), { 'x-test-client-ip': '' });
    expect(second.status).toBe(201);
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('shop_visitor='))!
      .split(';')[0]!;
    const again = await postHold(form(departureId, { adult: '10' }), { 'x-test-client-ip': '', cookie });
    expect(again.status).toBe(429);
  });

  it('free Super3 children count as seats and cannot multiply a booking', async () => {
    // Twelve paid adults used to hold sixty seats.
    const big = await holdAs({ adult: '12', super3: '48' }, { 'x-test-client-ip': ip() });
    expect(big.status).toBe(422);
    expect(big.body).toMatchObject({ errors: { adult: 'tooManyTickets' } });
    const family = await holdAs({ adult: '4', super3: '16' }, { 'x-test-client-ip': ip() });
    expect(family.status).toBe(201);
    expect(family.body.seats).toBe(20);
    expect((await holdAs({ adult: '1' }, { 'x-test-client-ip': ip() })).status).toBe(429);
  });

  it('seats count again once a hold has expired', async () => {
    const first = await holdAs({ adult: '20' }, { 'x-test-client-ip': ip() });
    expect(first.status).toBe(201);
    expect((await holdAs({ adult: '1' }, { 'x-test-client-ip': ip() })).status).toBe(429);
    await shopDb(payload).query('UPDATE bookings SET hold_expires_at = ? WHERE reference = ?', [
      new Date(Date.now() - 60_000).toISOString(),
      first.body.reference as string,
    ]);
    expect((await holdAs({ adult: '20' }, { 'x-test-client-ip': ip() })).status).toBe(201);
  });
});

describe(`payment notifications and the per-IP limit on ${testDatabaseKind}`, () => {
  it('never throttles signed notifications, however many one gateway address sends', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 50 });
    const created = await postHold(form(departureId));
    const { reference } = (await created.json()) as { reference: string };
    const started = await pay(new Request(`${base}/x`, { method: 'POST' }), params({ reference }));
    const { form: redirect } = (await started.json()) as { form: { action: string; fields: Record<string, string> } };
    const opened = readSandboxRequest(redirect.fields, { siteUrl: new URL(redirect.action, env().SITE_URL).origin });
    if (!opened.ok) throw new Error(opened.reason);
    const signed = sandboxNotification(opened.request, 'pay', SANDBOX_TEST_CARD);
    const send = (fields: Record<string, string>) =>
      notify(
        new Request(`${base}/api/payments/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client-ip': 'gateway-1' },
          body: new URLSearchParams(fields),
        }),
      );
    // The first confirms the booking; the gateway's retries are answered 200 as replays.
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await send(signed)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Forged ones from the same address are still limited: 120 a minute.
    let firstRefusal = -1;
    for (let i = 0; i < 125 && firstRefusal < 0; i++) {
      if ((await send({ ...signed, Ds_Signature: `AAAA${signed.Ds_Signature!.slice(4)}` })).status === 429)
        firstRefusal = i;
    }
    expect(firstRefusal).toBe(120);
  });
});
