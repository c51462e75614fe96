import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { zBooking } from '@octocloud/types';
import { beforeAll, describe, expect, it } from 'vitest';

// integration-setup.ts gives each file its own outbox folder, read when the mail layer loads.
const outbox = process.env.MAIL_OUTBOX_DIR!;

import { GET as statementRoute } from '@/app/api/ops/resellers/[id]/statement.csv/route';
import { POST as confirmRoute } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { GET as bookingRoute, PATCH as patchRoute } from '@/app/octo/v1/bookings/[uuid]/route';
import { POST as reserveRoute } from '@/app/octo/v1/bookings/route';
import { shopDb } from '@/booking/db';
import { salesReport } from '@/operations/reports';
import { utcToMadrid } from '@/i18n/time';
import { newApiKey } from '@/resellers/octo/keys';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

let shop: { tourId: number; boatId: number };
let resellerId = 0;
let key = '';
const base = 'http://localhost:3111/octo/v1';

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'americas' });
  const made = newApiKey();
  const doc = await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: { name: 'Viatges Mar', keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 20 },
  });
  resellerId = Number(doc.id);
  key = made.key;
});

function req(pathname: string, options: { method?: string; body?: unknown; lang?: string } = {}) {
  return new Request(`${base}${pathname}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      Authorization: `Bearer ${key}`,
      'Octo-Capabilities': 'octo/pricing',
      'Accept-Language': options.lang ?? 'en',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
}
const params = (uuid: string) => ({ params: Promise.resolve({ uuid }) });
type Booking = {
  id: string;
  status: string;
  error?: string;
  pricing: { retail: number; net: number };
  unitItems: { uuid: string; unitId: string; resellerReference: string | null; supplierReference: string | null }[];
};
async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Booking };
}

async function reserve(departureId: number, unitItems: unknown[], lang = 'en') {
  const uuid = crypto.randomUUID();
  const reserved = await answer(
    await reserveRoute(
      req('/bookings', {
        lang,
        body: {
          uuid,
          productId: String(shop.tourId),
          optionId: 'DEFAULT',
          availabilityId: String(departureId),
          unitItems,
        },
      }),
    ),
  );
  return { uuid, ...reserved };
}

/** The ticket e-mails in this file's outbox: recipient and subject (RFC 2047 words decoded). */
function sentTickets(): { to: string; subject: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((file) => {
    const eml = readFileSync(path.join(outbox, file), 'utf8');
    const headers = eml.slice(0, eml.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const raw = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
    const subject = raw.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
    return { to: /^To: (.*)$/m.exec(headers)?.[1] ?? '', subject };
  });
}

describe(`OCTO sale details on ${testDatabaseKind}`, () => {
  it('keeps the unit item uuids and references the reseller sends, through update, confirm and GET', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 30 });
    const [child, adult1, adult2] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    // In the reseller's order (a child first); ours is ticket order: adults, then the child.
    const reserved = await reserve(departure, [
      { unitId: 'child', uuid: child, resellerReference: 'KID' },
      { unitId: 'adult', uuid: adult1.toUpperCase() },
      { unitId: 'adult', uuid: adult2, resellerReference: 'MUM' },
    ]);
    expect(reserved.status).toBe(200);
    expect(zBooking.safeParse(reserved.body).error).toBeUndefined();
    expect(reserved.body.unitItems.map((u) => [u.unitId, u.uuid, u.resellerReference])).toEqual([
      ['adult', adult1, null],
      ['adult', adult2, 'MUM'],
      ['child', child, 'KID'],
    ]);
    const { uuid } = reserved;
    const got = await answer(await bookingRoute(req(`/bookings/${uuid}`), params(uuid)));
    expect(got.body.unitItems.map((u) => u.uuid)).toEqual([adult1, adult2, child]);

    // An update may rename the same people (OCTO: unit items are kept by their uuid)…
    const renamed = crypto.randomUUID();
    const patched = await answer(
      await patchRoute(
        req(`/bookings/${uuid}`, {
          method: 'PATCH',
          body: {
            unitItems: [
              { unitId: 'adult', uuid: adult1 },
              { unitId: 'adult', uuid: renamed },
              { unitId: 'child', uuid: child },
            ],
          },
        }),
        params(uuid),
      ),
    );
    expect(patched.status).toBe(200);
    expect(patched.body.unitItems.map((u) => u.uuid)).toEqual([adult1, renamed, child]);
    // …and change who is booked (OCTO's update): the seats follow the people…
    const seatsBefore = await seatsOf(payload, departure);
    const fewer = await answer(
      await patchRoute(
        req(`/bookings/${uuid}`, { method: 'PATCH', body: { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] } }),
        params(uuid),
      ),
    );
    expect(fewer.status).toBe(200);
    expect(fewer.body.unitItems.map((u) => u.unitId)).toEqual(['adult', 'adult']);
    expect((await seatsOf(payload, departure)).held).toBe(seatsBefore.held - 1);
    // …within the ticket rules: a child alone is refused, and the booking keeps what it had.
    const alone = await answer(
      await patchRoute(
        req(`/bookings/${uuid}`, { method: 'PATCH', body: { unitItems: [{ unitId: 'child' }] } }),
        params(uuid),
      ),
    );
    expect([alone.status, alone.body.error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
    expect((alone.body as unknown as { errorMessage: string }).errorMessage).toMatch(/Ticket rules/);
    expect((await seatsOf(payload, departure)).held).toBe(seatsBefore.held - 1);
    const back = await answer(
      await patchRoute(
        req(`/bookings/${uuid}`, {
          method: 'PATCH',
          body: {
            unitItems: [
              { unitId: 'adult', uuid: adult1 },
              { unitId: 'adult', uuid: renamed },
              { unitId: 'child', uuid: child },
            ],
          },
        }),
        params(uuid),
      ),
    );
    expect(back.body.unitItems.map((u) => u.uuid)).toEqual([adult1, renamed, child]);

    const confirmed = await answer(
      await confirmRoute(
        req(`/bookings/${uuid}/confirm`, { body: { contact: { fullName: 'Ann Lee' } } }),
        params(uuid),
      ),
    );
    expect(zBooking.safeParse(confirmed.body).error).toBeUndefined();
    expect(confirmed.body.unitItems.map((u) => u.uuid)).toEqual([adult1, renamed, child]);
    expect(confirmed.body.unitItems.every((u) => u.supplierReference)).toBe(true);
    const again = await answer(await bookingRoute(req(`/bookings/${uuid}`), params(uuid)));
    expect(again.body.unitItems).toEqual(confirmed.body.unitItems);
  });

  it('refuses unit item uuids that are not uuids or are repeated; without one a unit item keeps the one it got', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 30 });
    const twice = crypto.randomUUID();
    for (const unitItems of [
      [{ unitId: 'adult', uuid: 'not-a-uuid' }],
      [
        { unitId: 'adult', uuid: twice },
        { unitId: 'adult', uuid: twice },
      ],
    ]) {
      const refused = await reserve(departure, unitItems);
      expect([refused.status, refused.body.error]).toEqual([400, 'BAD_REQUEST']);
    }
    const plain = await reserve(departure, [{ unitId: 'adult' }]);
    const first = plain.body.unitItems[0]!.uuid;
    const got = await answer(await bookingRoute(req(`/bookings/${plain.uuid}`), params(plain.uuid)));
    expect(got.body.unitItems[0]!.uuid).toBe(first);
  });

  it('e-mails the tickets in the booking’s language only when confirmed with emailReceipt: true', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 30 });
    const contact = (email: string) => ({ contact: { fullName: 'Ana Puig', emailAddress: email } });
    const asked = await reserve(departure, [{ unitId: 'adult' }], 'es');
    const silent = await reserve(departure, [{ unitId: 'adult' }], 'es');
    const unsaid = await reserve(departure, [{ unitId: 'adult' }], 'es');
    const french = await reserve(departure, [{ unitId: 'adult' }], 'es');
    for (const [booking, body] of [
      [asked, { ...contact('asked@example.com'), emailReceipt: true }],
      [silent, { ...contact('silent@example.com'), emailReceipt: false }],
      [unsaid, contact('unsaid@example.com')],
      // The guest's own language, when the reseller names it, wins over the request's.
      [french, { contact: { ...contact('french@example.com').contact, locales: ['fr-FR'] }, emailReceipt: true }],
    ] as const) {
      const confirmed = await confirmRoute(req(`/bookings/${booking.uuid}/confirm`, { body }), params(booking.uuid));
      expect(confirmed.status).toBe(200);
    }
    const bad = await reserve(departure, [{ unitId: 'adult' }]);
    const refused = await answer(
      await confirmRoute(
        req(`/bookings/${bad.uuid}/confirm`, { body: { ...contact('x@example.com'), emailReceipt: 'yes' } }),
        params(bad.uuid),
      ),
    );
    expect([refused.status, refused.body.error]).toEqual([400, 'BAD_REQUEST']);

    await payload.jobs.run({ queue: 'email', limit: 50 });
    // The minute sweep that catches lost ticket e-mails must not send the ones nobody asked for.
    const { queueMissingTicketEmails } = await import('@/tickets/delivery');
    expect(await queueMissingTicketEmails(payload, new Date(Date.now() + 5 * 60_000))).toBe(0);
    await payload.jobs.run({ queue: 'email', limit: 50 });

    const sent = sentTickets();
    expect(sent.map((m) => m.to).sort()).toEqual([
      expect.stringContaining('asked@example.com'),
      expect.stringContaining('french@example.com'),
    ]);
    expect(sent.find((m) => m.to.includes('asked@'))!.subject).toMatch(/^Tus entradas para /);
    expect(sent.find((m) => m.to.includes('french@'))!.subject).toMatch(/^Vos billets pour /);
  });

  it('keeps the commission of the day of sale: a later change leaves past statements, reports and bookings as they were', async () => {
    // A month of its own: the other departures of this file sail within days.
    const startsAt = new Date(Date.now() + 40 * 24 * 3600_000);
    const month = utcToMadrid(startsAt).date.slice(0, 7);
    const departure = await addDeparture(payload, shop, { capacity: 30, startsAt });
    const sold = await reserve(departure, [{ unitId: 'adult' }, { unitId: 'adult' }]);
    await confirmRoute(
      req(`/bookings/${sold.uuid}/confirm`, { body: { contact: { fullName: 'Ann Lee' } } }),
      params(sold.uuid),
    );
    const { rows } = await shopDb(payload).query(
      'SELECT reseller_commission_percent FROM bookings WHERE octo_uuid = ?',
      [sold.uuid],
    );
    expect(Number(rows[0]!.reseller_commission_percent)).toBe(20);

    await payload.update({
      collection: 'resellers',
      id: resellerId,
      overrideAccess: true,
      data: { commissionPercent: 50 },
    });

    const booking = await answer(await bookingRoute(req(`/bookings/${sold.uuid}`), params(sold.uuid)));
    expect(booking.body.pricing).toMatchObject({ retail: 3000, net: 2400 });
    const admin = await payload.create({
      collection: 'users',
      data: {
        email: 'office-commission@example.com',
        password: 'long enough office password 2026',
        role: 'office',
        name: 'O',
      },
    });
    const token = (
      await payload.login({
        collection: 'users',
        data: { email: admin.email, password: 'long enough office password 2026' },
      })
    ).token!;
    const csv = await (
      await statementRoute(
        new Request(`http://localhost:3111/api/ops/resellers/${resellerId}/statement.csv?month=${month}`, {
          headers: { Authorization: `JWT ${token}`, cookie: 'payload-lng=en' },
        }),
        { params: Promise.resolve({ id: String(resellerId) }) },
      )
    ).text();
    expect(csv).toContain(`,${booking.body.id},,`);
    expect(csv).toContain('Total,,,,2,30.00,6.00,24.00,');

    const today = utcToMadrid(new Date()).date;
    const report = await salesReport(payload, { from: today, to: today });
    expect(report.resellers.find((line) => line.resellerId === resellerId)).toMatchObject({
      retailCents: expect.any(Number),
    });
    const line = report.resellers.find((l) => l.resellerId === resellerId)!;
    // Every sale of this file was at 20 %: the net is 80 % of the retail, not 50 %.
    expect(line.netCents).toBe(Math.round(line.retailCents * 0.8));

    // A booking confirmed after the change is at the new commission.
    const later = await reserve(departure, [{ unitId: 'adult' }]);
    const confirmed = await answer(
      await confirmRoute(
        req(`/bookings/${later.uuid}/confirm`, { body: { contact: { fullName: 'Bo Li' } } }),
        params(later.uuid),
      ),
    );
    expect(confirmed.body.pricing).toMatchObject({ retail: 1500, net: 750 });
  });
});
