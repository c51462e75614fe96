import { createHmac } from 'node:crypto';

import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import ChangePage from '@/app/(site)/[locale]/reserva/[reference]/cambio/page';
import BookingPage from '@/app/(site)/[locale]/reserva/[reference]/page';
import { POST as linkRoute } from '@/app/api/ops/bookings/[reference]/link/route';
import { POST as opsResendRoute } from '@/app/api/ops/bookings/[reference]/resend/route';
import { GET as pdfRoute } from '@/app/api/shop/bookings/[reference]/pdf/route';
import { POST as shopResendRoute } from '@/app/api/shop/bookings/[reference]/resend/route';
import { shopDb, str } from '@/booking/db';
import { bookingLinkSignature, bookingSignature, checkBookingLink } from '@/booking/signature';
import { ticketsOfBooking } from '@/booking/tickets-repository';
import { addDays, madridToday } from '@/i18n/time';
import { locales, type Locale } from '@/i18n/locales';
import { opsMessages } from '@/i18n/ops-messages';
import { loadMessages } from '@/i18n/messages';
import { env } from '@/lib/env';

import { paidBooking } from '../fixtures/sandbox-payments';
import { serverPageMarkup } from '../fixtures/server-page';
import { addDeparture, madridNoonDaysAgo, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';
import { forgedSignature } from '../fixtures/forged-signature';

// The pages use next-intl's server API, which outside Next has no request to read its
// configuration from: the same messages, handed over through next-intl's own translator.
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages: load } = await import('@/i18n/messages');
  return {
    setRequestLocale: () => {},
    getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
      createTranslator({ locale, messages: await load(locale), namespace: namespace as never }),
  };
});

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
const tokens: Record<'admin' | 'office' | 'crew', string> = { admin: '', office: '', crew: '' };
const base = 'http://localhost:3110';
const params = <T extends object>(value: T) => ({ params: Promise.resolve(value) });

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-links@example.com`;
    const password = `long enough ${role} password 2026`;
    await payload.create({ collection: 'users', data: { email, password, role } as never });
    tokens[role] = (await payload.login({ collection: 'users', data: { email, password } })).token!;
  }
});

/** A link as every e-mail sent before links carried a day: the bare HMAC of the reference. */
function legacySignature(reference: string): string {
  return createHmac('sha256', env().PAYLOAD_SECRET).update(`booking:${reference}`).digest('base64url').slice(0, 32);
}

/** A paid booking whose trip was `daysAgo` days ago (paid for while it was still ahead). */
async function pastBooking(daysAgo: number, locale: Locale = 'en') {
  const departureId = await addDeparture(payload, shop, { capacity: 20 });
  const paid = await paidBooking(payload, departureId, { adults: 1, locale });
  const startsAt = madridNoonDaysAgo(daysAgo);
  await shopDb(payload).query('UPDATE departures SET starts_at = ?, local_date = ? WHERE id = ?', [
    startsAt.toISOString(),
    madridToday(startsAt),
    departureId,
  ]);
  return { ...paid, departureId, startsAt };
}

/** Renders a server page: its async components (the expired-link notice) are awaited first. */
async function html(node: Promise<ReactNode> | ReactNode): Promise<string> {
  // As a visitor reads it: the apostrophes of ca/fr/en unescaped.
  return (await serverPageMarkup(node)).replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

const page = (reference: string, firma: string, locale: Locale = 'en') =>
  html(BookingPage({ params: Promise.resolve({ locale, reference }), searchParams: Promise.resolve({ firma }) }));

const pdf = (reference: string, firma: string) =>
  pdfRoute(new Request(`${base}/api/shop/bookings/${reference}/pdf?firma=${firma}`), params({ reference }));

function staff(path: string, role: keyof typeof tokens | null, body?: unknown) {
  const headers: Record<string, string> = { cookie: 'payload-lng=en' };
  if (role) headers.Authorization = `JWT ${tokens[role]}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Request(`${base}${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}

async function auditOf(reference: string) {
  const { rows } = await shopDb(payload).query(
    'SELECT actor, action, after FROM audit_log WHERE subject = ? ORDER BY id',
    [`booking:${reference}`],
  );
  // A JSON column: text on SQLite, already parsed on PostgreSQL.
  return rows.map((row) => ({
    actor: str(row.actor),
    action: str(row.action),
    after: typeof row.after === 'string' ? JSON.parse(row.after) : row.after,
  }));
}

describe(`signed booking links expire, on ${testDatabaseKind}`, () => {
  it('carry their last day in a URL-safe token, valid until 400 days after the departure', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 1, locale: 'en' });
    const firma = await bookingLinkSignature(payload, paid.reference);
    expect(firma).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    const { rows } = await shopDb(payload).query('SELECT local_date FROM departures WHERE id = ?', [departureId]);
    const lastDay = addDays(str(rows[0]!.local_date), 400);
    expect(firma.slice(0, 8)).toBe(lastDay.replaceAll('-', ''));

    expect(await checkBookingLink(payload, paid.reference, firma)).toBe('valid');
    const lastMoment = new Date(`${lastDay}T21:59:00Z`); // 22:59 or 23:59 in Madrid: still that day
    expect(await checkBookingLink(payload, paid.reference, firma, lastMoment)).toBe('valid');
    expect(await checkBookingLink(payload, paid.reference, firma, new Date(`${addDays(lastDay, 1)}T12:00:00Z`))).toBe(
      'expired',
    );

    // A stranger stretching the day, or using it for another booking, holds a forged link.
    const stretched = `${String(Number(firma.slice(0, 4)) + 10)}${firma.slice(4)}`;
    expect(await checkBookingLink(payload, paid.reference, stretched)).toBe('invalid');
    expect(await checkBookingLink(payload, 'OTHERREFERENCE', firma)).toBe('invalid');
    expect(await checkBookingLink(payload, paid.reference, null)).toBe('invalid');
    expect(await checkBookingLink(payload, paid.reference, forgedSignature(firma))).toBe('invalid');
  });

  it('a valid link opens the tickets and the PDF; an expired one says so in each language; a forged one opens nothing', async () => {
    const recent = await pastBooking(30);
    const firma = await bookingLinkSignature(payload, recent.reference);
    const tickets = await page(recent.reference, firma);
    expect(tickets).toContain('Download the tickets (PDF)');
    expect((await pdf(recent.reference, firma)).headers.get('content-type')).toBe('application/pdf');

    const old = await pastBooking(401);
    const expired = await bookingLinkSignature(payload, old.reference);
    const [oldTicket] = await ticketsOfBooking(shopDb(payload), old.bookingId);
    for (const locale of locales) {
      const messages = (await loadMessages(locale)) as {
        tickets: { expired: { lead: string }; invalidLink: string; qrAlt: string };
      };
      const text = await page(old.reference, expired, locale);
      expect(text).toContain(messages.tickets.expired.lead.replace('{days}', '400'));
      expect(text).toContain(old.reference);
      expect(text).not.toContain(messages.tickets.invalidLink);
      // Nothing that boards: not the ticket's code, its drawing or its label. (Not the letters
      // "QR": a random reference spells them about one time in fifty.)
      expect(text).not.toContain(oldTicket!.code);
      expect(text).not.toContain('<svg');
      expect(text).not.toContain(messages.tickets.qrAlt.split('{code}')[0]!.trim());
    }
    const refused = await pdf(old.reference, expired);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toMatchObject({ ok: false, error: 'linkExpired' });

    // The expiry pushed forward by a stranger: not "expired", simply not a link of ours.
    const stretched =
      bookingSignature(old.reference, addDays(madridToday(new Date()), 30)).slice(0, 9) + expired.slice(9);
    const forged = await page(old.reference, stretched);
    expect(forged).toContain('This link is not valid');
    expect(forged).not.toContain('Download the tickets');
    expect((await pdf(old.reference, stretched)).status).toBe(404);
  });

  it('links e-mailed before links carried a day keep working until 400 days after the trip', async () => {
    const recent = await pastBooking(399);
    expect(await page(recent.reference, legacySignature(recent.reference))).toContain('Download the tickets (PDF)');
    expect((await pdf(recent.reference, legacySignature(recent.reference))).status).toBe(200);

    const old = await pastBooking(402, 'fr');
    const text = await page(old.reference, legacySignature(old.reference), 'fr');
    expect(text).toContain('Ce lien a expiré');
    expect((await pdf(old.reference, legacySignature(old.reference))).status).toBe(410);
    // "Send the e-mail again" from a page left open: back to the page that explains.
    const form = new FormData();
    form.set('firma', legacySignature(old.reference));
    form.set('locale', 'fr');
    const resend = await shopResendRoute(
      new Request(`${base}/api/shop/bookings/${old.reference}/resend`, { method: 'POST', body: form }),
      params({ reference: old.reference }),
    );
    expect(resend.status).toBe(303);
    expect(resend.headers.get('location')).toMatch(new RegExp(`^/fr/reserva/${old.reference}\\?firma=`));
  });

  it('the change page of an expired link says it expired, in the visitor’s language', async () => {
    const old = await pastBooking(500, 'es');
    const text = await html(
      ChangePage({
        params: Promise.resolve({ locale: 'es', reference: old.reference }),
        searchParams: Promise.resolve({ firma: await bookingLinkSignature(payload, old.reference) }),
      }),
    );
    expect(text).toContain('Este enlace ha caducado');
    expect(text).toContain(old.reference);
  });
});

describe(`staff issue a booking link again, on ${testDatabaseKind}`, () => {
  it('office and admin get a fresh link that works for a month past an old trip; crew and strangers do not', async () => {
    const old = await pastBooking(450);
    const path = `/api/ops/bookings/${old.reference}/link`;
    expect((await linkRoute(staff(path, null), params({ reference: old.reference }))).status).toBe(401);
    expect((await linkRoute(staff(path, 'crew'), params({ reference: old.reference }))).status).toBe(403);
    expect(await auditOf(old.reference)).toEqual([]);

    const answer = await linkRoute(staff(path, 'office'), params({ reference: old.reference }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const body = (await answer.json()) as { url: string; changeUrl: string | null; expiresOn: string; message: string };
    const monthAhead = addDays(madridToday(new Date()), 30);
    expect(body.expiresOn).toBe(monthAhead);
    expect(body.changeUrl).toBeNull();
    expect(body.message).toContain(opsMessages('en').booking.linkIssued.split('{date}')[0]);
    const url = new URL(body.url);
    expect(url.pathname).toBe(`/en/reserva/${old.reference}`);
    const firma = url.searchParams.get('firma')!;
    expect(firma).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(await page(old.reference, firma)).toContain('Download the tickets (PDF)');
    expect(await checkBookingLink(payload, old.reference, firma, new Date(`${addDays(monthAhead, 1)}T12:00:00Z`))).toBe(
      'expired',
    );

    const users = await payload.find({ collection: 'users', where: { email: { equals: 'office-links@example.com' } } });
    expect(await auditOf(old.reference)).toEqual([
      {
        actor: `user:${users.docs[0]!.id}`,
        action: 'booking.linkReissued',
        after: { linkExpiresOn: monthAhead, how: 'shown' },
      },
    ]);
    expect((await linkRoute(staff(path, 'admin'), params({ reference: old.reference }))).status).toBe(200);
    expect(
      (await linkRoute(staff('/api/ops/bookings/NOSUCHREF/link', 'office'), params({ reference: 'NOSUCHREF' }))).status,
    ).toBe(404);
  });

  it('sending the tickets again from the back office e-mails a link that works again', async () => {
    const old = await pastBooking(420);
    const path = `/api/ops/bookings/${old.reference}/resend`;
    expect((await opsResendRoute(staff(path, 'crew', {}), params({ reference: old.reference }))).status).toBe(403);
    const sent = await opsResendRoute(staff(path, 'office', {}), params({ reference: old.reference }));
    expect(await sent.json()).toMatchObject({ ok: true, linkExpiresOn: addDays(madridToday(new Date()), 30) });
    const { rows } = await shopDb(payload).query(
      `SELECT text FROM email_log WHERE ref = ? AND template = 'tickets' ORDER BY id DESC`,
      [`bookings:${old.bookingId}`],
    );
    const link = /https?:\/\/\S+\/reserva\/\S+\?firma=([\w-]+)/.exec(str(rows[0]!.text));
    expect(await checkBookingLink(payload, old.reference, link![1])).toBe('valid');
    expect((await auditOf(old.reference)).map((entry) => entry.after)).toEqual([
      { linkExpiresOn: addDays(madridToday(new Date()), 30), how: 'email' },
    ]);
  });
});
