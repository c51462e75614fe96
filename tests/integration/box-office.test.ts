import { beforeAll, describe, expect, it } from 'vitest';

import { GET as cashUpRoute } from '@/app/api/ops/cash-up/route';
import { GET as departuresRoute } from '@/app/api/ops/departures/route';
import { POST as sellRoute } from '@/app/api/ops/bookings/route';
import { cancelBooking } from '@/operations/booking-actions';
import { scanCode } from '@/operations/boarding';
import { sellAtBoxOffice } from '@/operations/box-office';
import { shopDb, str } from '@/booking/db';
import { getBooking } from '@/booking/holds';
import { madridToday } from '@/i18n/time';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
let onRequest: { tourId: number; boatId: number };
const users: Record<'admin' | 'office' | 'crew', { token: string; id: number }> = {
  admin: { token: '', id: 0 },
  office: { token: '', id: 0 },
  crew: { token: '', id: 0 },
};
const base = 'http://localhost:3111';

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  onRequest = await makeTour(payload, { menuKey: 'maritime40', mode: 'onRequest' });
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-box-office@example.com`;
    const password = `long enough ${role} password 2026`;
    const user = await payload.create({
      collection: 'users',
      data: { email, password, role, name: `Taquilla ${role}` } as never,
    });
    const login = await payload.login({ collection: 'users', data: { email, password } });
    users[role] = { token: login.token!, id: Number(user.id) };
  }
});
checkInvariantsAfterEach(() => payload);

function call(path: string, role: keyof typeof users, body?: unknown, language = 'en') {
  return new Request(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `JWT ${users[role].token}`,
      cookie: `payload-lng=${language}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

const sale = (departure: number, extra: Record<string, unknown> = {}) => ({
  departure,
  tripType: 'roundTrip',
  adult: 2,
  reduced: 0,
  child: 1,
  super3: 0,
  audioGuides: 1,
  name: 'Pere',
  surnames: 'Mas',
  email: '',
  locale: 'ca',
  method: 'cash',
  ...extra,
});

async function paymentEvents(reference: string) {
  const { rows } = await shopDb(payload).query(
    `SELECT e.kind, e.method, e.amount_cents, e.requested_by, e.reason FROM payment_events e
     JOIN bookings b ON b.id = e.booking_id WHERE b.reference = ? ORDER BY e.id`,
    [reference],
  );
  return rows.map((r) => ({
    kind: str(r.kind),
    method: str(r.method),
    amountCents: Number(r.amount_cents),
    requestedBy: str(r.requested_by),
    reason: r.reason === null ? null : str(r.reason),
  }));
}

describe(`box-office sales on ${testDatabaseKind}`, () => {
  it('a cash sale is paid at once: seats sold, tickets issued that board, the payment on the staff member', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 10 });
    const response = await sellRoute(call('/api/ops/bookings', 'office', sale(departure)));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { reference: string; status: string; totalCents: number };
    // 2 × 15.00 + 1 × 8.00 + one audio guide at 3.00.
    expect(body).toMatchObject({ ok: true, status: 'paid', totalCents: 4100 });
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 3, held: 0 });
    expect(await paymentEvents(body.reference)).toEqual([
      { kind: 'payment', method: 'cash', amountCents: 4100, requestedBy: `user:${users.office.id}`, reason: null },
    ]);
    // No address given: nothing is e-mailed (the tickets are printed at the counter).
    const mails = await payload.find({ collection: 'email-log', where: { ref: { like: 'bookings:' } }, limit: 0 });
    const booking = await getBooking(payload, body.reference);
    expect(mails.docs.filter((m) => m.ref === `bookings:${booking!.id}`)).toEqual([]);
    // Its tickets board like any other.
    const { rows } = await shopDb(payload).query('SELECT code FROM tickets WHERE booking_id = ?', [booking!.id]);
    expect(rows).toHaveLength(3);
    const startsAt = (await shopDb(payload).query('SELECT starts_at FROM departures WHERE id = ?', [departure]))
      .rows[0]!.starts_at;
    const scan = await scanCode(payload, {
      code: str(rows[0]!.code),
      departureId: departure,
      staff: { id: users.crew.id, role: 'crew' },
      now: new Date(new Date(startsAt as string).getTime() - 10 * 60_000),
    });
    expect(scan).toMatchObject({ result: 'boarded', scanned: 'ticket' });
    // The audit log names who sold it.
    const audit = await shopDb(payload).query('SELECT actor, action FROM audit_log WHERE subject = ?', [
      `booking:${body.reference}`,
    ]);
    expect(audit.rows.map((r) => [r.actor, r.action])).toEqual([[`user:${users.office.id}`, 'booking.paid']]);
  });

  it('the same sale sent twice (a double tap, a retry) sells once', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 10 });
    const body = sale(departure, { method: 'terminal', requestKey: 'tap-1', email: 'pere@example.com' });
    const [first, second] = await Promise.all([
      sellRoute(call('/api/ops/bookings', 'office', body)),
      sellRoute(call('/api/ops/bookings', 'office', body)),
    ]);
    const answers = (await Promise.all([first.json(), second.json()])) as { reference: string }[];
    expect(answers[0]!.reference).toBe(answers[1]!.reference);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 3, held: 0 });
  });

  it('two sales without a request key are two sales, even stamped in the same millisecond', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 10 });
    const now = new Date();
    const sellOne = () =>
      sellAtBoxOffice(payload, {
        departureId: departure,
        selection: { tripType: 'roundTrip', adult: 1, reduced: 0, child: 0, super3: 0, audioGuides: 0 },
        customer: { name: 'Pere', surnames: 'Mas', email: '', phone: '', mobilePhone: '' },
        locale: 'ca',
        method: 'cash',
        by: `user:${users.office.id}`,
        now,
      });
    const first = await sellOne();
    const second = await sellOne();
    expect(first.ok && second.ok).toBe(true);
    expect(first.ok && second.ok && first.reference !== second.reference).toBe(true);
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 2, held: 0 });
  });

  it("a request key that spells a keyless sale's own record is still a sale of its own", async () => {
    const departure = await addDeparture(payload, shop, { capacity: 10 });
    const keyless = await sellRoute(call('/api/ops/bookings', 'office', sale(departure, { adult: 1, child: 0 })));
    expect(keyless.status).toBe(201);
    const { reference } = (await keyless.json()) as { reference: string };
    const booking = await getBooking(payload, reference);
    const keyed = await sellRoute(
      call(
        '/api/ops/bookings',
        'office',
        sale(departure, { adult: 1, child: 0, requestKey: `booking:${booking!.id}` }),
      ),
    );
    expect(keyed.status).toBe(201);
    expect(((await keyed.json()) as { reference: string }).reference).not.toBe(reference);
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 2, held: 0 });
  });

  it('sells on the same seats as the web: never more than the boat, with a message in the staff language', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 4 });
    expect((await sellRoute(call('/api/ops/bookings', 'office', sale(departure)))).status).toBe(201);
    const full = await sellRoute(call('/api/ops/bookings', 'office', sale(departure), 'ca'));
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({
      error: 'capacityExhausted',
      seatsLeft: 1,
      message: 'Només queda 1 plaça en aquesta sortida.',
    });
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 3, held: 0 });
  });

  it('sells a whole school group in one booking, and tours sold on request, until the boat leaves', async () => {
    const soon = new Date(Date.now() + 5 * 60_000);
    const departure = await addDeparture(payload, onRequest, { capacity: 80, startsAt: soon });
    const response = await sellRoute(
      call(
        '/api/ops/bookings',
        'office',
        // An agency is invoiced in full (F1), to its tax id and address (issue 27).
        sale(departure, {
          adult: 60,
          child: 0,
          audioGuides: 0,
          method: 'invoice',
          invoiceTo: 'Viatges Mar',
          invoiceTaxId: 'B12345674',
          invoiceAddress: 'Carrer Gran 1, Barcelona',
        }),
      ),
    );
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(await paymentEvents(reference)).toMatchObject([{ method: 'invoice', reason: 'invoice:Viatges Mar' }]);
    const withoutAgency = await sellRoute(call('/api/ops/bookings', 'office', sale(departure, { method: 'invoice' })));
    expect(await withoutAgency.json()).toMatchObject({ error: 'invoiceToRequired' });
  });

  it('a payment link holds the seats for a day and e-mails the customer the signed link in their language', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 10 });
    const noEmail = await sellRoute(call('/api/ops/bookings', 'office', sale(departure, { method: 'link' })));
    expect(await noEmail.json()).toMatchObject({ error: 'emailRequired' });
    const response = await sellRoute(
      call('/api/ops/bookings', 'office', sale(departure, { method: 'link', email: 'Anne@Example.com', locale: 'fr' })),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { reference: string; status: string; holdExpiresAt: string };
    expect(body.status).toBe('held');
    const hours = (new Date(body.holdExpiresAt).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 0, held: 3 });
    const booking = await getBooking(payload, body.reference);
    const mail = await payload.find({
      collection: 'email-log',
      where: { and: [{ ref: { equals: `bookings:${booking!.id}` } }, { template: { equals: 'payment-link' } }] },
    });
    expect(mail.docs).toHaveLength(1);
    expect(mail.docs[0]!.to).toContain('anne@example.com');
    expect(mail.docs[0]!.subject).toContain(`Réglez votre réservation ${body.reference}`);
    expect(mail.docs[0]!.text).toMatch(new RegExp(`\\?reserva=${body.reference}&firma=[\\w-]+`));
  });

  it('the cash-up adds up what each staff member took, by method, less what they gave back by hand', async () => {
    const departure = await addDeparture(payload, shop, {
      capacity: 50,
      startsAt: new Date(Date.now() + 2 * 3600_000),
    });
    const sold = (await (
      await sellRoute(call('/api/ops/bookings', 'admin', sale(departure, { adult: 1, child: 0, audioGuides: 0 })))
    ).json()) as { reference: string };
    await sellRoute(
      call('/api/ops/bookings', 'admin', sale(departure, { adult: 2, child: 0, audioGuides: 0, method: 'terminal' })),
    );
    await cancelBooking(
      payload,
      { reference: sold.reference, refund: 'full', reason: 'changed their mind', by: `user:${users.admin.id}` },
      { provider },
    );
    const response = await cashUpRoute(call(`/api/ops/cash-up?date=${madridToday(new Date())}`, 'admin'));
    const report = (await response.json()) as {
      lines: { staff: string; staffName: string; method: string; salesCents: number; refundsCents: number }[];
    };
    const mine = report.lines.filter((line) => line.staff === `user:${users.admin.id}`);
    expect(mine).toEqual([
      expect.objectContaining({
        method: 'cash',
        sales: 1,
        salesCents: 1500,
        refunds: 1,
        refundsCents: 1500,
        staffName: 'Taquilla admin',
      }),
      expect.objectContaining({ method: 'terminal', sales: 1, salesCents: 3000, refunds: 0, refundsCents: 0 }),
    ]);
  });

  it("lists a day's departures for sale; crew can neither sell, list nor see the cash-up", async () => {
    const departure = await addDeparture(payload, shop, { capacity: 10 });
    const { rows } = await shopDb(payload).query('SELECT local_date FROM departures WHERE id = ?', [departure]);
    const list = (await (
      await departuresRoute(call(`/api/ops/departures?date=${str(rows[0]!.local_date)}`, 'office'))
    ).json()) as {
      departures: { id: number; free: number; sellable: boolean }[];
    };
    expect(list.departures.find((d) => d.id === departure)).toMatchObject({ free: 10, sellable: true });
    expect((await sellRoute(call('/api/ops/bookings', 'crew', sale(departure)))).status).toBe(403);
    expect((await departuresRoute(call('/api/ops/departures', 'crew'))).status).toBe(403);
    expect((await cashUpRoute(call('/api/ops/cash-up', 'crew'))).status).toBe(403);
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 0, held: 0 });
  });
});
