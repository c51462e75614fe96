import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { GET as boardingDepartures } from '@/app/api/boarding/departures/route';
import { GET as boardingTickets } from '@/app/api/boarding/departures/[id]/tickets/route';
import { POST as boardingScan } from '@/app/api/boarding/scan/route';
import { POST as boardingSync } from '@/app/api/boarding/sync/route';
import { POST as opsAnonymise } from '@/app/api/ops/bookings/[reference]/anonymise/route';
import { POST as opsBookingCancel } from '@/app/api/ops/bookings/[reference]/cancel/route';
import { POST as opsCorrect } from '@/app/api/ops/bookings/[reference]/correct/route';
import { POST as opsBookingDisruption } from '@/app/api/ops/bookings/[reference]/disruption/route';
import { POST as opsLink } from '@/app/api/ops/bookings/[reference]/link/route';
import { POST as opsMove } from '@/app/api/ops/bookings/[reference]/move/route';
import { POST as opsMoveWithdraw } from '@/app/api/ops/bookings/[reference]/move/withdraw/route';
import { POST as opsResend } from '@/app/api/ops/bookings/[reference]/resend/route';
import { GET as opsBooking } from '@/app/api/ops/bookings/[reference]/route';
import { GET as opsSearch, POST as opsSell } from '@/app/api/ops/bookings/route';
import { GET as opsCashUp } from '@/app/api/ops/cash-up/route';
import { POST as opsDepartureCancel } from '@/app/api/ops/departures/[id]/cancel/route';
import { POST as opsCapacity } from '@/app/api/ops/departures/[id]/capacity/route';
import { POST as opsClose } from '@/app/api/ops/departures/[id]/close/route';
import { GET as opsDepartureDisruption } from '@/app/api/ops/departures/[id]/disruption/route';
import { GET as opsManifestCsv } from '@/app/api/ops/departures/[id]/manifest.csv/route';
import { GET as opsManifest } from '@/app/api/ops/departures/[id]/manifest/route';
import { POST as opsReopen } from '@/app/api/ops/departures/[id]/reopen/route';
import { GET as opsDepartures, POST as opsAddDeparture } from '@/app/api/ops/departures/route';
import { POST as opsRefundRetry } from '@/app/api/ops/refunds/[id]/retry/route';
import { GET as opsRefunds } from '@/app/api/ops/refunds/route';
import { GET as opsReports } from '@/app/api/ops/reports/route';
import { GET as opsSalesCsv } from '@/app/api/ops/reports/sales.csv/route';
import { GET as opsToday } from '@/app/api/ops/today/route';
import { POST as paymentsNotify } from '@/app/api/payments/notify/route';
import { POST as sandboxRest } from '@/app/api/payments/sandbox/rest/route';
import { POST as sandboxPay } from '@/app/api/payments/sandbox/route';
import { POST as shopChange } from '@/app/api/shop/bookings/[reference]/change/route';
import { POST as shopMovePayment } from '@/app/api/shop/bookings/[reference]/move-payment/route';
import { GET as shopPdf } from '@/app/api/shop/bookings/[reference]/pdf/route';
import { POST as shopResend } from '@/app/api/shop/bookings/[reference]/resend/route';
import { POST as shopExtend } from '@/app/api/shop/holds/[reference]/extend/route';
import { POST as shopPayment } from '@/app/api/shop/holds/[reference]/payment/route';
import { POST as shopRelease } from '@/app/api/shop/holds/[reference]/release/route';
import { GET as shopHold } from '@/app/api/shop/holds/[reference]/route';
import { POST as shopHolds } from '@/app/api/shop/holds/route';
import { GET as shopToday } from '@/app/api/shop/today/route';
import { GET as shopAvailability } from '@/app/api/shop/tours/[slug]/availability/route';
import { POST as octoAvailability } from '@/app/octo/v1/availability/route';
import { POST as octoCalendar } from '@/app/octo/v1/availability/calendar/route';
import { POST as octoCancel } from '@/app/octo/v1/bookings/[uuid]/cancel/route';
import { POST as octoConfirm } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { POST as octoExtend } from '@/app/octo/v1/bookings/[uuid]/extend/route';
import { GET as octoBooking, PATCH as octoPatch } from '@/app/octo/v1/bookings/[uuid]/route';
import { GET as octoList, POST as octoReserve } from '@/app/octo/v1/bookings/route';
import { GET as octoProduct } from '@/app/octo/v1/products/[id]/route';
import { GET as octoProducts } from '@/app/octo/v1/products/route';
import { GET as octoSupplier } from '@/app/octo/v1/supplier/route';
import { createHold } from '@/booking/holds';
import es from '@/i18n/messages/ops/es.json';
import { newApiKey } from '@/octo/keys';

import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Malformed input must never be answered 5xx (issue: "should fix"): every route handler of our
 * own API gets generated garbage — broken and valid JSON, wrong types, huge numbers, unicode, odd
 * content types and query strings, with and without a staff session — and must answer < 500.
 * The seed is fixed so a failure reproduces; FUZZ_SEED explores other cases.
 */
vi.hoisted(() => {
  // Each case is its own client address, so the per-IP limits do not stop the handlers early.
  process.env.ENABLE_TEST_ROUTES = '1';
});

const payload = useTestPayload();
const seed = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

const tokens: Record<'admin' | 'office' | 'crew', string> = { admin: '', office: '', crew: '' };
/** A reseller's OCTO key: the /octo/v1 routes take `Authorization: Bearer`, not a staff session. */
let resellerKey = '';
const known = { reference: 'X', departureId: 0, tourSlug: 'x', tourId: '0', uuid: 'x' };

beforeAll(async () => {
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-fuzz@example.com`;
    const password = `long enough ${role} password 2026`;
    await payload.create({ collection: 'users', data: { email, password, role } as never });
    tokens[role] = (await payload.login({ collection: 'users', data: { email, password } })).token!;
  }
  const shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  known.departureId = await addDeparture(payload, shop, { capacity: 100 });
  known.tourSlug = (await payload.findByID({ collection: 'tours', id: shop.tourId })).slug as string;
  known.tourId = String(shop.tourId);
  const made = newApiKey();
  await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: { name: 'Fuzz travel', keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 10 } as never,
  });
  resellerKey = made.key;
  // A real OCTO booking, so generated confirm/extend/cancel/patch bodies reach past "unknown uuid".
  known.uuid = crypto.randomUUID();
  const reserved = await octoReserve(
    new Request('http://localhost:3000/octo/v1/bookings', {
      method: 'POST',
      headers: { authorization: `Bearer ${resellerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        uuid: known.uuid,
        productId: known.tourId,
        optionId: 'DEFAULT',
        availabilityId: String(known.departureId),
        unitItems: [{ unitId: 'adult' }],
      }),
    }),
  );
  if (reserved.status !== 200) throw new Error(`OCTO reserve: ${reserved.status} ${await reserved.text()}`);
  const held = await createHold(payload, {
    departureId: known.departureId,
    selection: selection({ adult: 2 }),
    customer,
    locale: 'ca',
  });
  if (!held.ok) throw new Error(held.error);
  known.reference = held.reference;
});

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Endpoint = { method: 'GET' | 'POST' | 'PATCH'; path: string; handler: Handler };

const endpoints: Endpoint[] = [
  { method: 'GET', path: '/api/boarding/departures', handler: boardingDepartures },
  { method: 'GET', path: '/api/boarding/departures/[id]/tickets', handler: boardingTickets },
  { method: 'POST', path: '/api/boarding/scan', handler: boardingScan },
  { method: 'POST', path: '/api/boarding/sync', handler: boardingSync },
  { method: 'POST', path: '/api/ops/bookings/[reference]/anonymise', handler: opsAnonymise },
  { method: 'POST', path: '/api/ops/bookings/[reference]/cancel', handler: opsBookingCancel },
  { method: 'POST', path: '/api/ops/bookings/[reference]/correct', handler: opsCorrect },
  { method: 'POST', path: '/api/ops/bookings/[reference]/disruption', handler: opsBookingDisruption },
  { method: 'POST', path: '/api/ops/bookings/[reference]/move', handler: opsMove },
  { method: 'POST', path: '/api/ops/bookings/[reference]/move/withdraw', handler: opsMoveWithdraw },
  { method: 'POST', path: '/api/ops/bookings/[reference]/resend', handler: opsResend },
  { method: 'GET', path: '/api/ops/bookings/[reference]', handler: opsBooking },
  { method: 'GET', path: '/api/ops/bookings', handler: opsSearch },
  { method: 'POST', path: '/api/ops/bookings', handler: opsSell },
  { method: 'GET', path: '/api/ops/cash-up', handler: opsCashUp },
  { method: 'POST', path: '/api/ops/departures/[id]/cancel', handler: opsDepartureCancel },
  { method: 'POST', path: '/api/ops/bookings/[reference]/link', handler: opsLink },
  { method: 'POST', path: '/api/ops/departures/[id]/capacity', handler: opsCapacity },
  { method: 'POST', path: '/api/ops/departures/[id]/close', handler: opsClose },
  { method: 'GET', path: '/api/ops/departures/[id]/disruption', handler: opsDepartureDisruption },
  { method: 'GET', path: '/api/ops/departures/[id]/manifest.csv', handler: opsManifestCsv },
  { method: 'GET', path: '/api/ops/departures/[id]/manifest', handler: opsManifest },
  { method: 'POST', path: '/api/ops/departures/[id]/reopen', handler: opsReopen },
  { method: 'GET', path: '/api/ops/departures', handler: opsDepartures },
  { method: 'POST', path: '/api/ops/departures', handler: opsAddDeparture },
  { method: 'POST', path: '/api/ops/refunds/[id]/retry', handler: opsRefundRetry },
  { method: 'GET', path: '/api/ops/refunds', handler: opsRefunds },
  { method: 'GET', path: '/api/ops/reports', handler: opsReports },
  { method: 'GET', path: '/api/ops/reports/sales.csv', handler: opsSalesCsv },
  { method: 'GET', path: '/api/ops/today', handler: opsToday },
  { method: 'POST', path: '/api/payments/notify', handler: paymentsNotify },
  { method: 'POST', path: '/api/payments/sandbox/rest', handler: sandboxRest },
  { method: 'POST', path: '/api/payments/sandbox', handler: sandboxPay },
  { method: 'POST', path: '/api/shop/bookings/[reference]/change', handler: shopChange },
  { method: 'POST', path: '/api/shop/bookings/[reference]/move-payment', handler: shopMovePayment },
  { method: 'GET', path: '/api/shop/bookings/[reference]/pdf', handler: shopPdf },
  { method: 'POST', path: '/api/shop/bookings/[reference]/resend', handler: shopResend },
  { method: 'POST', path: '/api/shop/holds/[reference]/extend', handler: shopExtend },
  { method: 'POST', path: '/api/shop/holds/[reference]/payment', handler: shopPayment },
  { method: 'POST', path: '/api/shop/holds/[reference]/release', handler: shopRelease },
  { method: 'GET', path: '/api/shop/holds/[reference]', handler: shopHold },
  { method: 'POST', path: '/api/shop/holds', handler: shopHolds },
  { method: 'GET', path: '/api/shop/today', handler: shopToday },
  { method: 'GET', path: '/api/shop/tours/[slug]/availability', handler: shopAvailability },
  { method: 'GET', path: '/octo/v1/supplier', handler: octoSupplier },
  { method: 'GET', path: '/octo/v1/products', handler: octoProducts },
  { method: 'GET', path: '/octo/v1/products/[id]', handler: octoProduct },
  { method: 'POST', path: '/octo/v1/availability', handler: octoAvailability },
  { method: 'POST', path: '/octo/v1/availability/calendar', handler: octoCalendar },
  { method: 'GET', path: '/octo/v1/bookings', handler: octoList },
  { method: 'POST', path: '/octo/v1/bookings', handler: octoReserve },
  { method: 'GET', path: '/octo/v1/bookings/[uuid]', handler: octoBooking },
  { method: 'PATCH', path: '/octo/v1/bookings/[uuid]', handler: octoPatch },
  { method: 'POST', path: '/octo/v1/bookings/[uuid]/confirm', handler: octoConfirm },
  { method: 'POST', path: '/octo/v1/bookings/[uuid]/extend', handler: octoExtend },
  { method: 'POST', path: '/octo/v1/bookings/[uuid]/cancel', handler: octoCancel },
] as Endpoint[];

/** Field names our handlers read, so generated bodies reach past "not an object". */
const fieldNames = [
  'departureId',
  'departure',
  'tripType',
  'adult',
  'reduced',
  'child',
  'super3',
  'audioGuides',
  'name',
  'surnames',
  'email',
  'phone',
  'mobilePhone',
  'comments',
  'locale',
  'code',
  'tickets',
  'scans',
  'scannedAt',
  'collect',
  'reason',
  'refund',
  'capacity',
  'boat',
  'tour',
  'date',
  'time',
  'choice',
  'status',
  'method',
  'invoiceTo',
  'requestKey',
  'month',
  'q',
  'from',
  'to',
  'mine',
  'decision',
  'card',
  'path',
  'firma',
  'Ds_Signature',
  'Ds_MerchantParameters',
  'Ds_SignatureVersion',
  'seats',
  'amountCents',
  'notify',
  'items',
  'lines',
  'payment',
  'productId',
  'optionId',
  'availabilityId',
  'localDate',
  'localDateStart',
  'localDateEnd',
  'units',
  'unitItems',
  'unitId',
  'id',
  'quantity',
  'uuid',
  'expirationMinutes',
  'contact',
  'resellerReference',
  'supplierReference',
  'notes',
];

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e400',
    '9'.repeat(40),
    'NaN',
    'Infinity',
    'null',
    'true',
    '[]',
    '{}',
    '%00',
    '\u0000',
    '../../etc/passwd',
    '2026-02-30',
    '2026-13-01',
    '25:61',
    '<script>',
    '🚢'.repeat(50),
    'x'.repeat(20_000),
    'roundTrip',
    'oneWay',
    'ca',
    'es',
    'en',
    'fr',
    'xx',
    'GOL-0000',
    'cash',
    'card',
  ),
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, -0, 2 ** 31, -(2 ** 31) - 1),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.array(fc.oneof(oddString, fc.integer()), { maxLength: 5 }),
  fc.dictionary(oddString, oddString, { maxKeys: 3 }),
);
const fieldsObject = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 })), oddValue, {
  maxKeys: 12,
});

const contentType = fc.constantFrom(
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/json; charset=utf-16',
  'application/xml',
  null,
);
const body = fc.oneof(
  fieldsObject.map((o) => JSON.stringify(o)),
  fieldsObject.map((o) =>
    new URLSearchParams(
      Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString(),
  ),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{', '{"departureId":', '[]', 'null', '1e400', '"x"', '{"a":1}{"b":2}', '--x\r\n', '\uFEFF{}'),
);
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 6 })), oddString), {
  maxLength: 6,
});
const auth = fc.constantFrom<keyof typeof tokens | 'forged' | 'reseller' | null>(
  null,
  'office',
  'admin',
  'crew',
  'forged',
  'reseller',
);

function paramFor(name: string): fc.Arbitrary<string> {
  const real =
    name === 'slug'
      ? known.tourSlug
      : name === 'reference'
        ? known.reference
        : name === 'id'
          ? known.tourId
          : name === 'uuid'
            ? known.uuid
            : String(known.departureId);
  return fc.oneof(fc.constant(real), oddString, fc.integer().map(String));
}

let client = 0;

function buildRequest(
  endpoint: Endpoint,
  c: { auth: string | null; type: string | null; body: string; query: [string, string][]; language: string },
  params: Record<string, string>,
) {
  const path = endpoint.path.replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(params[name]!));
  const url = new URL(`http://localhost:3000${path}`);
  for (const [key, value] of c.query) url.searchParams.append(key, value);
  const headers = new Headers({ 'x-test-client-ip': `fuzz-${client++}`, 'accept-language': c.language });
  if (c.type) headers.set('content-type', c.type);
  if (c.auth === 'forged') headers.set('authorization', 'JWT eyJhbGciOiJIUzI1NiJ9.e30.AAAA');
  else if (c.auth === 'reseller') headers.set('authorization', `Bearer ${resellerKey}`);
  else if (c.auth) headers.set('authorization', `JWT ${tokens[c.auth as keyof typeof tokens]}`);
  return new Request(url, {
    method: endpoint.method,
    headers,
    body: endpoint.method === 'GET' ? null : c.body,
  });
}

describe(`malformed input on ${testDatabaseKind} never gets a 5xx`, () => {
  afterAll(() => {
    client = 0;
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const names = [...endpoint.path.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
      const params = fc.record(
        Object.fromEntries(names.map((n) => [n, paramFor(n)])) as Record<string, fc.Arbitrary<string>>,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            auth,
            type: contentType,
            body,
            query,
            language: fc.constantFrom('ca', 'es', 'en', 'fr', 'de', '', '*;q=x'),
          }),
          params,
          async (c, p) => {
            let response: Response;
            try {
              response = await endpoint.handler(buildRequest(endpoint, c, p), { params: Promise.resolve(p) });
            } catch (error) {
              // Next answers a thrown handler with a bare 500.
              throw new Error(
                `threw ${error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' | ') : String(error)}`,
              );
            }
            if (response.status >= 500) {
              throw new Error(`${response.status} ${(await response.text()).slice(0, 200)}`);
            }
            return true;
          },
        ),
        { numRuns: RUNS, seed, endOnFailure: true },
      );
    });
  }
});

// Found by the fuzz on PostgreSQL (seed 11): a NUL in a reference failed the query, a 500.
describe(`a reference PostgreSQL cannot store on ${testDatabaseKind}`, () => {
  it('is refused with a 4xx on every endpoint that takes one', async () => {
    const withReference = endpoints.filter((e) => e.path.includes('[reference]'));
    expect(withReference.length).toBeGreaterThan(10);
    for (const endpoint of withReference) {
      const params = { reference: `${known.reference}\u0000` };
      const c = { auth: 'admin', type: 'application/json', body: '{}', query: [], language: 'ca' };
      const response = await endpoint.handler(buildRequest(endpoint, c, params), { params: Promise.resolve(params) });
      const where = `${endpoint.method} ${endpoint.path}`;
      expect(response.status, where).toBeGreaterThanOrEqual(400);
      expect(response.status, where).toBeLessThan(500);
    }
  });
});

describe(`not-found answers on ${testDatabaseKind}`, () => {
  it('carry a key the client translates (shop) or the staff language’s message (ops), not English prose', async () => {
    const params = { reference: 'NOSUCHREFERENCE00000' };
    const plain = { auth: null, type: null, body: '', query: [], language: 'ca' };
    for (const endpoint of endpoints.filter((e) =>
      /^\/api\/shop\/bookings\/\[reference\]\/(pdf|resend)$/.test(e.path),
    )) {
      const response = await endpoint.handler(buildRequest(endpoint, plain, params), {
        params: Promise.resolve(params),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ ok: false, error: 'bookingNotFound' });
    }
    const ops = endpoints.find((e) => e.method === 'GET' && e.path === '/api/ops/bookings/[reference]')!;
    const request = buildRequest(ops, { ...plain, auth: 'office' }, params);
    request.headers.set('cookie', 'payload-lng=es');
    const answer = await ops.handler(request, { params: Promise.resolve(params) });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ ok: false, error: 'notFound', message: es.ops.booking.notFound });
  });
});
