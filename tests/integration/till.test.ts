import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POST as sellRoute } from '@/app/api/ops/bookings/route';
import { POST as closeRoute } from '@/app/api/ops/till/close/route';
import { POST as countRoute } from '@/app/api/ops/till/counts/route';
import { GET as tillRoute } from '@/app/api/ops/till/route';
import { GET as zReportPdfRoute } from '@/app/api/ops/till/[sessionId]/z-report.pdf/route';
import { cancelBooking } from '@/operations/booking-actions';
import { sellAtBoxOffice } from '@/operations/box-office';
import { shopDb, str } from '@/booking/db';

import { checkInvariantsAfterEach, invariantViolations } from '../fixtures/invariants';
import { expectAccessiblePdf } from '../fixtures/pdf-accessibility';
import { pdfTexts } from '../fixtures/pdf-text';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
let shop: { tourId: number; boatId: number };
const users: Record<'admin' | 'office' | 'crew', { token: string; id: number }> = {
  admin: { token: '', id: 0 },
  office: { token: '', id: 0 },
  crew: { token: '', id: 0 },
};

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
  shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-till@example.com`;
    const password = `long enough ${role} password 2026`;
    const user = await payload.create({
      collection: 'users',
      data: { email, password, role, name: `Caixa ${role}` } as never,
    });
    const login = await payload.login({ collection: 'users', data: { email, password } });
    users[role] = { token: login.token!, id: Number(user.id) };
  }
});
afterAll(async () => {
  await stop?.();
});
checkInvariantsAfterEach(() => payload);

function call(path: string, role: keyof typeof users, body?: unknown, language = 'en') {
  return new Request(`http://localhost:3112${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `JWT ${users[role].token}`,
      cookie: `payload-lng=${language}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

const sale = (departure: number, method: string, adult: number) => ({
  departure,
  tripType: 'roundTrip',
  adult,
  reduced: 0,
  child: 0,
  super3: 0,
  audioGuides: 0,
  name: 'Pere',
  surnames: 'Mas',
  email: '',
  locale: 'ca',
  method,
  ...(method === 'invoice'
    ? { invoiceTo: 'Viatges Mar', invoiceTaxId: 'B12345674', invoiceAddress: 'Carrer Gran 1, Barcelona' }
    : {}),
});

async function sell(role: 'admin' | 'office', departure: number, method: string, adult: number) {
  const response = await sellRoute(call('/api/ops/bookings', role, sale(departure, method, adult)));
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

type Summary = {
  ok: boolean;
  error?: string;
  message?: string;
  session: { id: number; openedAt: string; closedAt: string | null; closedByName: string | null };
  lines: {
    staff: string;
    staffName: string;
    method: string;
    sales: number;
    expectedCents: number;
    countedCents: number | null;
    differenceCents: number | null;
  }[];
  totals: { expectedCents: number; countedCents: number; differenceCents: number };
  uncounted: number;
};
const read = async (response: Response) => (await response.json()) as Summary;

/** Counts every line of the open session as expected and closes it: the next test starts from an empty till. */
async function closeEven() {
  const open = await read(await tillRoute(call('/api/ops/till', 'office')));
  for (const line of open.lines)
    await countRoute(
      call('/api/ops/till/counts', 'office', {
        staff: line.staff,
        method: line.method,
        countedCents: line.expectedCents,
      }),
    );
  expect((await closeRoute(call('/api/ops/till/close', 'office', { sessionId: open.session.id }))).status).toBe(200);
}

/**
 * From an empty till: a departure `hoursAhead` from now, one 15 € sale by the office paid by
 * `method`, that drawer counted even. Answers the departure, the office's staff key and the
 * open session as the till screen read it.
 */
async function openTillWithOneCountedSale(method: string, hoursAhead: number) {
  await closeEven();
  const departure = await addDeparture(payload, shop, {
    capacity: 50,
    startsAt: new Date(Date.now() + hoursAhead * 3600_000),
  });
  const office = `user:${users.office.id}`;
  await sell('office', departure, method, 1); // 15 €
  const open = await read(await tillRoute(call('/api/ops/till', 'office')));
  await countRoute(call('/api/ops/till/counts', 'office', { staff: office, method, countedCents: 1500 }));
  return { departure, office, open };
}

describe(`the till on ${testDatabaseKind}`, () => {
  it('counts each drawer, says over or short, closes once all are counted, and sends later sales to the next session', async () => {
    const departure = await addDeparture(payload, shop, {
      capacity: 50,
      startsAt: new Date(Date.now() + 3 * 3600_000),
    });
    const office = `user:${users.office.id}`;
    const admin = `user:${users.admin.id}`;
    const refunded = await sell('office', departure, 'cash', 1); // 15 €
    await sell('office', departure, 'cash', 2); // 30 €
    await sell('office', departure, 'terminal', 1); // 15 €
    await sell('admin', departure, 'cash', 1); // 15 €
    await sell('admin', departure, 'invoice', 1); // not the till's money
    await cancelBooking(
      payload,
      { reference: refunded, refund: 'full', reason: 'changed their mind', by: office },
      { provider },
    );

    const open = await read(await tillRoute(call('/api/ops/till', 'office')));
    expect(open.session.closedAt).toBeNull();
    expect(open.lines.map((l) => [l.staff, l.method, l.expectedCents, l.countedCents])).toEqual(
      [
        [admin, 'cash', 1500, null],
        [office, 'cash', 3000, null],
        [office, 'terminal', 1500, null],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1]))),
    );
    expect(open.uncounted).toBe(3);

    const early = await closeRoute(call('/api/ops/till/close', 'office', { sessionId: open.session.id }, 'ca'));
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      error: 'uncounted',
      count: 3,
      message: 'Compteu tots els calaixos i terminals amb vendes abans de tancar (en falten 3).',
    });

    const bad = await countRoute(
      call('/api/ops/till/counts', 'office', { staff: office, method: 'cash', countedCents: -5 }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()) as object).toMatchObject({ error: 'invalidCount' });
    const crew = await countRoute(
      call('/api/ops/till/counts', 'crew', { staff: office, method: 'cash', countedCents: 0 }),
    );
    expect(crew.status).toBe(403);

    // Office's drawer is 2 € short; admin's cash 50 cents over; the terminal's slips add up.
    await countRoute(call('/api/ops/till/counts', 'office', { staff: office, method: 'cash', countedCents: 2900 }));
    await countRoute(call('/api/ops/till/counts', 'office', { staff: office, method: 'cash', countedCents: 2800 }));
    await countRoute(call('/api/ops/till/counts', 'office', { staff: office, method: 'terminal', countedCents: 1500 }));
    const counted = await read(
      await countRoute(call('/api/ops/till/counts', 'office', { staff: admin, method: 'cash', countedCents: 1550 })),
    );
    expect(counted.uncounted).toBe(0);
    expect(counted.lines.find((l) => l.staff === office && l.method === 'cash')).toMatchObject({
      countedCents: 2800,
      differenceCents: -200,
      staffName: 'Caixa office',
    });
    expect(counted.totals).toEqual({ expectedCents: 6000, countedCents: 5850, differenceCents: -150 });

    const closed = await closeRoute(call('/api/ops/till/close', 'office', { sessionId: open.session.id }));
    expect(closed.status).toBe(200);
    const z = await read(closed);
    expect(z.session).toMatchObject({ id: open.session.id, closedByName: 'Caixa office' });
    expect(z.totals).toEqual({ expectedCents: 6000, countedCents: 5850, differenceCents: -150 });

    // The Z report as a tagged PDF: the staff member's language, euros, Madrid's 24-hour clock.
    const zPdf = (role: keyof typeof users, id: number | string, language = 'ca') =>
      zReportPdfRoute(call(`/api/ops/till/${id}/z-report.pdf`, role, undefined, language), {
        params: Promise.resolve({ sessionId: String(id) }),
      });
    const pdfResponse = await zPdf('office', open.session.id);
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await pdfResponse.arrayBuffer());
    await expectAccessiblePdf(pdf);
    const madrid = (iso: string) =>
      new Intl.DateTimeFormat('ca', {
        timeZone: 'Europe/Madrid',
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(new Date(iso));
    const pdfText = (await pdfTexts(pdf)).flat();
    expect(pdfText.slice(0, 2)).toEqual([
      `Informe Z · ${open.session.id}`,
      `Sessió ${open.session.id}: ${madrid(z.session.openedAt)} – ${madrid(z.session.closedAt!)}, tancada per Caixa office`,
    ]);
    const table = pdfText.slice(pdfText.indexOf('Persona')).join('|');
    expect(table).toContain('|Caixa office|Efectiu|2|30,00 €|28,00 €|falten 2,00 €|');
    expect(table).toContain('|Caixa office|Datàfon|1|15,00 €|15,00 €|quadra|');
    expect(table).toContain('|Caixa admin|Efectiu|1|15,00 €|15,50 €|sobren 0,50 €|');
    expect(table).toMatch(/\|Total\|60,00 €\|58,50 €\|falten 1,50 €$/);
    expect((await zPdf('crew', open.session.id)).status).toBe(403);
    expect((await zPdf('office', 999999)).status).toBe(404);

    // A second close of the same session (a double tap, or a colleague's screen) closes nothing more.
    const again = await closeRoute(call('/api/ops/till/close', 'admin', { sessionId: open.session.id }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'alreadyClosed' });

    // A sale after the close belongs to the next session; the closed one's Z report does not move.
    await sell('office', departure, 'cash', 1);
    const next = await read(await tillRoute(call('/api/ops/till', 'office')));
    expect(next.session.id).not.toBe(open.session.id);
    const openPdf = await zPdf('office', next.session.id, 'en');
    expect(openPdf.status).toBe(409);
    expect(await openPdf.json()).toMatchObject({
      error: 'notClosed',
      message: 'This session is still open: the Z report is made when it closes.',
    });
    expect(next.session.openedAt).toBe(z.session.closedAt);
    expect(next.lines).toEqual([expect.objectContaining({ staff: office, method: 'cash', expectedCents: 1500 })]);
    const reprinted = await read(await tillRoute(call(`/api/ops/till?session=${open.session.id}`, 'office')));
    expect(reprinted.totals).toEqual(z.totals);
    expect(reprinted.lines).toHaveLength(3);

    const { rows } = await shopDb(payload).query(`SELECT actor, action FROM audit_log WHERE subject = ? ORDER BY id`, [
      `till:${open.session.id}`,
    ]);
    expect(rows.map((r) => `${str(r.actor)} ${str(r.action)}`)).toEqual([
      ...Array(4).fill(`${office} till.counted`),
      `${office} till.closed`,
    ]);
    expect((await tillRoute(call('/api/ops/till', 'crew'))).status).toBe(403);
  });

  it("a sale stamped before a close but committed after it is the next session's, never lost between two Z reports", async () => {
    const { departure, office, open } = await openTillWithOneCountedSale('cash', 4);
    const closed = await read(await closeRoute(call('/api/ops/till/close', 'office', { sessionId: open.session.id })));
    expect(closed.totals).toEqual({ expectedCents: 1500, countedCents: 1500, differenceCents: 0 });

    // A colleague's sale was stamped a second before the close and committed just after it (its
    // request began before the close and finished after): the closed Z report did not count it.
    const stampedBeforeTheClose = new Date(Date.parse(closed.session.closedAt!) - 1000);
    const late = await sellAtBoxOffice(payload, {
      departureId: departure,
      selection: { tripType: 'roundTrip', adult: 2, reduced: 0, child: 0, super3: 0, audioGuides: 0 },
      customer: { name: 'Pere', surnames: 'Mas', email: '', phone: '', mobilePhone: '' },
      locale: 'ca',
      method: 'cash',
      by: office,
      now: stampedBeforeTheClose,
    });
    expect(late.ok).toBe(true);

    // The open session expects it: the drawer holds that money now.
    const next = await read(await tillRoute(call('/api/ops/till', 'office')));
    expect(next.session.id).not.toBe(open.session.id);
    expect(next.lines).toEqual([
      expect.objectContaining({ staff: office, method: 'cash', sales: 1, expectedCents: 3000 }),
    ]);
    // The closed session's Z report still says what was counted at its close.
    const reprinted = await read(await tillRoute(call(`/api/ops/till?session=${open.session.id}`, 'office')));
    expect(reprinted.totals).toEqual(closed.totals);

    await countRoute(call('/api/ops/till/counts', 'office', { staff: office, method: 'cash', countedCents: 3000 }));
    const z = await read(await closeRoute(call('/api/ops/till/close', 'office', { sessionId: next.session.id })));
    expect(z.totals).toEqual({ expectedCents: 3000, countedCents: 3000, differenceCents: 0 });
  });

  it('a sale that commits while the close is being read is counted before the close is done', async () => {
    const { departure, office, open } = await openTillWithOneCountedSale('terminal', 5);
    // The screen was read; a cash sale lands before the close: the close refuses to settle a
    // drawer nobody counted, rather than leaving that sale out of its Z report.
    await sell('office', departure, 'cash', 1);
    const refused = await closeRoute(call('/api/ops/till/close', 'office', { sessionId: open.session.id }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'uncounted', count: 1 });
    await countRoute(call('/api/ops/till/counts', 'office', { staff: office, method: 'cash', countedCents: 1500 }));
    const z = await read(await closeRoute(call('/api/ops/till/close', 'office', { sessionId: open.session.id })));
    expect(z.totals).toEqual({ expectedCents: 3000, countedCents: 3000, differenceCents: 0 });
  });

  it('the invariants notice a closed session whose counts no longer add up with the payments', async () => {
    const { rows } = await shopDb(payload).query(
      'SELECT c.id FROM till_counts c JOIN till_sessions s ON s.id = c.session_id WHERE s.closed_at IS NOT NULL',
    );
    expect(rows.length).toBeGreaterThan(0);
    await shopDb(payload).query('UPDATE till_counts SET expected_cents = expected_cents + 1 WHERE id = ?', [
      rows[0]!.id as number,
    ]);
    expect((await invariantViolations(payload)).some((p) => p.startsWith('till session'))).toBe(true);
    await shopDb(payload).query('UPDATE till_counts SET expected_cents = expected_cents - 1 WHERE id = ?', [
      rows[0]!.id as number,
    ]);
  });
});
