import { beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/lib/env';
import { POST as notify } from '@/app/api/payments/notify/route';
import { GET as review } from '@/app/api/shop/holds/[reference]/route';
import { POST as extend } from '@/app/api/shop/holds/[reference]/extend/route';
import { POST as pay } from '@/app/api/shop/holds/[reference]/payment/route';
import { POST as hold } from '@/app/api/shop/holds/route';
import { GET as availability } from '@/app/api/shop/tours/[slug]/availability/route';
import { shopDb } from '@/booking/db';
import { utcToMadrid } from '@/i18n/time';
import { SANDBOX_TEST_CARD, readSandboxRequest, sandboxNotification } from '@/payments/sandbox';

import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
let slug: string;

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'museum' });
  slug = (await payload.findByID({ collection: 'tours', id: shop.tourId })).slug;
});

const base = 'http://localhost:3110';
const params = <T extends object>(value: T) => ({ params: Promise.resolve(value) });

function form(departureId: number, overrides: Record<string, unknown> = {}) {
  return {
    departureId: String(departureId),
    tripType: 'roundTrip',
    adult: '2',
    reduced: '',
    child: '1',
    super3: '0',
    audioGuides: '1',
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

const postJson = (body: unknown) =>
  hold(
    new Request(`${base}/api/shop/holds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

async function departureOnDay() {
  const startsAt = new Date(Date.now() + 5 * 24 * 3600_000);
  const id = await addDeparture(payload, shop, { capacity: 6, startsAt });
  const local = utcToMadrid(startsAt);
  await shopDb(payload).query('UPDATE departures SET local_date = ?, local_time = ? WHERE id = ?', [
    local.date,
    local.time,
    id,
  ]);
  return { id, local };
}

describe(`shop HTTP API on ${testDatabaseKind}`, () => {
  it('walks the whole purchase: availability, hold, review, extend, payment, notification', async () => {
    const { id: departureId, local } = await departureOnDay();
    const month = local.date.slice(0, 7);

    const avail = await availability(
      new Request(`${base}/api/shop/tours/${slug}/availability?month=${month}&locale=en`),
      params({ slug }),
    );
    expect(avail.status).toBe(200);
    expect(avail.headers.get('cache-control')).toBe('no-store');
    const calendar = await avail.json();
    const day = calendar.days.find((d: { date: string }) => d.date === local.date);
    expect(day.departures).toContainEqual(
      expect.objectContaining({ id: departureId, time: local.time, seatsLeft: 6, state: 'few', bookable: true }),
    );
    expect(calendar.tour).toMatchObject({
      mode: 'online',
      boardingMinutesBefore: 15,
      priceList: { roundTrip: { adult: 1500 } },
    });

    const created = await postJson(form(departureId));
    expect(created.status).toBe(201);
    const { reference, totalCents, holdExpiresAt } = await created.json();
    // 2 × 15.00 + 8.00 + one audio guide 3.00
    expect(totalCents).toBe(4100);
    expect(new Date(holdExpiresAt).getTime()).toBeGreaterThan(Date.now());

    // The browser that made the hold carries its cookie (see security-shop.test.ts for the others).
    const cookie = created.headers.get('set-cookie')!.split(';')[0]!;
    const shown = await (
      await review(new Request(`${base}/api/shop/holds/${reference}`, { headers: { cookie } }), params({ reference }))
    ).json();
    expect(shown.booking).toMatchObject({
      status: 'held',
      totalCents: 4100,
      seats: 3,
      departure: { date: local.date, time: local.time },
      customer: { surnames: 'Miró i Ferrà' },
    });

    const ext = await extend(new Request(`${base}/x`, { method: 'POST' }), params({ reference }));
    expect(ext.status).toBe(200);
    const again = await extend(new Request(`${base}/x`, { method: 'POST' }), params({ reference }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'alreadyExtended' });

    const started = await pay(new Request(`${base}/x`, { method: 'POST' }), params({ reference }));
    expect(started.status).toBe(200);
    const { form: redirect } = await started.json();
    expect(redirect.method).toBe('POST');
    expect(Object.keys(redirect.fields).sort()).toEqual([
      'Ds_MerchantParameters',
      'Ds_Signature',
      'Ds_SignatureVersion',
    ]);

    // The sandbox reads the request as Redsys would and sends the signed notification.
    const siteUrl = new URL(redirect.action, env().SITE_URL).origin;
    const opened = readSandboxRequest(redirect.fields, { siteUrl });
    if (!opened.ok) throw new Error(opened.reason);
    const notification = sandboxNotification(opened.request, 'pay', SANDBOX_TEST_CARD);
    const forged = await notify(
      new Request(`${base}/api/payments/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...notification, Ds_Signature: 'AAAA' + notification.Ds_Signature.slice(4) }),
      }),
    );
    expect(forged.status).toBe(400);
    const accepted = await notify(
      new Request(`${base}/api/payments/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(notification),
      }),
    );
    expect(accepted.status).toBe(200);
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 3, held: 0 });
    const after = await (await review(new Request(`${base}/x`, { headers: { cookie } }), params({ reference }))).json();
    expect(after.booking.status).toBe('paid');
    const payAgain = await pay(new Request(`${base}/x`, { method: 'POST' }), params({ reference }));
    expect(await payAgain.json()).toMatchObject({ error: 'alreadyPaid' });
  });

  it('answers validation errors as translation keys per field', async () => {
    const { id } = await departureOnDay();
    const response = await postJson(
      form(id, { adult: '0', reduced: '0', child: '2', email: 'not-an-email', name: '' }),
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toMatchObject({
      ok: false,
      error: 'incompleteForm',
      errors: { child: 'atLeastOneAdult', email: 'invalidEmail', name: 'required' },
    });
  });

  it('says capacityExhausted with the seats left, and keeps the departure within capacity', async () => {
    const { id } = await departureOnDay();
    expect((await postJson(form(id, { adult: '4', child: '0', audioGuides: '0' }))).status).toBe(201);
    const refused = await postJson(form(id, { adult: '3', child: '0', audioGuides: '0' }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: 'capacityExhausted',
      seatsLeft: 2,
      errors: { form: 'capacityExhausted' },
    });
    const month = new Date(Date.now() + 5 * 24 * 3600_000).toISOString().slice(0, 7);
    const calendar = await (
      await availability(new Request(`${base}/api/shop/tours/${slug}/availability?month=${month}`), params({ slug }))
    ).json();
    const listed = calendar.days
      .flatMap((d: { departures: { id: number }[] }) => d.departures)
      .find((d: { id: number }) => d.id === id);
    expect(listed).toMatchObject({ seatsLeft: 2, state: 'few' });
  });

  it('refuses bad input to the calendar', async () => {
    expect((await availability(new Request(`${base}/x?month=2026-13`), params({ slug }))).status).toBe(400);
    expect((await availability(new Request(`${base}/x?month=2026-12`), params({ slug: 'no-such-tour' }))).status).toBe(
      404,
    );
    expect((await review(new Request(`${base}/x`), params({ reference: 'NOPE' }))).status).toBe(404);
  });
});
