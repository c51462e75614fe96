import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

// integration-setup.ts gives each file its own outbox folders, read when the mail and SMS layers load.
const outboxes = { mail: process.env.MAIL_OUTBOX_DIR!, sms: process.env.SMS_OUTBOX_DIR! };

import { POST as cancelRoute } from '@/app/api/ops/departures/[id]/cancel/route';
import { GET as impactRoute } from '@/app/api/ops/departures/[id]/impact/route';
import { POST as scheduleImpactRoute } from '@/app/api/ops/schedule-impact/route';
import { num, shopDb, str } from '@/booking/db';
import { isValidBookingLink } from '@/booking/signature';
import { addDays, madridToday, madridToUtc } from '@/booking/time';
import type { Locale } from '@/i18n/locales';
import { loadChangePage } from '@/notices/change-page';
import { confirmResellerBooking, reserveForReseller } from '@/resellers/sales';
import { newApiKey } from '@/resellers/octo/keys';
import { newWebhookSecret } from '@/resellers/octo/webhooks';
import { departuresNeedingAttention } from '@/schedule/timetable-changes';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * A schedule change that strands booked departures (a closed day, a time removed, a time moved)
 * is a disruption like the wind (docs/decisions/170-schedule-changes-are-disruptions.md): the
 * office sees who it reaches before anything is sent, then cancels with the schedule's reason and
 * every visitor is told once, in their language, with the rebook-or-refund page; resellers get
 * their webhook.
 */

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const base = 'http://localhost:3110';
let office: { id: number | string };
let token = '';

beforeAll(async () => {
  const email = 'schedule-office@example.com';
  const password = 'long enough office password 2026';
  office = await payload.create({ collection: 'users', data: { email, password, role: 'office' } as never });
  token = (await payload.login({ collection: 'users', data: { email, password } })).token!;
});

function request(pathname: string, init: { method?: string; body?: unknown; language?: string } = {}) {
  const headers: Record<string, string> = { Authorization: `JWT ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.language) headers.cookie = `payload-lng=${init.language}`;
  return new Request(`${base}${pathname}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
}
const params = <T extends object>(value: T) => ({ params: Promise.resolve(value) });

type Impact = {
  departures: number;
  bookings: number;
  people: number;
  byLanguage: Record<Locale, number>;
  resellerBookings: number;
  resellerPeople: number;
  holds: number;
};

async function previewSchedule(body: unknown): Promise<{ departures: { id: number }[]; impact: Impact }> {
  const answer = await scheduleImpactRoute(request('/api/ops/schedule-impact', { method: 'POST', body }), params({}));
  expect(answer.status).toBe(200);
  return (await answer.json()) as { departures: { id: number }[]; impact: Impact };
}

async function previewDeparture(departureId: number): Promise<Impact> {
  const answer = await impactRoute(
    request(`/api/ops/departures/${departureId}/impact`),
    params({ id: String(departureId) }),
  );
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { impact: Impact }).impact;
}

async function cancel(departureId: number, reason: string, language = 'es') {
  const answer = await cancelRoute(
    request(`/api/ops/departures/${departureId}/cancel`, { method: 'POST', body: { reason }, language }),
    params({ id: String(departureId) }),
  );
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Quoted-printable bodies and encoded subjects of nodemailer's .eml files, decoded enough to read. */
function decodeEml(eml: string): { to: string; subject: string; text: string } {
  const headerEnd = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/m.exec(headers)?.[1] ?? '').replace(
    /=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
  );
  const text = Buffer.from(
    eml
      .slice(headerEnd)
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
  return { to: /^To: (.*)$/m.exec(headers)?.[1] ?? '', subject, text };
}

/** The outbox's files; the folder appears with the first e-mail. */
function mailFiles(): string[] {
  return existsSync(outboxes.mail) ? readdirSync(outboxes.mail) : [];
}

const reasonWords: Record<'timetable' | 'closedDay', Record<Locale, string>> = {
  closedDay: {
    ca: 'perquè aquell dia no naveguem',
    es: 'porque ese día no navegamos',
    en: 'because we do not sail that day',
    fr: 'car nous ne naviguons pas ce jour-là',
  },
  timetable: {
    ca: "per un canvi d'horari",
    es: 'por un cambio de horario',
    en: 'because of a timetable change',
    fr: "en raison d'un changement d'horaire",
  },
};
const prefixOf: Record<Locale, string> = { ca: '', es: '/es', en: '/en', fr: '/fr' };
const locales: Locale[] = ['ca', 'es', 'en', 'fr'];

let run = 0;
/** One tour per test (a menu key is unique). */
const menuKeys = ['60', '40', 'aquarium', 'museum', 'mercante'];

/**
 * A tour with a two-time timetable on one day, and on its 17:00 four paid bookings (one per
 * language, 1 to 4 people: 10 in all) plus a reseller's sale of 2 with a webhook.
 */
async function soldSchedule() {
  run += 1;
  const shop = await makeTour(payload, { menuKey: menuKeys[run - 1]!, boatCapacity: 40 });
  const day = addDays(madridToday(new Date()), 3 + run);
  const timetable = await payload.create({
    collection: 'timetables',
    data: {
      label: `schedule disruption ${run}`,
      tour: shop.tourId,
      boat: shop.boatId,
      validFrom: day,
      validTo: day,
      days: 'daily',
      times: [{ time: '11:00' }, { time: '17:00' }],
    },
  });
  const { rows } = await shopDb(payload).query(
    `SELECT id FROM departures WHERE tour_id = ? AND local_date = ? AND local_time = '17:00'`,
    [shop.tourId, day],
  );
  const departureId = num(rows[0]!.id);
  const bookings = [];
  for (const [i, locale] of locales.entries()) {
    const who = { ...customer, name: `Visitor${run}${i}`, email: `schedule-${run}-${locale}@example.com` };
    const paid = await paidBooking(payload, departureId, { adults: i + 1, locale, customer: who });
    bookings.push({ ...paid, locale, email: who.email });
  }
  const made = newApiKey();
  const reseller = await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: {
      name: `Reseller ${run}`,
      keyPrefix: made.prefix,
      keyHash: made.hash,
      commissionPercent: 20,
      webhookSecret: newWebhookSecret(),
      webhookUrl: 'http://127.0.0.1:9/octo-webhook',
    },
  });
  const uuid = crypto.randomUUID();
  const held = await reserveForReseller(payload, {
    resellerId: Number(reseller.id),
    uuid,
    resellerReference: `R-${run}`,
    departureId,
    selection: selection({ adult: 2 }),
    customer,
    locale: 'en',
  });
  if (!held.ok) throw new Error(`reseller hold failed: ${held.error}`);
  const resold = num((await shopDb(payload).query('SELECT id FROM bookings WHERE octo_uuid = ?', [uuid])).rows[0]!.id);
  expect(
    await confirmResellerBooking(payload, {
      bookingId: resold,
      resellerId: Number(reseller.id),
      resellerName: String(reseller.name),
      changes: {},
    }),
  ).toMatchObject({ ok: true });
  // The tickets' e-mails leave now, so that only what the schedule change sends follows.
  await payload.jobs.run({ queue: 'email', limit: 100 });
  return { shop, day, timetableId: Number(timetable.id), departureId, bookings, resold };
}

const expectedImpact: Impact = {
  departures: 1,
  bookings: 4,
  people: 10,
  byLanguage: { ca: 1, es: 1, en: 1, fr: 1 },
  resellerBookings: 1,
  resellerPeople: 2,
  holds: 0,
};

/** The confirmation, and everything a weather cancellation does after it, for `reason`. */
async function confirmAndCheck(sold: Awaited<ReturnType<typeof soldSchedule>>, reason: 'timetable' | 'closedDay') {
  // Under "needs attention" with its reason, and the dialog's own count agrees with the preview.
  const attention = (await departuresNeedingAttention(payload)).filter((d) => d.id === sold.departureId);
  expect(attention).toEqual([expect.objectContaining({ reason, seatsSold: 12 })]);
  expect(await previewDeparture(sold.departureId)).toEqual(expectedImpact);

  const before = new Set(mailFiles());
  const answer = await cancel(sold.departureId, reason);
  expect(answer).toEqual({
    status: 200,
    body: { ok: true, departureId: sold.departureId, releasedHolds: 0, disrupted: 4 },
  });
  const { rows } = await shopDb(payload).query('SELECT status, cancel_reason FROM departures WHERE id = ?', [
    sold.departureId,
  ]);
  expect(rows.map((r) => [str(r.status), str(r.cancel_reason)])).toEqual([['cancelled', reason]]);
  expect((await departuresNeedingAttention(payload)).some((d) => d.id === sold.departureId)).toBe(false);

  // Every visitor: exactly one notice, in their language, with the schedule's words and the signed link.
  await payload.jobs.run({ queue: 'email', limit: 100 });
  const mails = mailFiles()
    .filter((f) => !before.has(f))
    .map((f) => decodeEml(readFileSync(path.join(outboxes.mail, f), 'utf8')));
  for (const booking of sold.bookings) {
    const mine = mails.filter((m) => m.to.includes(booking.email));
    expect(mine, booking.locale).toHaveLength(1);
    expect(mine[0]!.text).toContain(reasonWords[reason][booking.locale]);
    expect(mine[0]!.text).not.toMatch(/operational|operativos|operatius|exploitation/);
    const url = new URL(/https?:\/\/\S+\/cambio\?firma=[\w-]+/.exec(mine[0]!.text)![0]);
    expect(url.pathname).toBe(`${prefixOf[booking.locale]}/reserva/${booking.reference}/cambio`);
    expect(await isValidBookingLink(payload, booking.reference, url.searchParams.get('firma'))).toBe(true);
    // The self-change page knows why, and offers the same choice as after the wind.
    const page = await loadChangePage(payload, booking.reference, booking.locale);
    expect(page).toMatchObject({ reason, booking: { status: 'disrupted' } });
  }
  expect(mails.filter((m) => sold.bookings.some((b) => m.to.includes(b.email)))).toHaveLength(4);
  const notices = await shopDb(payload).query(
    `SELECT ref FROM email_log WHERE template = 'disruption' AND ref IN (${sold.bookings.map(() => '?').join(', ')})`,
    sold.bookings.map((b) => `bookings:${b.bookingId}`),
  );
  expect(notices.rows).toHaveLength(4);

  // The reseller's sale is cancelled and its webhook queued, as after a weather cancellation.
  const hooks = await payload.find({
    collection: 'reseller-webhooks',
    where: { booking: { equals: sold.resold } },
    overrideAccess: true,
    depth: 0,
  });
  expect(hooks.docs.map((d) => [d.event, d.status])).toEqual([['booking.cancelled', 'queued']]);

  // The audit log records the departure's cancellation with the schedule's reason, by the office.
  const audit = await payload.find({
    collection: 'audit-log',
    where: {
      and: [{ subject: { equals: `departure:${sold.departureId}` } }, { action: { equals: 'departure.cancelled' } }],
    },
    depth: 0,
  });
  expect(audit.docs.map((d) => [d.actor, (d.after as { reason?: string }).reason])).toEqual([
    [`user:${office.id}`, reason],
  ]);
}

describe(`schedule changes are disruptions on ${testDatabaseKind}`, () => {
  it('a closed day on a sold date: preview counts, save keeps it for the office, confirm tells everyone', async () => {
    const sold = await soldSchedule();
    const preview = await previewSchedule({ closedDay: { date: sold.day } });
    expect(preview.departures.map((d) => d.id)).toEqual([sold.departureId]);
    expect(preview.impact).toEqual(expectedImpact);

    // Saving the closed day tells nobody and cancels no sold departure.
    const before = mailFiles().length;
    await payload.create({ collection: 'closed-days', data: { date: sold.day, note: 'port closed' }, user: office });
    await payload.jobs.run({ queue: 'email', limit: 100 });
    expect(mailFiles()).toHaveLength(before);
    const { rows } = await shopDb(payload).query('SELECT status FROM departures WHERE id = ?', [sold.departureId]);
    expect(str(rows[0]!.status)).not.toBe('cancelled');

    await confirmAndCheck(sold, 'closedDay');
  });

  it('a time removed from a sold timetable: preview counts, save keeps it for the office, confirm tells everyone', async () => {
    const sold = await soldSchedule();
    const proposal = { id: sold.timetableId, times: [{ time: '11:00' }] };
    const preview = await previewSchedule({ timetable: proposal });
    expect(preview.departures.map((d) => d.id)).toEqual([sold.departureId]);
    expect(preview.impact).toEqual(expectedImpact);
    // Keeping the times as they are strands nobody.
    expect(
      (await previewSchedule({ timetable: { id: sold.timetableId, times: [{ time: '11:00' }, { time: '17:00' }] } }))
        .departures,
    ).toEqual([]);

    await payload.update({
      collection: 'timetables',
      id: sold.timetableId,
      data: { times: [{ time: '11:00' }] },
      user: office,
    });
    await confirmAndCheck(sold, 'timetable');
  });

  it('a time moved (17:00 to 18:00): the old departure is the one stranded, and it is told', async () => {
    const sold = await soldSchedule();
    const preview = await previewSchedule({
      timetable: { id: sold.timetableId, times: [{ time: '11:00' }, { time: '18:00' }] },
    });
    expect(preview.departures.map((d) => d.id)).toEqual([sold.departureId]);
    expect(preview.impact).toEqual(expectedImpact);
    await payload.update({
      collection: 'timetables',
      id: sold.timetableId,
      data: { times: [{ time: '11:00' }, { time: '18:00' }] },
      user: office,
    });
    // The new time is generated and on sale; the old one waits for the office.
    const { rows } = await shopDb(payload).query(
      `SELECT local_time, status FROM departures WHERE tour_id = ? AND local_date = ? ORDER BY local_time`,
      [sold.shop.tourId, sold.day],
    );
    expect(rows.map((r) => [str(r.local_time), str(r.status)])).toEqual([
      ['11:00', 'scheduled'],
      ['17:00', 'closed'],
      ['18:00', 'scheduled'],
    ]);
    await confirmAndCheck(sold, 'timetable');
  });

  it('an extra sailing with bookings on a closed day: listed for the office, counted before it is cancelled', async () => {
    const sold = await soldSchedule();
    // A one-off 19:00 the office added that day (no timetable), with one French booking of 3.
    const extra = await addDeparture(payload, sold.shop, { startsAt: madridToUtc(sold.day, '19:00'), capacity: 20 });
    await paidBooking(payload, extra, {
      adults: 3,
      locale: 'fr',
      customer: { ...customer, email: 'extra@example.com' },
    });
    const preview = await previewSchedule({ closedDay: { date: sold.day, tour: sold.shop.tourId } });
    expect(preview.departures.map((d) => d.id)).toEqual([sold.departureId, extra]);
    expect(preview.impact).toMatchObject({ departures: 2, bookings: 5, people: 13, resellerBookings: 1 });
    await payload.create({ collection: 'closed-days', data: { date: sold.day, tour: sold.shop.tourId }, user: office });
    // Before, a one-off departure on a closed day was listed nowhere: its passengers were stranded unseen.
    const attention = (await departuresNeedingAttention(payload)).filter((d) => d.tourId === sold.shop.tourId);
    expect(attention.map((d) => [d.id, d.reason])).toEqual([
      [sold.departureId, 'closedDay'],
      [extra, 'closedDay'],
    ]);
    expect(await previewDeparture(extra)).toMatchObject({
      bookings: 1,
      people: 3,
      byLanguage: { ca: 0, es: 0, en: 0, fr: 1 },
      resellerBookings: 0,
    });
    expect(await cancel(extra, 'closedDay')).toMatchObject({ status: 200, body: { ok: true, disrupted: 1 } });
  });

  it('the cancel API takes both schedule reasons and refuses an unknown one with the list', async () => {
    const sold = await soldSchedule();
    const refused = await cancel(sold.departureId, 'storm', 'en');
    expect(refused).toEqual({
      status: 400,
      body: {
        ok: false,
        error: 'invalidReason',
        reasons: ['wind', 'seaState', 'technical', 'other', 'timetable', 'closedDay'],
        message: expect.stringContaining('timetable, closedDay'),
      },
    });
    expect((await cancel(sold.departureId, 'nothing', 'es')).body.message).toMatch(/^Motivo de cancelación/);
    const { rows } = await shopDb(payload).query('SELECT status FROM departures WHERE id = ?', [sold.departureId]);
    expect(str(rows[0]!.status)).toBe('scheduled');
    expect(await cancel(sold.departureId, 'closedDay')).toMatchObject({
      status: 200,
      body: { ok: true, disrupted: 4 },
    });
  });
});
