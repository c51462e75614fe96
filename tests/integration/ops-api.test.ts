import { beforeAll, describe, expect, it } from 'vitest';

import { GET as searchRoute } from '@/app/api/ops/bookings/route';
import { GET as bookingRoute } from '@/app/api/ops/bookings/[reference]/route';
import { POST as resendRoute } from '@/app/api/ops/bookings/[reference]/resend/route';
import { POST as capacityRoute } from '@/app/api/ops/departures/[id]/capacity/route';
import { POST as closeRoute } from '@/app/api/ops/departures/[id]/close/route';
import { GET as manifestCsvRoute } from '@/app/api/ops/departures/[id]/manifest.csv/route';
import { GET as manifestPdfRoute } from '@/app/api/ops/departures/[id]/manifest.pdf/route';
import { GET as ticketsPdfRoute } from '@/app/api/ops/bookings/[reference]/tickets.pdf/route';
import { GET as manifestRoute } from '@/app/api/ops/departures/[id]/manifest/route';
import { POST as reopenRoute } from '@/app/api/ops/departures/[id]/reopen/route';
import { POST as addDepartureRoute } from '@/app/api/ops/departures/route';
import { GET as todayRoute } from '@/app/api/ops/today/route';
import { handlePaymentNotification, startPayment } from '@/booking/checkout';
import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { addDays, madridToday, madridToUtc } from '@/i18n/time';
import { SANDBOX_TEST_CARD, createSandboxProvider, readSandboxRequest, sandboxNotification } from '@/payments/sandbox';

import { expectAccessiblePdf } from '../fixtures/pdf-accessibility';
import { decodeQrCodes } from '../fixtures/pdf-qr';
import { pdfTexts } from '../fixtures/pdf-text';
import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
const tokens: Record<'admin' | 'office' | 'crew', string> = { admin: '', office: '', crew: '' };

const base = 'http://localhost:3110';
const siteUrl = base;
const provider = createSandboxProvider({ siteUrl });
const params = <T extends object>(value: T) => ({ params: Promise.resolve(value) });

beforeAll(async () => {
  // Sales stay open to the minute: late at night "today's" departure is at 23:59, which a 10-minute
  // cut-off closed from 23:49 (the file failed when CI ran then).
  shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100, bookingClosesMinutesBefore: 0 });
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-ops@example.com`;
    const password = `long enough ${role} password 2026`;
    await payload.create({ collection: 'users', data: { email, password, role } as never });
    const login = await payload.login({ collection: 'users', data: { email, password } });
    tokens[role] = login.token!;
  }
});

function request(
  path: string,
  role: keyof typeof tokens | null,
  init: { method?: string; body?: unknown; language?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (role) headers.Authorization = `JWT ${tokens[role]}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.language) headers.cookie = `payload-lng=${init.language}`;
  return new Request(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
}

/** A booking paid through the real path: hold, payment start, verified sandbox notification. */
async function paidBooking(
  departureId: number,
  pick: Parameters<typeof selection>[0],
  who: Partial<typeof customer> & { comments?: string } = {},
) {
  const held = await createHold(payload, {
    departureId,
    selection: selection(pick),
    customer: { ...customer, ...who },
    locale: 'ca',
  });
  if (!held.ok) throw new Error(`hold failed: ${held.error}`);
  const started = await startPayment(payload, held.reference, { provider, siteUrl });
  if (!started.ok) throw new Error('payment start failed');
  const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
  if (!opened.ok) throw new Error(opened.reason);
  const outcome = await handlePaymentNotification(
    payload,
    sandboxNotification(opened.request, 'pay', SANDBOX_TEST_CARD) as unknown as Record<string, string>,
    { provider },
  );
  expect(outcome).toMatchObject({ status: 'confirmed' });
  return held.reference;
}

/** A departure later today in Madrid (or, late at night, at 23:59 so it is still today). */
async function departureToday(capacity = 20): Promise<number> {
  const now = new Date();
  const later = new Date(now.getTime() + 60 * 60_000);
  const today = madridToday(now);
  const startsAt = madridToday(later) === today ? later : madridToUtc(today, '23:59');
  return addDeparture(payload, shop, { capacity, startsAt });
}

async function body(response: Response) {
  return (await response.json()) as Record<string, unknown> & { message?: string; error?: string };
}

describe(`ops API on ${testDatabaseKind}`, () => {
  it('refuses lowering the capacity below seats sold plus held, in the staff member’s language', async () => {
    const id = await departureToday(20);
    await paidBooking(id, { adult: 3 });
    const held = await createHold(payload, {
      departureId: id,
      selection: selection({ adult: 2 }),
      customer,
      locale: 'ca',
    });
    expect(held.ok).toBe(true);
    expect(await seatsOf(payload, id)).toEqual({ capacity: 20, sold: 3, held: 2 });

    const refused = await capacityRoute(
      request(`/api/ops/departures/${id}/capacity`, 'office', {
        method: 'POST',
        body: { capacity: 4 },
        language: 'en',
      }),
      params({ id: String(id) }),
    );
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({
      ok: false,
      error: 'belowTaken',
      minimum: 5,
      sold: 3,
      held: 2,
      message: 'The capacity cannot be lower than the seats sold plus held (5: 3 sold, 2 held).',
    });
    expect((await seatsOf(payload, id)).capacity).toBe(20);

    const lowered = await capacityRoute(
      request(`/api/ops/departures/${id}/capacity`, 'office', { method: 'POST', body: { capacity: 5 } }),
      params({ id: String(id) }),
    );
    expect(lowered.status).toBe(200);
    expect(await seatsOf(payload, id)).toEqual({ capacity: 5, sold: 3, held: 2 });

    const aboveBoat = await capacityRoute(
      request(`/api/ops/departures/${id}/capacity`, 'office', {
        method: 'POST',
        body: { capacity: 101 },
        language: 'ca',
      }),
      params({ id: String(id) }),
    );
    expect(aboveBoat.status).toBe(422);
    expect((await body(aboveBoat)).message).toBe('El vaixell té 100 places: no en pot tenir més.');
    const notNumber = await capacityRoute(
      request(`/api/ops/departures/${id}/capacity`, 'office', { method: 'POST', body: { capacity: '7' } }),
      params({ id: String(id) }),
    );
    expect(notNumber.status).toBe(400);
  });

  it('never lets a capacity change and holds together exceed the capacity, under concurrency', async () => {
    const id = await departureToday(30);
    const holds = Array.from({ length: 12 }, () =>
      createHold(payload, { departureId: id, selection: selection({ adult: 2 }), customer, locale: 'ca' }),
    );
    const change = capacityRoute(
      request(`/api/ops/departures/${id}/capacity`, 'office', { method: 'POST', body: { capacity: 10 } }),
      params({ id: String(id) }),
    );
    await Promise.all([...holds, change]);
    const seats = await seatsOf(payload, id);
    expect(seats.sold + seats.held).toBeLessThanOrEqual(seats.capacity);
  });

  it('closes a departure for sale (holds refused, board says closed) and reopens it', async () => {
    const id = await departureToday(20);
    const closed = await closeRoute(
      request(`/api/ops/departures/${id}/close`, 'office', { method: 'POST' }),
      params({ id: String(id) }),
    );
    expect(await body(closed)).toMatchObject({ ok: true, status: 'closed' });
    const refused = await createHold(payload, { departureId: id, selection: selection(), customer, locale: 'ca' });
    expect(refused.ok).toBe(false);
    // Said as it is: the departure is not for sale, not "sold out".
    expect(refused).toMatchObject({ ok: false, error: 'departureUnavailable' });
    expect(await seatsOf(payload, id)).toMatchObject({ held: 0, sold: 0 });

    const again = await closeRoute(
      request(`/api/ops/departures/${id}/close`, 'office', { method: 'POST', language: 'es' }),
      params({ id: String(id) }),
    );
    expect(again.status).toBe(409);
    expect((await body(again)).message).toBe('La venta ya está cerrada.');

    const board = await body(await todayRoute(request('/api/ops/today', 'crew')));
    const row = (board.departures as { id: number; status: string; closedByStaff: boolean }[]).find((d) => d.id === id);
    expect(row).toMatchObject({ status: 'closed', closedByStaff: true });

    const reopened = await reopenRoute(
      request(`/api/ops/departures/${id}/reopen`, 'office', { method: 'POST' }),
      params({ id: String(id) }),
    );
    expect(await body(reopened)).toMatchObject({ ok: true, status: 'scheduled' });
    expect((await createHold(payload, { departureId: id, selection: selection(), customer, locale: 'ca' })).ok).toBe(
      true,
    );

    // Both changes reach the audit log through the domain events, with the office user as actor.
    const { rows } = await shopDb(payload).query(
      `SELECT actor, action, after FROM audit_log WHERE subject = ? ORDER BY id`,
      [`departure:${id}`],
    );
    const officeUser = await payload.find({
      collection: 'users',
      where: { email: { equals: 'office-ops@example.com' } },
    });
    expect(
      rows.map((row) => [
        row.actor,
        row.action,
        (typeof row.after === 'string' ? JSON.parse(row.after) : row.after).changes,
      ]),
    ).toEqual([
      [`user:${officeUser.docs[0]!.id}`, 'departure.changed', ['closed for sale']],
      [`user:${officeUser.docs[0]!.id}`, 'departure.changed', ['reopened for sale']],
    ]);
  });

  it('shows today’s board with sold, held, free and persons on board', async () => {
    const id = await departureToday(12);
    const reference = await paidBooking(id, { adult: 2, child: 1 });
    await createHold(payload, { departureId: id, selection: selection({ adult: 1 }), customer, locale: 'ca' });
    const db = shopDb(payload);
    const { rows } = await db.query('SELECT id FROM bookings WHERE reference = ?', [reference]);
    await db.transaction((tx) =>
      tx.query(
        'UPDATE tickets SET checked_in_at = ? WHERE id IN (SELECT id FROM tickets WHERE booking_id = ? ORDER BY id LIMIT 2)',
        [new Date().toISOString(), Number(rows[0]!.id)],
      ),
    );
    const response = await todayRoute(request('/api/ops/today', 'office'));
    expect(response.status).toBe(200);
    const board = await body(response);
    expect(board.date).toBe(madridToday(new Date()));
    expect(board.thresholds).toEqual({ gustKmh: 40, windKmh: 30 });
    const row = (board.departures as Record<string, unknown>[]).find((d) => d.id === id);
    expect(row).toMatchObject({ capacity: 12, sold: 3, held: 1, free: 8, boarded: 2, status: 'onSale', extra: true });
    expect(row).toHaveProperty('windWarning');
  });

  it('shows the office another day with ?date=, the crew only ever today', async () => {
    const later = addDays(madridToday(new Date()), 3);
    const id = await addDeparture(payload, shop, { startsAt: madridToUtc(later, '12:15'), capacity: 9 });
    const office = await body(await todayRoute(request(`/api/ops/today?date=${later}`, 'office')));
    expect(office.date).toBe(later);
    expect((office.departures as { id: number }[]).map((d) => d.id)).toContain(id);
    expect(office.needsAttention).toEqual([]);
    const crew = await body(await todayRoute(request(`/api/ops/today?date=${later}`, 'crew')));
    expect(crew.date).toBe(madridToday(new Date()));
    expect((crew.departures as { id: number }[]).map((d) => d.id)).not.toContain(id);
    // Nonsense is today, not an error page.
    expect((await body(await todayRoute(request('/api/ops/today?date=tomorrow', 'office')))).date).toBe(
      madridToday(new Date()),
    );
  });

  it('adds an extra departure, refusing duplicates, the past and a boat already at sea', async () => {
    const date = addDays(madridToday(new Date()), 10);
    const add = (time: string, extra: Record<string, unknown> = {}) =>
      addDepartureRoute(
        request('/api/ops/departures', 'office', {
          method: 'POST',
          body: { tour: shop.tourId, boat: shop.boatId, date, time, ...extra },
          language: 'en',
        }),
      );
    const created = await add('21:00');
    expect(created.status).toBe(201);
    const createdBody = await body(created);
    expect(createdBody).toMatchObject({ ok: true, capacity: 100 });
    expect(await seatsOf(payload, createdBody.id as number)).toEqual({ capacity: 100, sold: 0, held: 0 });
    expect(await body(await add('21:00'))).toMatchObject({ error: 'duplicate' });
    const clash = await add('21:30');
    expect(clash.status).toBe(409);
    expect((await body(clash)).message).toBe('The boat is out at sea then (departure at 21:00).');
    expect((await add('23:00', { capacity: 40 })).status).toBe(201);
    const past = await addDepartureRoute(
      request('/api/ops/departures', 'office', {
        method: 'POST',
        body: { tour: shop.tourId, boat: shop.boatId, date: addDays(madridToday(new Date()), -1), time: '10:00' },
      }),
    );
    expect(await body(past)).toMatchObject({ error: 'inThePast' });
    expect((await add('25:00')).status).toBe(400);
  });

  it('gives the crew 403 on every office operation, and 401 to nobody signed in', async () => {
    const id = await departureToday(10);
    const p = params({ id: String(id) });
    const answers = [
      await closeRoute(request(`/api/ops/departures/${id}/close`, 'crew', { method: 'POST' }), p),
      await reopenRoute(request(`/api/ops/departures/${id}/reopen`, 'crew', { method: 'POST' }), p),
      await capacityRoute(
        request(`/api/ops/departures/${id}/capacity`, 'crew', { method: 'POST', body: { capacity: 5 } }),
        p,
      ),
      await addDepartureRoute(request('/api/ops/departures', 'crew', { method: 'POST', body: {} })),
      await searchRoute(request('/api/ops/bookings?q=ada', 'crew')),
      await bookingRoute(request('/api/ops/bookings/X', 'crew'), params({ reference: 'X' })),
      await resendRoute(
        request('/api/ops/bookings/X/resend', 'crew', { method: 'POST', body: {} }),
        params({ reference: 'X' }),
      ),
    ];
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect((await todayRoute(request('/api/ops/today', null))).status).toBe(401);
    expect((await manifestRoute(request(`/api/ops/departures/${id}/manifest`, null), p)).status).toBe(401);
    expect((await seatsOf(payload, id)).capacity).toBe(10);
  });

  it('lists the manifest with counts and totals, as JSON and CSV; the crew only today’s', async () => {
    const id = await departureToday(40);
    await paidBooking(
      id,
      { adult: 2, child: 1, super3: 1, audioGuides: 2 },
      {
        name: 'Mercè',
        surnames: 'Rodoreda i Gurguí',
        mobilePhone: '+34 611 222 333',
        comments: 'Cadira de rodes, "plegable"',
      },
    );
    await paidBooking(id, { adult: 1, reduced: 1 }, { name: 'Joan', surnames: 'Brossa', mobilePhone: '622 000 111' });
    // A hold is not on the manifest: it has not paid.
    await createHold(payload, { departureId: id, selection: selection({ adult: 3 }), customer, locale: 'ca' });

    const json = await body(
      await manifestRoute(request(`/api/ops/departures/${id}/manifest`, 'crew'), params({ id: String(id) })),
    );
    expect(json.lines).toEqual([
      expect.objectContaining({
        leadName: 'Joan Brossa',
        adults: 1,
        reduced: 1,
        persons: 2,
        audioGuides: 0,
        boarded: 0,
      }),
      expect.objectContaining({
        leadName: 'Mercè Rodoreda i Gurguí',
        adults: 2,
        children: 1,
        super3: 1,
        persons: 4,
        audioGuides: 2,
        // As the crew read and dial it, grouped the Spanish way.
        mobilePhone: '+34 611 22 23 33',
        comments: 'Cadira de rodes, "plegable"',
      }),
    ]);
    expect(json.totals).toEqual({
      bookings: 2,
      adults: 3,
      reduced: 1,
      children: 1,
      super3: 1,
      persons: 6,
      audioGuides: 2,
      boarded: 0,
    });

    const csvResponse = await manifestCsvRoute(
      request(`/api/ops/departures/${id}/manifest.csv`, 'office', { language: 'en' }),
      params({ id: String(id) }),
    );
    expect(csvResponse.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvResponse.headers.get('content-disposition')).toMatch(
      /^attachment; filename="manifest-\d{4}-\d{2}-\d{2}-\d{4}-\d+\.csv"$/,
    );
    const csv = (await csvResponse.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe(
      'Reference,Lead passenger,Adults,Reduced,Children,Super3,Persons,Audio guides,Mobile,Comments,On board',
    );
    expect(csv[1]).toMatch(/^[A-Z0-9-]+,Joan Brossa,1,1,0,0,2,0,\+34 622 00 01 11,,0$/);
    expect(csv[2]).toMatch(/,Mercè Rodoreda i Gurguí,2,0,1,1,4,2,\+34 611 22 23 33,"Cadira de rodes, ""plegable""",0$/);
    expect(csv[3]).toBe('Total,2,3,1,1,1,6,2,,,0');

    // The same list as a tagged PDF, in the staff member's language.
    const pdfResponse = await manifestPdfRoute(
      request(`/api/ops/departures/${id}/manifest.pdf`, 'crew', { language: 'fr' }),
      params({ id: String(id) }),
    );
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    const manifestPdf = new Uint8Array(await pdfResponse.arrayBuffer());
    await expectAccessiblePdf(manifestPdf);
    const pdfText = (await pdfTexts(manifestPdf)).flat();
    expect(pdfText.slice(0, 1)).toEqual([expect.stringMatching(/^Manifeste: /)]);
    expect(pdfText.join('|')).toContain('|Joan Brossa|');
    expect(pdfText.join('|')).toContain('|Mercè Rodoreda i Gurguí|');
    expect(pdfText.join('|')).toContain('Cadira de rodes, "plegable"');
    expect(pdfText.join('|')).toMatch(/\|Total \(2\)\|3\|1\|1\|1\|6\|2\|0 \/ 6$/);

    const tomorrow = await addDeparture(payload, shop, {
      capacity: 10,
      startsAt: madridToUtc(addDays(madridToday(new Date()), 1), '12:00'),
    });
    const crewOtherDay = await manifestRoute(
      request(`/api/ops/departures/${tomorrow}/manifest`, 'crew', { language: 'en' }),
      params({ id: String(tomorrow) }),
    );
    expect(crewOtherDay.status).toBe(403);
    expect((await body(crewOtherDay)).message).toBe("The crew see the manifests of today's departures only.");
    const crewCsvOtherDay = await manifestCsvRoute(
      request(`/api/ops/departures/${tomorrow}/manifest.csv`, 'crew'),
      params({ id: String(tomorrow) }),
    );
    expect(crewCsvOtherDay.status).toBe(403);
    const crewPdfOtherDay = await manifestPdfRoute(
      request(`/api/ops/departures/${tomorrow}/manifest.pdf`, 'crew'),
      params({ id: String(tomorrow) }),
    );
    expect(crewPdfOtherDay.status).toBe(403);
    const officeOtherDay = await manifestRoute(
      request(`/api/ops/departures/${tomorrow}/manifest`, 'office'),
      params({ id: String(tomorrow) }),
    );
    expect(officeOtherDay.status).toBe(200);
  });

  it('gives the box office the paid booking’s tickets as a tagged PDF, in the customer’s language; not to the crew', async () => {
    const id = await departureToday(20);
    const reference = await paidBooking(id, { adult: 2 }, { name: 'Núria', surnames: 'Puig' });
    const path = `/api/ops/bookings/${reference}/tickets.pdf`;
    const response = await ticketsPdfRoute(request(path, 'office', { language: 'en' }), params({ reference }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${reference}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    await expectAccessiblePdf(bytes);
    // The customer booked in Catalan: the tickets speak Catalan whoever prints them.
    expect((await pdfTexts(bytes))[0]).toEqual(expect.arrayContaining(['Les teves entrades del vaixell', reference]));
    expect(await decodeQrCodes(bytes)).toHaveLength(1 + 1 + 2);
    expect((await ticketsPdfRoute(request(path, 'crew'), params({ reference }))).status).toBe(403);
    expect((await ticketsPdfRoute(request(path, null), params({ reference }))).status).toBe(401);
    const unknown = await ticketsPdfRoute(
      request('/api/ops/bookings/GOL-NOPE/tickets.pdf', 'office', { language: 'en' }),
      params({ reference: 'GOL-NOPE' }),
    );
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).message).toBe('Only paid bookings have tickets to print.');
  });

  it('finds bookings by any part of the reference, name, surname, e-mail or phone, and by date and tour', async () => {
    const id = await departureToday(30);
    const reference = await paidBooking(
      id,
      { adult: 1 },
      {
        name: 'Montserrat',
        surnames: 'Caballé Folch',
        email: 'montse.diva@example.org',
        mobilePhone: '+34 699 123 456',
        phone: '933 111 222',
      },
    );
    const find = async (query: string) => {
      const response = await searchRoute(request(`/api/ops/bookings?${query}`, 'office'));
      expect(response.status).toBe(200);
      return ((await body(response)).results as { reference: string }[]).map((r) => r.reference);
    };
    for (const q of [
      'caball',
      'CABALLÉ',
      'montse',
      'diva@exa',
      '699123',
      '699 123',
      '111222',
      reference.slice(2, 8),
      'serrat folch',
    ]) {
      expect(await find(`q=${encodeURIComponent(q)}`), q).toContain(reference);
    }
    expect(await find('q=caballe%20zzz')).not.toContain(reference);
    const today = madridToday(new Date());
    expect(await find(`q=caball&date=${today}&tour=${shop.tourId}`)).toContain(reference);
    expect(await find(`q=caball&date=${addDays(today, 1)}`)).not.toContain(reference);
    expect(await find(`date=${today}&tour=${shop.tourId}`)).toContain(reference);
  });

  it('shows a booking with tickets, payments and e-mails, and re-sends the tickets to a corrected address', async () => {
    const id = await departureToday(30);
    const reference = await paidBooking(id, { adult: 2 }, { email: 'wrong@exmaple.com' });
    const resent = await resendRoute(
      request(`/api/ops/bookings/${reference}/resend`, 'office', {
        method: 'POST',
        body: { email: 'right@example.com' },
        language: 'en',
      }),
      params({ reference }),
    );
    expect(await body(resent)).toEqual({
      ok: true,
      to: 'right@example.com',
      linkExpiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      message: 'Tickets sent to right@example.com.',
    });
    const invalid = await resendRoute(
      request(`/api/ops/bookings/${reference}/resend`, 'office', { method: 'POST', body: { email: 'nope' } }),
      params({ reference }),
    );
    expect(invalid.status).toBe(400);

    const detail = (
      await body(await bookingRoute(request(`/api/ops/bookings/${reference}`, 'office'), params({ reference })))
    ).booking as {
      customer: { email: string };
      tickets: { checkedInAt: string | null }[];
      payments: { kind: string; outcome: string }[];
      emails: { to: string }[];
    };
    expect(detail.customer.email).toBe('wrong@exmaple.com');
    expect(detail.tickets).toHaveLength(2);
    expect(detail.tickets.every((t) => t.checkedInAt === null)).toBe(true);
    expect(detail.payments.map((p) => p.kind)).toEqual(['attempt', 'notification']);
    expect(detail.payments[1]!.outcome).toBe('confirmed');
    expect(detail.emails.map((e) => e.to)).toEqual([
      expect.stringContaining('wrong@exmaple.com'),
      expect.stringContaining('right@example.com'),
    ]);
  });
});
