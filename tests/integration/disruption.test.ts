import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

// integration-setup.ts gives each file its own outbox folders, read when the mail and SMS layers load.
const outboxes = { mail: process.env.MAIL_OUTBOX_DIR!, sms: process.env.SMS_OUTBOX_DIR! };

import { POST as cancelRoute } from '@/app/api/ops/departures/[id]/cancel/route';
import { startPayment } from '@/booking/checkout';
import { cancelDeparture, disruptionReport, rebookDisrupted, refundDisrupted } from '@/operations/disruption';
import { shopDb } from '@/booking/db';
import { getBooking } from '@/booking/holds';
import { isValidBookingLink } from '@/booking/signature';
import type { Locale } from '@/i18n/locales';
import { runDisruptionReminders } from '@/notices/reminders';
import { sandboxLedger } from '@/lib/sandbox-ledger';
import { loadChangePage } from '@/notices/change-page';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { heldAndStarted, paidBooking, payAtSandbox, sandboxProvider, siteUrl } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
const locales: Locale[] = ['ca', 'es', 'en', 'fr'];
const HOUR = 3600_000;

checkInvariantsAfterEach(() => payload);

const visitor = (i: number) => ({
  name: `Visitor${i}`,
  surnames: 'Test',
  email: `visitor${i}@example.com`,
  phone: '+34 600 000 000',
  mobilePhone: `+34 600 100 ${String(i).padStart(3, '0')}`,
});
/** The number an SMS goes to: E.164, whatever the booking stored (sms/phone.ts). */
const smsTo = (i: number) => `To: +34600100${String(i).padStart(3, '0')}\n`;

/** A departure with `count` paid one-person bookings in the four languages, in turn. */
async function bookedDeparture(shop: { tourId: number; boatId: number }, count: number, startsAt?: Date) {
  const departureId = await addDeparture(payload, shop, { capacity: count + 10, ...(startsAt ? { startsAt } : {}) });
  const bookings = [];
  for (let i = 0; i < count; i++) {
    const locale = locales[i % 4]!;
    const paid = await paidBooking(payload, departureId, { adults: 1, locale, customer: visitor(i) });
    bookings.push({ ...paid, locale, i });
  }
  return { departureId, bookings };
}

/** Quoted-printable bodies and encoded subjects of nodemailer's .eml files, decoded enough to read. */
function decodeEml(eml: string): { to: string; subject: string; text: string } {
  const headerEnd = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const subjectRaw = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  const subject = subjectRaw.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const body = eml.slice(headerEnd);
  const text = Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
  const to = /^To: (.*)$/m.exec(headers)?.[1] ?? '';
  return { to, subject, text };
}

const subjectWords: Record<Locale, RegExp> = {
  ca: /^Cancel·lada: /,
  es: /^Cancelada: /,
  en: /^Cancelled: /,
  fr: /^Annulé\u202f: /,
};
const prefixOf: Record<Locale, string> = { ca: '', es: '/es', en: '/en', fr: '/fr' };

describe(`departure cancellation on ${testDatabaseKind}`, () => {
  it('cancels a departure with 30 bookings in 4 languages: 30 e-mails and 30 SMS, each in its language with a working link', async () => {
    const shop = await makeTour(payload, { menuKey: 'aquarium' });
    const { departureId, bookings } = await bookedDeparture(shop, 30);
    // One visitor is still paying: the hold ends with the cancellation.
    const paying = await heldAndStarted(payload, departureId, { adults: 2, locale: 'fr', customer: visitor(99) });

    const result = await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' });
    expect(result).toMatchObject({ ok: true, releasedHolds: 1 });
    if (!result.ok) throw new Error('not cancelled');
    expect(result.disrupted).toHaveLength(30);
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 30, held: 0 });
    expect((await getBooking(payload, paying.held.reference))?.status).toBe('cancelled');
    expect(await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' })).toEqual({
      ok: false,
      error: 'alreadyCancelled',
    });

    // The jobs queue delivers: .eml files and SMS text files in the outboxes.
    await payload.jobs.run({ queue: 'email', limit: 500 });
    const emails = readdirSync(outboxes.mail)
      .map((f) => decodeEml(readFileSync(path.join(outboxes.mail, f), 'utf8')))
      .filter((m) => Object.values(subjectWords).some((re) => re.test(m.subject)));
    const sms = readdirSync(outboxes.sms).map((f) => readFileSync(path.join(outboxes.sms, f), 'utf8'));
    expect(emails).toHaveLength(30);
    expect(sms).toHaveLength(30);

    for (const booking of bookings) {
      const v = visitor(booking.i);
      const email = emails.find((m) => m.to.includes(v.email));
      expect(email?.subject).toMatch(subjectWords[booking.locale]);
      const message = sms.find((s) => s.startsWith(smsTo(booking.i)));
      expect(message).toBeDefined();
      for (const text of [email!.text, message!]) {
        const url = new URL(/https?:\/\/\S+\/cambio\?firma=[\w-]+/.exec(text)![0]);
        expect(url.pathname).toBe(`${prefixOf[booking.locale]}/reserva/${booking.reference}/cambio`);
        expect(await isValidBookingLink(payload, booking.reference, url.searchParams.get('firma'))).toBe(true);
      }
    }
    // In the visitor's language, reason included.
    const catalan = emails.find((m) => m.to.includes(visitor(0).email))!;
    expect(catalan.text).toContain('vent fort');
    expect(sms.find((s) => s.startsWith(smsTo(3)))).toContain('vent fort');

    // Staff see who has not chosen yet.
    const report = await disruptionReport(payload, departureId);
    expect(report.bookings).toHaveLength(30);
    expect(report.bookings.every((b) => b.status === 'disrupted' && b.choice === null)).toBe(true);

    // A day later, one reminder each to those who have not chosen; a second run sends nothing.
    await rebookOrRefundFirst(bookings[0]!.reference);
    const later = new Date(Date.now() + 25 * HOUR);
    expect(await runDisruptionReminders(payload, { now: later, afterMs: 24 * HOUR })).toEqual({
      notices: 0,
      reminders: 29,
    });
    expect(await runDisruptionReminders(payload, { now: later, afterMs: 24 * HOUR })).toEqual({
      notices: 0,
      reminders: 0,
    });
  });

  async function rebookOrRefundFirst(reference: string) {
    const result = await refundDisrupted(payload, { reference, by: 'visitor' }, { provider: sandboxProvider });
    expect(result).toMatchObject({ ok: true, refund: { ok: true } });
  }

  it('30 visitors choose at once among two departures with 20 free seats: 20 moved, 10 told it is full and offered the next', async () => {
    const shop = await makeTour(payload, { menuKey: 'museum' });
    const base = Date.now() + 2 * 24 * HOUR;
    const { departureId, bookings } = await bookedDeparture(shop, 30, new Date(base));
    const first = await addDeparture(payload, shop, { capacity: 10, startsAt: new Date(base + HOUR) });
    const second = await addDeparture(payload, shop, { capacity: 10, startsAt: new Date(base + 2 * HOUR) });
    const next = await addDeparture(payload, shop, { capacity: 50, startsAt: new Date(base + 24 * HOUR) });
    await cancelDeparture(payload, { departureId, reason: 'seaState', by: 'user:1' });

    const chosen = (i: number) => (i % 2 ? first : second);
    const results = await Promise.all(
      bookings.map((b, i) =>
        rebookDisrupted(payload, { reference: b.reference, departureId: chosen(i), by: 'visitor' }),
      ),
    );
    const moved = results.filter((r) => r.ok);
    expect(moved).toHaveLength(20);
    expect(results.filter((r) => !r.ok && r.error === 'full')).toHaveLength(10);
    results.forEach((r, i) => {
      if (r.ok || r.error !== 'full') return;
      // Offered the next departure, never the one just found full. The other small departure may
      // still be offered: when this visitor was refused, its own choosers may not all have
      // committed yet, so it still had room then (taking it would have worked or said full).
      const other = chosen(i) === first ? second : first;
      expect([[next], [other, next]]).toContainEqual(r.alternatives.map((a) => a.id));
    });
    // Once everyone has chosen, a visitor who reopens the page is offered the next departure only.
    const stillDisrupted = bookings[results.findIndex((r) => !r.ok && r.error === 'full')]!;
    const reopened = await rebookDisrupted(payload, {
      reference: stillDisrupted.reference,
      departureId: first,
      by: 'visitor',
    });
    expect(reopened).toMatchObject({ ok: false, error: 'full' });
    if (!reopened.ok && reopened.error === 'full') expect(reopened.alternatives.map((a) => a.id)).toEqual([next]);
    expect(await seatsOf(payload, first)).toEqual({ capacity: 10, sold: 10, held: 0 });
    expect(await seatsOf(payload, second)).toEqual({ capacity: 10, sold: 10, held: 0 });
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 10, held: 0 });

    // The moved have new tickets on the new departure and none valid on the old one.
    const { rows } = await shopDb(payload).query(
      `SELECT COUNT(*) AS n FROM tickets t JOIN bookings b ON b.id = t.booking_id
       WHERE b.departure_id IN (?, ?) AND t.voided_at IS NULL`,
      [first, second],
    );
    expect(Number(rows[0]!.n)).toBe(20);
    const report = await disruptionReport(payload, departureId);
    expect(report.bookings.filter((b) => b.choice === 'moved')).toHaveLength(20);
    expect(report.bookings.filter((b) => b.status === 'disrupted')).toHaveLength(10);
  });

  it('offers every departure the whole party can still take, not only the next few', async () => {
    const shop = await makeTour(payload, { menuKey: 'magic' });
    const base = Date.now() + 2 * 24 * HOUR;
    const departureId = await addDeparture(payload, shop, { capacity: 20, startsAt: new Date(base) });
    const party = await paidBooking(payload, departureId, { adults: 3, locale: 'en', customer: visitor(1) });
    // Twelve roomy departures over the following weeks, one too small for three, one already gone.
    const roomy: number[] = [];
    for (let day = 1; day <= 12; day++) {
      roomy.push(await addDeparture(payload, shop, { capacity: 20, startsAt: new Date(base + day * 3 * 24 * HOUR) }));
    }
    const tooSmall = await addDeparture(payload, shop, { capacity: 2, startsAt: new Date(base + HOUR) });
    const past = await addDeparture(payload, shop, { capacity: 20, startsAt: new Date(Date.now() - HOUR) });
    await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' });

    const page = await loadChangePage(payload, party.reference, 'en');
    const offered = page!.alternatives.map((a) => a.id);
    expect(offered).toEqual(roomy);
    expect(offered).not.toContain(tooSmall);
    expect(offered).not.toContain(past);
    // The last one is weeks away and can be taken like the first.
    const moved = await rebookDisrupted(payload, {
      reference: party.reference,
      departureId: roomy[11]!,
      by: 'visitor',
    });
    expect(moved).toMatchObject({ ok: true });
    expect(await seatsOf(payload, roomy[11]!)).toMatchObject({ sold: 3, held: 0 });
  });

  it('a refund chosen twice (two taps, two devices) refunds once, through the gateway', async () => {
    const shop = await makeTour(payload, { menuKey: 'americas' });
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const paid = await paidBooking(payload, departureId, { adults: 2, locale: 'en' });
    await cancelDeparture(payload, { departureId, reason: 'technical', by: 'user:1' });
    const choose = () =>
      refundDisrupted(payload, { reference: paid.reference, by: 'visitor' }, { provider: sandboxProvider });
    const results = await Promise.all([choose(), choose(), choose()]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await choose()).toMatchObject({ ok: true, refund: { ok: true, replayed: true } });
    expect(
      sandboxLedger()
        .order(paid.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([3000]);
    expect((await getBooking(payload, paid.reference))?.status).toBe('cancelled');
    // Moving after the refund is refused: the booking is resolved.
    const other = await addDeparture(payload, shop, { capacity: 10 });
    expect(
      await rebookDisrupted(payload, { reference: paid.reference, departureId: other, by: 'visitor' }),
    ).toMatchObject({
      ok: false,
      error: 'notDisrupted',
    });
  });

  it('a payment notification that arrives after the departure was cancelled is refunded automatically and the visitor told', async () => {
    const shop = await makeTour(payload, { menuKey: 'ramonet' });
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { held, request } = await heldAndStarted(payload, departureId, { adults: 2, locale: 'ca' });
    await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' });
    // The payment page now tells the visitor the departure was cancelled (the API's answer).
    expect(await startPayment(payload, held.reference, { provider: sandboxProvider, siteUrl })).toEqual({
      ok: false,
      error: 'notHeld',
      status: 'cancelled',
    });
    expect(await payAtSandbox(payload, request)).toMatchObject({ status: 'refundPending' });
    expect((await getBooking(payload, held.reference))?.status).toBe('cancelled');
    expect(
      sandboxLedger()
        .order(request.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([3000]);
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 0, held: 0 });
    const { docs } = await payload.find({
      collection: 'email-log',
      where: { ref: { equals: `bookings:${held.bookingId}` }, template: { equals: 'auto-refund' } },
      overrideAccess: true,
    });
    expect(docs).toHaveLength(1);
    expect(docs[0]!.subject).toBe(`T'hem retornat el pagament de la reserva ${held.reference}`);
  });

  it('a departure cancelled after some people boarded follows the same path', async () => {
    const shop = await makeTour(payload, { menuKey: '40' });
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const boarded = await paidBooking(payload, departureId, { adults: 2, locale: 'es' });
    await shopDb(payload).query('UPDATE tickets SET checked_in_at = ? WHERE booking_id = ?', [
      new Date().toISOString(),
      boarded.bookingId,
    ]);
    const result = await cancelDeparture(payload, { departureId, reason: 'technical', by: 'user:1' });
    expect(result).toMatchObject({ ok: true, disrupted: [boarded.bookingId] });
    const later = await addDeparture(payload, shop, { capacity: 10 });
    expect(
      await rebookDisrupted(payload, { reference: boarded.reference, departureId: later, by: 'user:1' }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('the staff endpoint answers 401 signed out, 403 to crew, and cancels for the office', async () => {
    const shop = await makeTour(payload, { menuKey: '60' });
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const password = 'a-long-enough-password-42';
    const tokens: Record<string, string> = {};
    for (const role of ['crew', 'office'] as const) {
      const email = `${role}-${Date.now()}@example.com`;
      await payload.create({ collection: 'users', data: { email, password, role } as never, overrideAccess: true });
      const login = await payload.login({ collection: 'users', data: { email, password } });
      tokens[role] = login.token!;
    }
    const call = (token?: string) =>
      cancelRoute(
        new Request(`http://localhost/api/ops/departures/${departureId}/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
          body: JSON.stringify({ reason: 'wind' }),
        }),
        { params: Promise.resolve({ id: String(departureId) }) },
      );
    expect((await call()).status).toBe(401);
    expect((await call(tokens.crew)).status).toBe(403);
    const ok = await call(tokens.office);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, departureId, disrupted: 0 });
    expect((await call(tokens.office)).status).toBe(409);
  });
});
