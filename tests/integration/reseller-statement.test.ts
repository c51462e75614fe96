import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';

import { GET as statementRoute } from '@/app/api/ops/resellers/[id]/statement.csv/route';
import { GET as statementPdfRoute } from '@/app/api/ops/resellers/[id]/statement.pdf/route';
import {
  cancelResellerBooking,
  confirmResellerBooking,
  findResellerBooking,
  reserveForReseller,
  type ResellerBooking,
} from '@/resellers/sales';
import { tourTitles } from '@/operations/reports';
import { madridToUtc } from '@/i18n/time';

import { expectAccessiblePdf } from '../fixtures/pdf-accessibility';
import { pdfTexts } from '../fixtures/pdf-text';
import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, selection } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
const users: Record<'office' | 'crew', string> = { office: '', crew: '' };
const base = 'http://localhost:3111';
const reseller = { id: 0, name: 'Viatges Mar' };
let title = '';
const sold: ResellerBooking[] = [];

async function reserve(departureId: number, adults: number, at: Date, reference: string) {
  const uuid = crypto.randomUUID();
  const held = await reserveForReseller(payload, {
    resellerId: reseller.id,
    uuid,
    resellerReference: reference,
    departureId,
    selection: selection({ adult: adults }),
    customer: { name: 'Guest', surnames: '', email: '', phone: '', mobilePhone: '' },
    locale: 'en',
    now: at,
  });
  if (!held.ok) throw new Error(`hold: ${held.error}`);
  return (await findResellerBooking(payload, reseller.id, uuid, at))!;
}

async function sell(departureId: number, adults: number, at: Date, reference: string) {
  const booking = await reserve(departureId, adults, at, reference);
  const confirmed = await confirmResellerBooking(payload, {
    bookingId: booking.id,
    resellerId: reseller.id,
    resellerName: reseller.name,
    changes: {},
    now: at,
  });
  if (!confirmed.ok) throw new Error('not confirmed');
  return (await findResellerBooking(payload, reseller.id, booking.uuid, at))!;
}

/**
 * March 2026 for Viatges Mar (20 %): 2 adults on the 10th (30.00), 1 adult on the 20th (15.00)
 * then cancelled by the reseller, 3 adults on the 20th (45.00, "Ca, la; Mar" as its reference);
 * a hold let go on the 20th (never sold) and 1 adult on 2 April (another month).
 */
beforeAll(async () => {
  const tour = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  title = (await tourTitles(payload, [tour.tourId], 'en')).get(tour.tourId)!;
  for (const role of ['office', 'crew'] as const) {
    const email = `${role}-statement@example.com`;
    const password = `long enough ${role} password 2026`;
    await payload.create({ collection: 'users', data: { email, password, role, name: role } as never });
    users[role] = (await payload.login({ collection: 'users', data: { email, password } })).token!;
  }
  const doc = await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: { name: reseller.name, commissionPercent: 20, keyPrefix: 'golo_stmt', keyHash: 'hash-statement' },
  });
  reseller.id = Number(doc.id);
  const d10 = await addDeparture(payload, tour, { capacity: 50, startsAt: madridToUtc('2026-03-10', '11:00') });
  const d20 = await addDeparture(payload, tour, { capacity: 50, startsAt: madridToUtc('2026-03-20', '11:00') });
  const a02 = await addDeparture(payload, tour, { capacity: 50, startsAt: madridToUtc('2026-04-02', '11:00') });
  const at = new Date('2026-03-01T10:00:00Z');
  sold.push(await sell(d10, 2, at, 'RES-1'));
  const dropped = await sell(d20, 1, at, 'RES-2');
  sold.push(dropped);
  sold.push(await sell(d20, 3, at, 'Ca, la; Mar'));
  const letGo = await reserve(d20, 1, at, 'RES-HOLD');
  for (const booking of [dropped, letGo]) {
    const cancelled = await cancelResellerBooking(payload, { booking, reason: 'guest ill', now: at }, { provider });
    if (!cancelled.ok) throw new Error(`cancel: ${cancelled.error}`);
  }
  await sell(a02, 1, at, 'RES-APRIL');
});

checkInvariantsAfterEach(() => payload);

function call(path: string, token: string | null, language = 'en') {
  return new Request(`${base}${path}`, {
    headers: { ...(token ? { Authorization: `JWT ${token}` } : {}), cookie: `payload-lng=${language}` },
  });
}
const params = (id: string | number) => ({ params: Promise.resolve({ id: String(id) }) });

describe(`reseller monthly statement on ${testDatabaseKind}`, () => {
  it('one row per booking sold for a trip that month, cancelled ones at nothing owed, totals last', async () => {
    const response = await statementRoute(
      call(`/api/ops/resellers/${reseller.id}/statement.csv?month=2026-03`, users.office),
      params(reseller.id),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${reseller.id}-2026-03.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [ten, dropped, big] = sold as [ResellerBooking, ResellerBooking, ResellerBooking];
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFTrip date,Reference,Reseller reference,Tour,People,Retail,Commission,Net owed,Status\r\n' +
        `2026-03-10,${ten.reference},RES-1,${title},2,30.00,6.00,24.00,Paid\r\n` +
        `2026-03-20,${dropped.reference},RES-2,${title},1,0.00,0.00,0.00,Cancelled\r\n` +
        `2026-03-20,${big.reference},"Ca, la; Mar",${title},3,45.00,9.00,36.00,Paid\r\n` +
        'Total,,,,5,75.00,15.00,60.00,\r\n',
    );
  });

  it('heads the columns in the staff language; an empty month has the totals only', async () => {
    const catalan = await statementRoute(
      call(`/api/ops/resellers/${reseller.id}/statement.csv?month=2026-05`, users.office, 'ca'),
      params(reseller.id),
    );
    expect(await catalan.text()).toBe(
      'Data del viatge,Referència,Referència del revenedor,Ruta,Persones,Preu de venda,Comissió,Net a cobrar,Estat\r\n' +
        'Total,,,,0,0.00,0.00,0.00,\r\n',
    );
  });

  it('the same statement as a PDF: title, every booking and the totals, at the terms the sales were made on', async () => {
    // New terms since March: the statement, title included, keeps March's (20 %).
    const setCommission = (commissionPercent: number) =>
      payload.update({ collection: 'resellers', id: reseller.id, overrideAccess: true, data: { commissionPercent } });
    await setCommission(25);
    const response = await statementPdfRoute(
      call(`/api/ops/resellers/${reseller.id}/statement.pdf?month=2026-03`, users.office, 'fr'),
      params(reseller.id),
    ).finally(() => setCommission(20));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${reseller.id}-2026-03.pdf"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Relevé de Viatges Mar, 2026-03');
    await expectAccessiblePdf(bytes);
    const text = (await pdfTexts(bytes)).flat();
    const [ten, dropped, big] = sold as [ResellerBooking, ResellerBooking, ResellerBooking];
    expect(text).toEqual(expect.arrayContaining([ten.reference, dropped.reference, big.reference, 'Ca, la; Mar']));
    expect(text).toEqual(
      expect.arrayContaining(['Total', '5', '75.00', '15.00', '60.00', 'Annulée', 'Net dû', 'Personnes']),
    );
    expect(text.join('|')).toContain(`2026-03-10|${ten.reference}|RES-1|`);
    const crew = await statementPdfRoute(
      call(`/api/ops/resellers/${reseller.id}/statement.pdf?month=2026-03`, users.crew),
      params(reseller.id),
    );
    expect(crew.status).toBe(403);
  });

  it('crew 403, no session 401, a bad month 400, an unknown reseller 404', async () => {
    const path = `/api/ops/resellers/${reseller.id}/statement.csv?month=2026-03`;
    const forbidden = await statementRoute(call(path, users.crew), params(reseller.id));
    expect(forbidden.status).toBe(403);
    expect((await statementRoute(call(path, null), params(reseller.id))).status).toBe(401);
    for (const month of ['2026-13', '2026-3', 'march', '']) {
      const bad = await statementRoute(
        call(`/api/ops/resellers/${reseller.id}/statement.csv?month=${month}`, users.office),
        params(reseller.id),
      );
      expect(bad.status, month).toBe(400);
      expect(await bad.json()).toMatchObject({ ok: false, error: 'invalidMonth' });
    }
    for (const id of ['999999', 'abc']) {
      const missing = await statementRoute(
        call(`/api/ops/resellers/${id}/statement.csv?month=2026-03`, users.office),
        params(id),
      );
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ ok: false, error: 'notFound' });
    }
  });
});
