import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import BookingPage from '@/app/(site)/[locale]/reserva/[reference]/page';
import { GET as invoicePdfRoute } from '@/app/api/shop/bookings/[reference]/invoice.pdf/route';
import { POST as invoiceRoute } from '@/app/api/shop/bookings/[reference]/invoice/route';
import { num, shopDb } from '@/booking/db';
import { bookingLinkSignature } from '@/booking/signature';
import { madridToday } from '@/i18n/time';
import type { Locale } from '@/i18n/locales';
import en from '@/i18n/messages/booking-invoice/en.json';
import fr from '@/i18n/messages/booking-invoice/fr.json';
import { invoicesOfBooking, saveRecipient } from '@/invoicing/ledger';

import { pdfTexts } from '../fixtures/pdf-text';
import { heldAndStarted, paidBooking, payAtSandbox } from '../fixtures/sandbox-payments';
import { serverPageMarkup } from '../fixtures/server-page';
import { addDeparture, madridNoonDaysAgo, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';
import { forgedSignature } from '../fixtures/forged-signature';

// The booking page uses next-intl's server API, which outside Next has no request to read its
// configuration from: the same messages, handed over through next-intl's own translator.
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/i18n/messages');
  return {
    setRequestLocale: () => {},
    getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
      createTranslator({ locale, messages: await loadMessages(locale), namespace: namespace as never }),
  };
});

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
const base = 'http://localhost:3110';
const params = (reference: string) => ({ params: Promise.resolve({ reference }) });

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
});

const ana = { name: 'Ana Puig', taxId: '12345678-z', address: 'Carrer Major 3, 17001 Girona' };

function ask(reference: string, body: unknown): Promise<Response> {
  return invoiceRoute(
    new Request(`${base}/api/shop/bookings/${reference}/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    params(reference),
  );
}

const invoicePdf = (reference: string, firma: string) =>
  invoicePdfRoute(new Request(`${base}/api/shop/bookings/${reference}/invoice.pdf?firma=${firma}`), params(reference));

async function paid(locale: Locale = 'en') {
  const departureId = await addDeparture(payload, shop, { capacity: 20 });
  const booking = await paidBooking(payload, departureId, { adults: 2, locale });
  return { ...booking, firma: await bookingLinkSignature(payload, booking.reference) };
}

/** Renders the server page, its async components awaited first (booking-links.test.ts does the same). */
async function html(node: Promise<ReactNode> | ReactNode): Promise<string> {
  return (await serverPageMarkup(node)).replaceAll('&#x27;', "'");
}

const page = (reference: string, firma: string, locale: Locale) =>
  html(BookingPage({ params: Promise.resolve({ locale, reference }), searchParams: Promise.resolve({ firma }) }));

describe(`a visitor's full invoice from their booking page, on ${testDatabaseKind}`, () => {
  it('only the signed link may ask: a forged one is 403 invalidLink, an expired one 403 linkExpired', async () => {
    const booking = await paid();
    const forged = await ask(booking.reference, { firma: forgedSignature(booking.firma), ...ana });
    expect([forged.status, await forged.json()]).toEqual([403, { ok: false, error: 'invalidLink' }]);
    expect(forged.headers.get('cache-control')).toBe('private, no-store');

    // The trip was 401 days ago: its links lapsed the day before.
    const startsAt = madridNoonDaysAgo(401);
    const old = await paid();
    const { rows } = await shopDb(payload).query('SELECT departure_id FROM bookings WHERE id = ?', [old.bookingId]);
    await shopDb(payload).query('UPDATE departures SET starts_at = ?, local_date = ? WHERE id = ?', [
      startsAt.toISOString(),
      madridToday(startsAt),
      num(rows[0]!.departure_id),
    ]);
    const lapsed = await bookingLinkSignature(payload, old.reference);
    const expired = await ask(old.reference, { firma: lapsed, ...ana });
    expect([expired.status, await expired.json()]).toEqual([403, { ok: false, error: 'linkExpired' }]);
    const expiredPdf = await invoicePdf(old.reference, lapsed);
    expect(expiredPdf.status).toBe(410);
    expect((await invoicePdf(booking.reference, 'forged')).status).toBe(404);
    // Nothing was issued for either.
    expect((await invoicesOfBooking(shopDb(payload), booking.bookingId)).map((i) => i.type)).toEqual(['F2']);
  });

  it('refuses a malformed or oversized body without reading it as details', async () => {
    const booking = await paid();
    expect((await ask(booking.reference, 'not json')).status).toBe(400);
    expect((await ask(booking.reference, { ...ana })).status).toBe(400);
    expect((await ask(booking.reference, { firma: booking.firma, name: 7 })).status).toBe(400);
    const huge = await ask(booking.reference, { firma: booking.firma, ...ana, address: 'x'.repeat(5_000) });
    expect(huge.status).toBe(413);
    expect((await invoicesOfBooking(shopDb(payload), booking.bookingId)).map((i) => i.type)).toEqual(['F2']);
  });

  it('a wrong tax id is a 400 naming the field; the right one issues the F3, and asking again answers the same F3', async () => {
    const booking = await paid();
    const [simplified] = await invoicesOfBooking(shopDb(payload), booking.bookingId);

    const wrong = await ask(booking.reference, { firma: booking.firma, ...ana, taxId: '12345678A' });
    expect([wrong.status, await wrong.json()]).toEqual([
      400,
      { ok: false, error: 'invalid', problems: { taxId: 'taxIdCheckDigit' } },
    ]);
    const empty = await ask(booking.reference, {
      firma: booking.firma,
      name: ' ',
      taxId: 'hello',
      address: 'a'.repeat(201),
    });
    expect(await empty.json()).toEqual({
      ok: false,
      error: 'invalid',
      problems: { name: 'required', taxId: 'taxIdFormat', address: 'tooLong' },
    });

    const first = await ask(booking.reference, { firma: booking.firma, ...ana });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const issued = (await first.json()) as { ok: true; invoice: Record<string, unknown> };
    expect(issued).toEqual({
      ok: true,
      invoice: {
        type: 'F3',
        seriesNumber: expect.stringMatching(/^W\d{4}-\d{6}$/),
        issueDate: madridToday(new Date()),
        totalCents: booking.totalCents,
      },
    });
    expect(issued.invoice.seriesNumber).not.toBe(simplified!.seriesNumber);

    const again = await ask(booking.reference, { firma: booking.firma, ...ana, name: 'Someone Else' });
    expect([again.status, await again.json()]).toEqual([200, issued]);
    const invoices = await invoicesOfBooking(shopDb(payload), booking.bookingId);
    expect(invoices.map((i) => [i.type, i.seriesNumber])).toEqual([
      ['F2', simplified!.seriesNumber],
      ['F3', issued.invoice.seriesNumber],
    ]);
    expect(invoices[1]!.recipient).toEqual({ name: 'Ana Puig', nif: '12345678Z' });
  });

  it('the invoice PDF is the simplified invoice, then the full one that replaced it', async () => {
    const booking = await paid();
    const [simplified] = await invoicesOfBooking(shopDb(payload), booking.bookingId);
    const before = await invoicePdf(booking.reference, booking.firma);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('application/pdf');
    expect(before.headers.get('cache-control')).toBe('private, no-store');
    expect(before.headers.get('content-disposition')).toBe(`attachment; filename="${simplified!.seriesNumber}.pdf"`);
    const beforeText = (await pdfTexts(new Uint8Array(await before.arrayBuffer()))).flat().join('\n');
    expect(beforeText).toContain(simplified!.seriesNumber);
    expect(beforeText).not.toContain('Ana Puig');

    const { invoice } = (await (await ask(booking.reference, { firma: booking.firma, ...ana })).json()) as {
      invoice: { seriesNumber: string };
    };
    const after = await invoicePdf(booking.reference, booking.firma);
    expect(after.status).toBe(200);
    expect(after.headers.get('content-type')).toBe('application/pdf');
    expect(after.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.seriesNumber}.pdf"`);
    const afterText = (await pdfTexts(new Uint8Array(await after.arrayBuffer()))).flat().join('\n');
    expect(afterText).toContain(invoice.seriesNumber);
    expect(afterText).toContain('Ana Puig');
    expect(afterText).toContain('12345678Z');
    // It says which simplified invoice it replaces.
    expect(afterText).toContain(simplified!.seriesNumber);
  });

  it('the booking page shows the current invoice, offers the full one while it is simplified, and not after', async () => {
    const booking = await paid('fr');
    const [simplified] = await invoicesOfBooking(shopDb(payload), booking.bookingId);
    const t = fr.bookingInvoice;
    const before = await page(booking.reference, booking.firma, 'fr');
    expect(before).toContain(`<h2 id="invoice-title">${t.heading}</h2>`);
    expect(before).toContain(simplified!.seriesNumber);
    expect(before).toContain(t.kind.simplified);
    expect(before).toContain(t.open);
    expect(before).toContain(`/api/shop/bookings/${booking.reference}/invoice.pdf?firma=${booking.firma}`);

    const { invoice } = (await (await ask(booking.reference, { firma: booking.firma, ...ana })).json()) as {
      invoice: { seriesNumber: string };
    };
    const after = await page(booking.reference, booking.firma, 'en');
    expect(after).toContain(invoice.seriesNumber);
    expect(after).toContain(en.bookingInvoice.kind.full);
    expect(after).not.toContain(en.bookingInvoice.open);
    expect(after).not.toContain(simplified!.seriesNumber);
  });

  it('a booking invoiced in full at checkout (F1) is refused 409 alreadyFull', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const { held, request } = await heldAndStarted(payload, departureId, { adults: 1 });
    await shopDb(payload).transaction((tx) =>
      saveRecipient(tx, held.bookingId, {
        recipient: { name: 'Escola del Mar SL', nif: 'B12345674' },
        address: 'Carrer del Port 1, 08039 Barcelona',
      }),
    );
    expect((await payAtSandbox(payload, request)).status).toBe('confirmed');
    const firma = await bookingLinkSignature(payload, held.reference);
    const refused = await ask(held.reference, { firma, ...ana });
    expect([refused.status, await refused.json()]).toEqual([409, { ok: false, error: 'alreadyFull' }]);
    const page = await html(
      BookingPage({
        params: Promise.resolve({ locale: 'en', reference: held.reference }),
        searchParams: Promise.resolve({ firma }),
      }),
    );
    expect(page).toContain(en.bookingInvoice.kind.full);
    expect(page).not.toContain(en.bookingInvoice.open);
  });

  // Last: it spends this process's allowance of the address every request here comes from.
  it('one address may ask at most 20 times in ten minutes', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const answer = await ask('NOSUCHBOOKING', { firma: 'x', ...ana });
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(refused, statuses.join(',')).toBeDefined();
    expect(await refused!.json()).toEqual({ ok: false, error: 'tooManyRequests' });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 429)).toEqual(statuses.slice(0, -1));
    expect(statuses.length).toBeLessThanOrEqual(21);
  });
});
