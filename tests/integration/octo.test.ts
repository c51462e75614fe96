import { zAvailability, zAvailabilityCalendar, zBaseError, zBooking, zProduct, zSupplier } from '@octocloud/types';
import { beforeAll, describe, expect, it } from 'vitest';

import { POST as availabilityRoute } from '@/app/octo/v1/availability/route';
import { POST as calendarRoute } from '@/app/octo/v1/availability/calendar/route';
import { POST as cancelRoute } from '@/app/octo/v1/bookings/[uuid]/cancel/route';
import { POST as confirmRoute } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { POST as extendRoute } from '@/app/octo/v1/bookings/[uuid]/extend/route';
import { GET as bookingRoute, PATCH as patchRoute } from '@/app/octo/v1/bookings/[uuid]/route';
import { GET as listRoute, POST as reserveRoute } from '@/app/octo/v1/bookings/route';
import { GET as productRoute } from '@/app/octo/v1/products/[id]/route';
import { GET as productsRoute } from '@/app/octo/v1/products/route';
import { GET as supplierRoute } from '@/app/octo/v1/supplier/route';
import { scanCode } from '@/operations/boarding';
import { shopDb, str } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { newApiKey } from '@/resellers/octo/keys';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

let shop: { tourId: number; boatId: number };
let other: { tourId: number; boatId: number };
let key = '';
let limitedKey = '';
let revokedKey = '';
const base = 'http://localhost:3111/octo/v1';

async function reseller(name: string, data: Record<string, unknown>): Promise<string> {
  const made = newApiKey();
  await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: { name, keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 20, ...data } as never,
  });
  return made.key;
}

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'americas', oneWay: true });
  other = await makeTour(payload, { menuKey: 'ramonet' });
  key = await reseller('Viatges Mar', {});
  limitedKey = await reseller('Only A', { tours: [shop.tourId] });
  revokedKey = await reseller('Gone', { active: false });
});

function req(path: string, options: { method?: string; body?: unknown; key?: string | null; lang?: string } = {}) {
  const headers: Record<string, string> = {
    'Octo-Capabilities': 'octo/pricing',
    'Accept-Language': options.lang ?? 'en',
  };
  const k = options.key === undefined ? key : options.key;
  if (k) headers.Authorization = `Bearer ${k}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return new Request(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
}
const params = (uuid: string) => ({ params: Promise.resolve({ uuid }) });
async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & Record<string, never> };
}

describe(`OCTO supplier API on ${testDatabaseKind}`, () => {
  it('walks a reseller through products, calendar, availability, reserve, extend, update, confirm, get, list, cancel', async () => {
    const roomy = await addDeparture(payload, shop, { capacity: 30 });
    const full = await addDeparture(payload, shop, { capacity: 2 });
    expect(
      (await createHold(payload, { departureId: full, selection: selection({ adult: 2 }), customer, locale: 'ca' })).ok,
    ).toBe(true);

    const supplier = await supplierRoute(req('/supplier'));
    expect(zSupplier.safeParse(await supplier.json()).success).toBe(true);

    const productsResponse = await productsRoute(req('/products', { lang: 'es' }));
    expect(productsResponse.headers.get('Content-Language')).toBe('es');
    expect(productsResponse.headers.get('Octo-Capabilities')).toBe('octo/pricing');
    const list = (await productsResponse.json()) as unknown[];
    for (const product of list) expect(zProduct.safeParse(product).error).toBeUndefined();
    const product = list.find((p) => (p as { id: string }).id === String(shop.tourId)) as {
      options: { id: string; units: { id: string; type: string; pricingFrom: { retail: number; net: number }[] }[] }[];
    };
    expect(product.options.map((o) => o.id)).toEqual(['ROUND_TRIP', 'ONE_WAY']);
    const adult = product.options[0]!.units.find((u) => u.id === 'adult')!;
    // Prices include VAT, at the configured 10 %: 15.00 € holds 1.36 (and the net 12.00 €, 1.09).
    expect(adult).toMatchObject({
      type: 'ADULT',
      pricingFrom: [
        { retail: 1500, net: 1200, includedTaxes: [{ name: 'IVA 10%', retail: 136, original: 136, net: 109 }] },
      ],
    });
    expect(product.options[0]!.units.find((u) => u.id === 'super3')).toMatchObject({
      type: 'CHILD',
      pricingFrom: [{ retail: 0 }],
    });
    const single = await answer(
      await productRoute(req(`/products/${other.tourId}`), { params: Promise.resolve({ id: String(other.tourId) }) }),
    );
    expect(single.body.options).toMatchObject([{ id: 'DEFAULT' }]);

    const roomyStart = await seatsOf(payload, roomy);
    expect(roomyStart.held).toBe(0);
    const { rows } = await shopDb(payload).query('SELECT local_date FROM departures WHERE id = ?', [roomy]);
    const day = str(rows[0]!.local_date);
    const cal = (await (
      await calendarRoute(
        req('/availability/calendar', {
          body: { productId: String(shop.tourId), optionId: 'ROUND_TRIP', localDateStart: day, localDateEnd: day },
        }),
      )
    ).json()) as unknown[];
    expect(cal).toHaveLength(1);
    expect(zAvailabilityCalendar.safeParse(cal[0]).error).toBeUndefined();
    expect(cal[0]).toMatchObject({ localDate: day, available: true });

    const avail = (await (
      await availabilityRoute(
        req('/availability', {
          body: {
            productId: String(shop.tourId),
            optionId: 'ROUND_TRIP',
            availabilityIds: [String(roomy), String(full)],
          },
        }),
      )
    ).json()) as { id: string; status: string; vacancies: number; localDateTimeStart: string }[];
    for (const a of avail) expect(zAvailability.safeParse(a).error).toBeUndefined();
    expect(avail.find((a) => a.id === String(roomy))).toMatchObject({
      status: 'AVAILABLE',
      vacancies: 30,
      available: true,
    });
    expect(avail.find((a) => a.id === String(full))).toMatchObject({
      status: 'SOLD_OUT',
      vacancies: 0,
      available: false,
    });
    expect(avail[0]!.localDateTimeStart).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+0[12]:00$/);

    const uuid = crypto.randomUUID();
    const reserved = await answer(
      await reserveRoute(
        req('/bookings', {
          body: {
            uuid,
            productId: String(shop.tourId),
            optionId: 'ROUND_TRIP',
            availabilityId: String(roomy),
            expirationMinutes: 20,
            unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }, { unitId: 'super3' }],
          },
        }),
      ),
    );
    expect(reserved.status).toBe(200);
    expect(zBooking.safeParse(reserved.body).error).toBeUndefined();
    expect(reserved.body).toMatchObject({
      uuid,
      status: 'ON_HOLD',
      pricing: {
        retail: 3800,
        net: 3040,
        includedTaxes: [{ name: 'IVA 10%', retail: 345, original: 345, net: 276 }],
      },
    });
    expect(await seatsOf(payload, roomy)).toMatchObject({ held: 4, sold: 0 });

    const extended = await answer(
      await extendRoute(req(`/bookings/${uuid}/extend`, { body: { expirationMinutes: 45 } }), params(uuid)),
    );
    expect(new Date(String(extended.body.utcExpiresAt)).getTime() - Date.now()).toBeGreaterThan(40 * 60_000);

    const patched = await answer(
      await patchRoute(
        req(`/bookings/${uuid}`, { method: 'PATCH', body: { resellerReference: 'RES-1', notes: 'window seat' } }),
        params(uuid),
      ),
    );
    expect(patched.body).toMatchObject({ resellerReference: 'RES-1', notes: 'window seat' });

    const confirmed = await answer(
      await confirmRoute(
        req(`/bookings/${uuid}/confirm`, {
          body: { contact: { fullName: 'Joan Puig Mas', emailAddress: 'joan@example.com' } },
        }),
        params(uuid),
      ),
    );
    expect(zBooking.safeParse(confirmed.body).error).toBeUndefined();
    const booking = confirmed.body as unknown as {
      status: string;
      id: string;
      unitItems: { ticket: { deliveryOptions: { deliveryFormat: string; deliveryValue: string }[] } }[];
      voucher: { deliveryOptions: { deliveryFormat: string; deliveryValue: string }[] };
    };
    expect(booking.status).toBe('CONFIRMED');
    expect(booking.unitItems).toHaveLength(4);
    expect(booking.voucher.deliveryOptions.find((o) => o.deliveryFormat === 'PDF_URL')!.deliveryValue).toMatch(
      /\/pdf\?firma=/,
    );
    expect(await seatsOf(payload, roomy)).toMatchObject({ held: 0, sold: 4 });
    const events = await shopDb(payload).query(
      `SELECT e.method, e.requested_by, e.amount_cents FROM payment_events e JOIN bookings b ON b.id = e.booking_id WHERE b.octo_uuid = ?`,
      [uuid],
    );
    expect(events.rows.map((r) => [r.method, r.requested_by, Number(r.amount_cents)])).toEqual([
      ['invoice', expect.stringMatching(/^reseller:\d+$/), 3800],
    ]);
    const code = booking.unitItems[0]!.ticket.deliveryOptions.find((o) => o.deliveryFormat === 'QRCODE')!.deliveryValue;
    const { rows: dep } = await shopDb(payload).query('SELECT starts_at FROM departures WHERE id = ?', [roomy]);
    const staff = await payload.create({
      collection: 'users',
      data: {
        email: 'crew-octo@example.com',
        password: 'long enough crew password 2026',
        role: 'crew',
        name: 'Crew',
      } as never,
    });
    const scan = await scanCode(payload, {
      code,
      departureId: roomy,
      staff: { id: Number(staff.id), role: 'crew' },
      now: new Date(new Date(String(dep[0]!.starts_at)).getTime() - 10 * 60_000),
    });
    expect(scan).toMatchObject({ result: 'boarded' });

    const got = await answer(await bookingRoute(req(`/bookings/${uuid}`), params(uuid)));
    expect(got.body).toMatchObject({
      uuid,
      resellerReference: 'RES-1',
      contact: { firstName: 'Joan', lastName: 'Puig Mas' },
    });
    const listed = (await (await listRoute(req('/bookings?resellerReference=RES-1'))).json()) as { uuid: string }[];
    expect(listed.map((b) => b.uuid)).toEqual([uuid]);
    // Another reseller sees none of it.
    expect(await (await listRoute(req('/bookings?resellerReference=RES-1', { key: limitedKey }))).json()).toEqual([]);

    const cancelled = await answer(
      await cancelRoute(req(`/bookings/${uuid}/cancel`, { body: { reason: 'guest ill' } }), params(uuid)),
    );
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'FULL' } });
    expect(await seatsOf(payload, roomy)).toMatchObject({ held: 0, sold: 0 });
  });

  it('answers every error with its OCTO code and status', async () => {
    const soon = await addDeparture(payload, shop, { capacity: 10, startsAt: new Date(Date.now() + 3 * 3600_000) });
    const product = String(shop.tourId);
    const cases: [Response, number, string][] = [
      [await productsRoute(req('/products', { key: null })), 401, 'UNAUTHORIZED'],
      [await productsRoute(req('/products', { key: 'golo_nonsense' })), 401, 'UNAUTHORIZED'],
      [await productsRoute(req('/products', { key: revokedKey })), 401, 'UNAUTHORIZED'],
      [
        await productRoute(req('/products/999999'), { params: Promise.resolve({ id: '999999' }) }),
        400,
        'INVALID_PRODUCT_ID',
      ],
      [
        await availabilityRoute(req('/availability', { body: { productId: product, optionId: 'NOPE' } })),
        400,
        'INVALID_OPTION_ID',
      ],
      [
        await availabilityRoute(
          req('/availability', {
            body: { productId: product, optionId: 'ROUND_TRIP', units: [{ id: 'dog', quantity: 1 }] },
          }),
        ),
        400,
        'INVALID_UNIT_ID',
      ],
      [
        await reserveRoute(
          req('/bookings', {
            body: {
              productId: product,
              optionId: 'ROUND_TRIP',
              availabilityId: '999999',
              unitItems: [{ unitId: 'adult' }],
            },
          }),
        ),
        400,
        'INVALID_AVAILABILITY_ID',
      ],
      [await bookingRoute(req('/bookings/x'), params('x')), 400, 'INVALID_BOOKING_UUID'],
      [
        await reserveRoute(
          new Request(`${base}/bookings`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: '{' }),
        ),
        400,
        'BAD_REQUEST',
      ],
      [
        await reserveRoute(
          req('/bookings', {
            body: {
              productId: product,
              optionId: 'ROUND_TRIP',
              availabilityId: String(soon),
              unitItems: [{ unitId: 'child' }],
            },
          }),
        ),
        400,
        'UNPROCESSABLE_ENTITY',
      ],
      [
        await reserveRoute(
          req('/bookings', {
            key: limitedKey,
            body: {
              productId: String(other.tourId),
              optionId: 'DEFAULT',
              availabilityId: String(soon),
              unitItems: [{ unitId: 'adult' }],
            },
          }),
        ),
        403,
        'FORBIDDEN',
      ],
    ];
    for (const [response, status, error] of cases) {
      const body = (await response.json()) as { error: string };
      expect([response.status, body.error]).toEqual([status, error]);
      expect(zBaseError.safeParse(body).success).toBe(true);
    }
    // Confirmed within 24 h of departure: no cancellation.
    const uuid = crypto.randomUUID();
    await reserveRoute(
      req('/bookings', {
        body: {
          uuid,
          productId: product,
          optionId: 'ROUND_TRIP',
          availabilityId: String(soon),
          unitItems: [{ unitId: 'adult' }],
        },
      }),
    );
    await confirmRoute(req(`/bookings/${uuid}/confirm`, { body: { contact: { fullName: 'Ann Lee' } } }), params(uuid));
    const late = await answer(await cancelRoute(req(`/bookings/${uuid}/cancel`, { body: {} }), params(uuid)));
    expect([late.status, late.body.error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
    expect(await seatsOf(payload, soon)).toMatchObject({ sold: 1 });
  });

  it('a reservation sent again with its uuid gets the same booking; another request under that uuid is told what differs', async () => {
    const first = await addDeparture(payload, shop, { capacity: 30 });
    const second = await addDeparture(payload, shop, { capacity: 30 });
    const uuid = crypto.randomUUID();
    const body = {
      uuid,
      productId: String(shop.tourId),
      optionId: 'ROUND_TRIP',
      availabilityId: String(first),
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
    };
    const reserve = async (b: Record<string, unknown>, k?: string) =>
      answer(await reserveRoute(req('/bookings', { body: b, ...(k ? { key: k } : {}) })));

    const made = await reserve(body);
    expect(made).toMatchObject({ status: 200, body: { uuid, status: 'ON_HOLD' } });
    // The answer got lost; the reseller sends the same request again (OCTO: uuid is the idempotency key).
    const again = await reserve(body);
    expect(again).toMatchObject({ status: 200, body: { uuid, supplierReference: made.body.supplierReference } });
    expect(await seatsOf(payload, first)).toMatchObject({ held: 2 });

    // The same uuid for another booking: refused, saying which part differs; nothing held for it.
    for (const [changed, field] of [
      [{ availabilityId: String(second) }, 'availabilityId'],
      [{ unitItems: [{ unitId: 'adult' }] }, 'unitItems'],
      [{ optionId: 'ONE_WAY' }, 'optionId'],
    ] as const) {
      const other = await reserve({ ...body, ...changed });
      expect(other).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
      expect(other.body.errorMessage).toContain(field);
      expect(other.body.errorMessage).toContain(String(made.body.supplierReference));
      expect(zBaseError.safeParse(other.body).success).toBe(true);
    }
    expect(await seatsOf(payload, first)).toMatchObject({ held: 2 });
    expect(await seatsOf(payload, second)).toMatchObject({ held: 0 });

    // Another reseller's uuid: refused, and nothing about whose booking it is.
    const stranger = await reserve(body, limitedKey);
    expect(stranger).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(JSON.stringify(stranger.body)).not.toContain(String(made.body.supplierReference));

    // The same request sent five times at once (a retrying client): one booking, its seats held once.
    const racing = { ...body, uuid: crypto.randomUUID(), availabilityId: String(second) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => reserve(racing)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.supplierReference)).size).toBe(1);
    expect(await seatsOf(payload, second)).toMatchObject({ held: 2 });
    const { rows } = await shopDb(payload).query('SELECT COUNT(*) AS n FROM bookings WHERE octo_uuid = ?', [
      racing.uuid,
    ]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  const racers = 200;
  it(`${racers} OCTO reservations race ${racers} web holds for 20 seats: 20 held, none oversold`, async () => {
    const departure = await addDeparture(payload, shop, { capacity: 20 });
    const octo = Array.from({ length: racers }, () =>
      reserveRoute(
        req('/bookings', {
          body: {
            productId: String(shop.tourId),
            optionId: 'ROUND_TRIP',
            availabilityId: String(departure),
            unitItems: [{ unitId: 'adult' }],
          },
        }),
      ),
    );
    const web = Array.from({ length: racers }, () =>
      createHold(payload, { departureId: departure, selection: selection(), customer, locale: 'ca' }),
    );
    const [octoResults, webResults] = await Promise.all([Promise.all(octo), Promise.all(web)]);
    const octoWon = octoResults.filter((r) => r.status === 200).length;
    const webWon = webResults.filter((r) => r.ok).length;
    expect(octoWon + webWon).toBe(20);
    expect(await seatsOf(payload, departure)).toEqual({ capacity: 20, sold: 0, held: 20 });
  }, 120_000);
});
