import { beforeAll, describe, expect, it } from 'vitest';

import { GET as reportsRoute } from '@/app/api/ops/reports/route';
import { GET as salesCsvRoute } from '@/app/api/ops/reports/sales.csv/route';
import { cancelBooking } from '@/operations/booking-actions';
import { scanCode } from '@/operations/boarding';
import { sellAtBoxOffice } from '@/operations/box-office';
import { shopDb, str } from '@/booking/db';
import { cancelDeparture, rebookDisrupted, refundDisrupted } from '@/operations/disruption';
import {
  cancelResellerBooking,
  confirmResellerBooking,
  findResellerBooking,
  reserveForReseller,
} from '@/resellers/sales';
import type { SalesReport } from '@/operations/reports';
import { madridToUtc } from '@/i18n/time';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { heldAndStarted, payAtSandbox, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, selection } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
const users: Record<'admin' | 'office' | 'crew', { token: string; id: number }> = {
  admin: { token: '', id: 0 },
  office: { token: '', id: 0 },
  crew: { token: '', id: 0 },
};
const base = 'http://localhost:3111';
let tourA: { tourId: number; boatId: number };
let tourB: { tourId: number; boatId: number };
const resellers = { mar: { id: 0, name: 'Viatges Mar' }, klook: { id: 0, name: 'Klook' } };

/** A reseller's OCTO sale (reserve, then confirm on account) at a chosen instant. */
async function resellerSale(reseller: { id: number; name: string }, departureId: number, adults: number, at: Date) {
  const uuid = crypto.randomUUID();
  const held = await reserveForReseller(payload, {
    resellerId: reseller.id,
    uuid,
    resellerReference: null,
    departureId,
    selection: selection({ adult: adults }),
    customer: { name: 'Guest', surnames: '', email: '', phone: '', mobilePhone: '' },
    locale: 'en',
    now: at,
  });
  if (!held.ok) throw new Error(`reseller hold: ${held.error}`);
  const booking = await findResellerBooking(payload, reseller.id, uuid, at);
  const confirmed = await confirmResellerBooking(payload, {
    bookingId: booking!.id,
    resellerId: reseller.id,
    resellerName: reseller.name,
    changes: {},
    now: at,
  });
  if (!confirmed.ok) throw new Error('reseller confirmation refused');
  return (await findResellerBooking(payload, reseller.id, uuid, at))!;
}

/** A web sale paid through the sandbox gateway at a chosen instant (the report's day is its day). */
async function webSale(departureId: number, adults: number, at: Date) {
  const { held, request } = await heldAndStarted(payload, departureId, { adults, now: at });
  const outcome = await payAtSandbox(payload, request, at);
  if (outcome.status !== 'confirmed') throw new Error(`payment not confirmed: ${outcome.status}`);
  return held;
}

/**
 * March 2026, before summer time (Madrid = UTC+1). All of it in the past, so the trips of the
 * 10th have left whatever time the test runs:
 * - 9th: a web sale of 2 adults (30.00) on D1 and a cash sale (41.00) on D1;
 * - 10th at 00:30 Madrid (still the 9th in UTC): an agency invoice (27.00) on tour B's D4;
 *   during the 10th three web sales on D2 (15.00, 30.00, 15.00) and the first web sale cancelled
 *   with a full refund (30.00); one ticket of the cash sale boards D1;
 * - 11th: D2 cancelled for wind; one visitor takes the refund (15.00), one moves to D3 (the 12th),
 *   one has not decided.
 * - 12th: resellers through OCTO on tour B's D5 (the 14th): Viatges Mar (20 %) sells 2 adults
 *   (30.00) and 1 adult (15.00), then cancels the latter; Klook (10 %) sells 1 adult (15.00).
 */
beforeAll(async () => {
  tourA = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  tourB = await makeTour(payload, { menuKey: 'maritime40', boatCapacity: 100 });
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-reports@example.com`;
    const password = `long enough ${role} password 2026`;
    const user = await payload.create({
      collection: 'users',
      data: { email, password, role, name: `Informes ${role}` } as never,
    });
    const login = await payload.login({ collection: 'users', data: { email, password } });
    users[role] = { token: login.token!, id: Number(user.id) };
  }

  const d1 = await addDeparture(payload, tourA, { capacity: 50, startsAt: madridToUtc('2026-03-10', '11:00') });
  const d2 = await addDeparture(payload, tourA, { capacity: 50, startsAt: madridToUtc('2026-03-11', '11:00') });
  const d3 = await addDeparture(payload, tourA, { capacity: 50, startsAt: madridToUtc('2026-03-12', '11:00') });
  const d4 = await addDeparture(payload, tourB, { capacity: 50, startsAt: madridToUtc('2026-03-10', '12:00') });
  const office = `user:${users.office.id}`;

  const w1 = await webSale(d1, 2, new Date('2026-03-09T09:00:00Z'));
  const cash = await sellAtBoxOffice(payload, {
    departureId: d1,
    selection: selection({ adult: 2, child: 1, audioGuides: 1 }),
    customer: { name: 'Pere', surnames: 'Mas', email: '', phone: '', mobilePhone: '' },
    locale: 'ca',
    method: 'cash',
    by: office,
    now: new Date('2026-03-09T17:00:00Z'),
  });
  const invoice = await sellAtBoxOffice(payload, {
    departureId: d4,
    selection: selection({ adult: 1, reduced: 1 }),
    customer: { name: 'Agència Mar', surnames: '', email: '', phone: '', mobilePhone: '' },
    locale: 'es',
    method: 'invoice',
    invoiceTo: 'Agència Mar',
    invoiceTaxId: 'B12345674',
    invoiceAddress: 'Moll de la Fusta 1, Barcelona',
    by: office,
    now: new Date('2026-03-09T23:30:00Z'),
  });
  if (!cash.ok || !invoice.ok) throw new Error('box-office sale refused');
  const w2 = await webSale(d2, 1, new Date('2026-03-10T08:00:00Z'));
  const w3 = await webSale(d2, 2, new Date('2026-03-10T08:05:00Z'));
  await webSale(d2, 1, new Date('2026-03-10T08:10:00Z'));
  const cancelled = await cancelBooking(
    payload,
    { reference: w1.reference, refund: 'full', reason: 'customer', by: office, now: new Date('2026-03-10T09:00:00Z') },
    { provider },
  );
  if (!cancelled.ok || cancelled.refund?.ok !== true) throw new Error('cancellation refund failed');

  const { rows } = await shopDb(payload).query('SELECT code FROM tickets WHERE booking_id = ? ORDER BY id', [
    cash.bookingId,
  ]);
  const scan = await scanCode(payload, {
    code: str(rows[0]!.code),
    departureId: d1,
    staff: { id: users.crew.id, role: 'crew' },
    now: new Date('2026-03-10T09:50:00Z'),
  });
  if (scan.result !== 'boarded') throw new Error(`scan: ${scan.result}`);

  await cancelDeparture(payload, {
    departureId: d2,
    reason: 'wind',
    by: office,
    now: new Date('2026-03-11T07:00:00Z'),
  });
  const refunded = await refundDisrupted(
    payload,
    { reference: w2.reference, by: 'visitor', now: new Date('2026-03-11T08:00:00Z') },
    { provider },
  );
  if (!refunded.ok) throw new Error(`disruption refund: ${refunded.error}`);
  const moved = await rebookDisrupted(payload, {
    reference: w3.reference,
    departureId: d3,
    by: 'visitor',
    now: new Date('2026-03-11T08:30:00Z'),
  });
  if (!moved.ok) throw new Error(`disruption move: ${moved.error}`);

  for (const [key, commissionPercent] of [
    ['mar', 20],
    ['klook', 10],
  ] as const) {
    const doc = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: resellers[key].name, commissionPercent, keyPrefix: `golo_${key}`, keyHash: `hash-${key}` },
    });
    resellers[key].id = Number(doc.id);
  }
  const d5 = await addDeparture(payload, tourB, { capacity: 50, startsAt: madridToUtc('2026-03-14', '12:00') });
  await resellerSale(resellers.mar, d5, 2, new Date('2026-03-12T09:00:00Z'));
  const dropped = await resellerSale(resellers.mar, d5, 1, new Date('2026-03-12T09:10:00Z'));
  await resellerSale(resellers.klook, d5, 1, new Date('2026-03-12T10:00:00Z'));
  const gone = await cancelResellerBooking(
    payload,
    { booking: dropped, reason: 'guest ill', now: new Date('2026-03-12T11:00:00Z') },
    { provider },
  );
  if (!gone.ok) throw new Error(`reseller cancel: ${gone.error}`);
});
checkInvariantsAfterEach(() => payload);

function call(path: string, role: keyof typeof users, language = 'en') {
  return new Request(`${base}${path}`, {
    headers: { Authorization: `JWT ${users[role].token}`, cookie: `payload-lng=${language}` },
  });
}

describe(`reports on ${testDatabaseKind}`, () => {
  it('counts money by Madrid day and channel, tickets by category, disruption outcomes and no-shows', async () => {
    const response = await reportsRoute(call('/api/ops/reports?from=2026-03-09&to=2026-03-11', 'office'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const report = (await response.json()) as SalesReport & { ok: boolean };
    expect(report).toMatchObject({ ok: true, from: '2026-03-09', to: '2026-03-11' });
    expect(report.days).toEqual([
      {
        date: '2026-03-09',
        payments: 2,
        webCents: 3000,
        boxOfficeCents: 4100,
        agencyCents: 0,
        resellerCents: 0,
        salesCents: 7100,
        refunds: 0,
        refundsCents: 0,
        netCents: 7100,
      },
      // The invoice at 23:30 UTC on the 9th is 00:30 on the 10th in Barcelona.
      {
        date: '2026-03-10',
        payments: 4,
        webCents: 6000,
        boxOfficeCents: 0,
        agencyCents: 2700,
        resellerCents: 0,
        salesCents: 8700,
        refunds: 1,
        refundsCents: 3000,
        netCents: 5700,
      },
      {
        date: '2026-03-11',
        payments: 0,
        webCents: 0,
        boxOfficeCents: 0,
        agencyCents: 0,
        resellerCents: 0,
        salesCents: 0,
        refunds: 1,
        refundsCents: 1500,
        netCents: -1500,
      },
    ]);
    expect(report.channels).toEqual([
      { channel: 'web', payments: 4, cents: 9000 },
      { channel: 'boxOffice', payments: 1, cents: 4100 },
      { channel: 'agency', payments: 1, cents: 2700 },
      { channel: 'reseller', payments: 0, cents: 0 },
    ]);
    expect(report.resellers).toEqual([]);
    expect(report.tours).toEqual([
      {
        tourId: tourA.tourId,
        title: expect.stringMatching(/^Test tour/),
        salesCents: 13100,
        refundsCents: 4500,
        netCents: 8600,
      },
      {
        tourId: tourB.tourId,
        title: expect.stringMatching(/^Test tour/),
        salesCents: 2700,
        refundsCents: 0,
        netCents: 2700,
      },
    ]);
    // D1: the cash sale (the cancelled web sale's tickets are void); D4: the invoice; D2: the
    // undecided booking (the refunded one is void, the moved one sails on the 12th).
    expect(report.categories).toEqual([
      { category: 'adult', tickets: 4 },
      { category: 'reduced', tickets: 1 },
      { category: 'child', tickets: 1 },
      { category: 'super3', tickets: 0 },
    ]);
    expect(report.disruption).toEqual({
      departures: 1,
      disrupted: 3,
      moved: 1,
      refunded: 1,
      cancelled: 0,
      undecided: 1,
    });
    // The 10th: D1 (3 sold, 1 boarded) and D4 (2 sold, none boarded); D2 never left.
    expect(report.boarding).toEqual([{ date: '2026-03-10', departures: 2, sold: 5, boarded: 1, noShows: 4 }]);
    expect(report.totals).toEqual({
      payments: 6,
      salesCents: 15800,
      refunds: 2,
      refundsCents: 4500,
      netCents: 11300,
      tickets: 6,
      sold: 5,
      boarded: 1,
      noShows: 4,
    });
  });

  it('one day alone: only what happened on that Madrid day', async () => {
    const response = await reportsRoute(call('/api/ops/reports?from=2026-03-11&to=2026-03-11', 'admin'));
    const report = (await response.json()) as SalesReport;
    expect(report.totals).toMatchObject({ payments: 0, salesCents: 0, refundsCents: 1500, netCents: -1500 });
    expect(report.disruption).toMatchObject({ departures: 1, disrupted: 3 });
    expect(report.boarding).toEqual([]);
  });

  it('the CSV: a row per day, plain numbers, totals last, header in the staff language', async () => {
    const response = await salesCsvRoute(call('/api/ops/reports/sales.csv?from=2026-03-09&to=2026-03-11', 'office'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="sales-2026-03-09-2026-03-11.csv"');
    // Response.text() drops the BOM; the bytes keep it.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFDay,Web,Box office,Agency,Resellers,Sales,Refunds,Net\r\n' +
        '2026-03-09,30.00,41.00,0.00,0.00,71.00,0.00,71.00\r\n' +
        '2026-03-10,60.00,0.00,27.00,0.00,87.00,30.00,57.00\r\n' +
        '2026-03-11,0.00,0.00,0.00,0.00,0.00,15.00,-15.00\r\n' +
        'Total,90.00,41.00,27.00,0.00,158.00,45.00,113.00\r\n',
    );
    const catalan = await salesCsvRoute(
      call('/api/ops/reports/sales.csv?from=2026-03-09&to=2026-03-09', 'admin', 'ca'),
    );
    expect(await catalan.text()).toBe(
      'Dia,Web,Taquilla,Agència,Revenedors,Vendes,Devolucions,Net\r\n2026-03-09,30.00,41.00,0.00,0.00,71.00,0.00,71.00\r\nTotal,30.00,41.00,0.00,0.00,71.00,0.00,71.00\r\n',
    );
  });

  it('counts OCTO sales as their own channel, with what each reseller sold, cancelled and owes net', async () => {
    const response = await reportsRoute(call('/api/ops/reports?from=2026-03-12&to=2026-03-12', 'office'));
    const report = (await response.json()) as SalesReport;
    expect(report.days).toEqual([
      {
        date: '2026-03-12',
        payments: 3,
        webCents: 0,
        boxOfficeCents: 0,
        agencyCents: 0,
        resellerCents: 6000,
        salesCents: 6000,
        refunds: 1,
        refundsCents: 1500,
        netCents: 4500,
      },
    ]);
    expect(report.channels.find((line) => line.channel === 'reseller')).toEqual({
      channel: 'reseller',
      payments: 3,
      cents: 6000,
    });
    expect(report.channels.find((line) => line.channel === 'agency')).toMatchObject({ payments: 0 });
    // Viatges Mar: 45.00 sold, 15.00 back = 30.00 at retail, 24.00 net of 20 %; Klook 15.00, 13.50 net.
    // Neither has invoicing details, so both sold as our agents: their commission is our cost.
    expect(report.resellers).toEqual([
      {
        resellerId: resellers.mar.id,
        name: 'Viatges Mar',
        bookings: 2,
        cancellations: 1,
        salesCents: 4500,
        refundsCents: 1500,
        retailCents: 3000,
        netCents: 2400,
        agentCommissionCents: 600,
      },
      {
        resellerId: resellers.klook.id,
        name: 'Klook',
        bookings: 1,
        cancellations: 0,
        salesCents: 1500,
        refundsCents: 0,
        retailCents: 1500,
        netCents: 1350,
        agentCommissionCents: 150,
      },
    ]);

    const csv = await salesCsvRoute(call('/api/ops/reports/sales.csv?from=2026-03-12&to=2026-03-12', 'office', 'es'));
    expect(await csv.text()).toBe(
      'Día,Web,Taquilla,Agencia,Revendedores,Ventas,Devoluciones,Neto\r\n' +
        '2026-03-12,0.00,0.00,0.00,60.00,60.00,15.00,45.00\r\n' +
        'Total,0.00,0.00,0.00,60.00,60.00,15.00,45.00\r\n' +
        '\r\n' +
        'Revendedor,Reservas,Cancelaciones,Precio de venta (vendido − cancelado),Neto a cobrar tras la comisión\r\n' +
        'Viatges Mar,2,1,30.00,24.00\r\n' +
        'Klook,1,0,15.00,13.50\r\n',
    );
  });

  it('crew get 403 on both; no session gets 401', async () => {
    for (const route of [reportsRoute, salesCsvRoute]) {
      const path = route === reportsRoute ? '/api/ops/reports' : '/api/ops/reports/sales.csv';
      const forbidden = await route(call(`${path}?from=2026-03-09&to=2026-03-11`, 'crew'));
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({ ok: false, error: 'forbidden' });
      expect((await route(new Request(`${base}${path}`))).status).toBe(401);
    }
  });

  it('bad or too long ranges are 400 with a reason; a year and a day is allowed', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-11&to=2026-03-09', 'invalidRange'],
      ['from=2026-02-30&to=2026-03-09', 'invalidRange'],
      ['from=yesterday&to=2026-03-09', 'invalidRange'],
      ['from=2025-01-01&to=2026-01-02', 'rangeTooLong'],
    ];
    for (const route of [reportsRoute, salesCsvRoute]) {
      const path = route === reportsRoute ? '/api/ops/reports' : '/api/ops/reports/sales.csv';
      for (const [query, error] of cases) {
        const response = await route(call(`${path}?${query}`, 'office'));
        expect(response.status, query).toBe(400);
        expect(await response.json()).toMatchObject({ ok: false, error, maxDays: 366 });
      }
    }
    const year = await reportsRoute(call('/api/ops/reports?from=2025-01-01&to=2026-01-01', 'office'));
    expect(year.status).toBe(200);
    expect(((await year.json()) as SalesReport).days).toHaveLength(366);
  });
});
