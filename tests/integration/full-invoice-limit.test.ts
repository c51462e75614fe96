import { beforeAll, describe, expect, it } from 'vitest';

import { POST as sellRoute } from '@/app/api/ops/bookings/route';
import { POST as hold } from '@/app/api/shop/holds/route';
import { shopDb } from '@/booking/db';
import { requestFullInvoice } from '@/invoicing/full-invoice';
import { bookingsOutOfBalance, invoicesOfBooking, recordsOfInvoice, saveRecipient } from '@/invoicing/ledger';
import { issueMissingInvoices } from '@/invoicing/sweep';
import type { IssueRecord } from '@/invoicing/types';
import { issuer } from '@/invoicing/config';
import { submissionXml } from '@/invoicing/record-xml';
import { validateAgainstAeatSchema } from '@/invoicing/xsd';

import { checkInvariantsAfterEach, invariantViolations } from '../fixtures/invariants';
import { paidBooking, siteUrl } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Decision 164: above a tour's simplified invoice limit (3,000 € for passenger transport, 400 €
 * for another tourist service) a sale is invoiced in full, and a full invoice names its
 * recipient (the AEAT refuses an F1 without Destinatarios: error 1189). The box office and the
 * checkout ask for them before the money is taken; money taken without them waits for them.
 */
const payload = useTestPayload();
let transport: { tourId: number; boatId: number };
let leisure: { tourId: number; boatId: number };
/** A dearer leisure tour: 20 adults, the most a web booking takes, are 500.00 €. */
let dear: { tourId: number; boatId: number };
const office = { token: '', id: 0 };

beforeAll(async () => {
  transport = await makeTour(payload, { menuKey: 'magic', boatCapacity: 250 });
  leisure = await makeTour(payload, { menuKey: 'aquarium', boatCapacity: 100, taxTreatment: 'tourism' });
  dear = await makeTour(payload, {
    menuKey: 'museum',
    boatCapacity: 100,
    taxTreatment: 'tourism',
    roundTrip: { adult: 2_500, reduced: 2_000, child: 1_000 },
  });
  const email = 'office-limit@example.com';
  const password = 'long enough office password 2026';
  const user = await payload.create({
    collection: 'users',
    data: { email, password, role: 'office', name: 'Taquilla' } as never,
  });
  office.token = (await payload.login({ collection: 'users', data: { email, password } })).token!;
  office.id = Number(user.id);
});
checkInvariantsAfterEach(() => payload);

const sell = (body: Record<string, unknown>, language: string) =>
  sellRoute(
    new Request('http://localhost:3111/api/ops/bookings', {
      method: 'POST',
      headers: {
        Authorization: `JWT ${office.token}`,
        cookie: `payload-lng=${language}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    }),
  );

const sale = (departure: number, adult: number, extra: Record<string, unknown> = {}) => ({
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
  method: 'cash',
  ...extra,
});

const school = {
  invoiceTo: 'Escola del Mar SL',
  invoiceTaxId: 'B12345674',
  invoiceAddress: 'Carrer del Port 1, Barcelona',
};

async function bookingId(reference: string): Promise<number> {
  const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE reference = ?', [reference]);
  return Number(rows[0]!.id);
}

describe(`a full invoice always names its recipient, on ${testDatabaseKind}`, () => {
  it('the box office refuses a sale above the limit without the details, in the staff language, and sells nothing', async () => {
    // 27 × 15.00 = 405.00 €: above another tourist service's 400 €.
    const departure = await addDeparture(payload, leisure, { capacity: 40 });
    const messages = {
      es: 'Por encima de 400,00 € la venta necesita una factura completa',
      ca: 'Per sobre de 400,00 € la venda necessita una factura completa',
      en: 'Above €400.00 a sale needs a full invoice',
      fr: 'Au-delà de 400,00 €, la vente exige une facture complète',
    };
    for (const [language, message] of Object.entries(messages)) {
      for (const method of ['cash', 'terminal', 'link']) {
        const response = await sell(sale(departure, 27, { method, email: 'pere@example.com' }), language);
        expect(response.status).toBe(422);
        const body = (await response.json()) as { error: string; field: string; message: string; limitCents: number };
        expect(body).toMatchObject({ error: 'fullInvoiceRequired', field: 'name', limitCents: 40_000 });
        expect(body.message.replace(/\u00a0|\u202f/g, ' ')).toContain(message);
      }
    }
    // Nothing held, nothing sold: the seats went back at once.
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 0, held: 0 });
    // At the limit itself a simplified invoice is still allowed: 26 × 15.00 = 390.00 €.
    const under = await sell(sale(departure, 26), 'es');
    expect(under.status).toBe(201);
    const { reference } = (await under.json()) as { reference: string };
    const [simplified] = await invoicesOfBooking(shopDb(payload), await bookingId(reference));
    // Another tourist service: 21 % VAT.
    expect(simplified).toMatchObject({ type: 'F2', totalCents: 39_000, recipient: null });
    expect(simplified!.vat).toEqual([{ ratePct: 21, grossCents: 39_000, baseCents: 32_231, vatCents: 6_769 }]);
  });

  it('with the details the sale above the limit gets an F1 whose record carries Destinatarios', async () => {
    const departure = await addDeparture(payload, leisure, { capacity: 40 });
    const response = await sell(sale(departure, 30, school), 'es');
    expect(response.status).toBe(201);
    const { reference, totalCents } = (await response.json()) as { reference: string; totalCents: number };
    expect(totalCents).toBe(45_000);
    const [invoice, ...more] = await invoicesOfBooking(shopDb(payload), await bookingId(reference));
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      type: 'F1',
      totalCents: 45_000,
      recipient: { name: 'Escola del Mar SL', nif: 'B12345674' },
    });
    const [stored] = await recordsOfInvoice(shopDb(payload), invoice!.id);
    const record = stored!.record as IssueRecord;
    expect(record.recipients).toEqual([{ name: 'Escola del Mar SL', nif: 'B12345674' }]);
    const xml = submissionXml(issuer(), [record]);
    expect(xml).toContain('<sf:Destinatarios>');
    expect(await validateAgainstAeatSchema(xml)).toEqual({ valid: true, errors: [] });
  });

  it('passenger transport keeps the 3,000 € limit and 10 %: a sale above it is refused without details', async () => {
    // 201 × 15.00 = 3,015.00 €.
    const departure = await addDeparture(payload, transport, { capacity: 250 });
    const refused = await sell(sale(departure, 201), 'en');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: 'fullInvoiceRequired', limitCents: 300_000 });
    const sold = await sell(sale(departure, 201, school), 'en');
    expect(sold.status).toBe(201);
    const { reference } = (await sold.json()) as { reference: string };
    const [invoice] = await invoicesOfBooking(shopDb(payload), await bookingId(reference));
    expect(invoice).toMatchObject({ type: 'F1', totalCents: 301_500, recipient: { nif: 'B12345674' } });
    expect(invoice!.vat.map((group) => group.ratePct)).toEqual([10]);
  });

  it('the checkout asks for the details above the limit before the visitor can pay, and holds no seat', async () => {
    const cheap = await addDeparture(payload, leisure, { capacity: 40 });
    const departure = await addDeparture(payload, dear, { capacity: 40 });
    const form = {
      departureId: String(departure),
      tripType: 'roundTrip',
      adult: '20',
      reduced: '0',
      child: '0',
      super3: '0',
      audioGuides: '0',
      name: 'Marta',
      surnames: 'Vidal',
      email: 'marta@example.com',
      phone: '933 000 000',
      mobilePhone: '600 000 000',
      comments: '',
      locale: 'fr',
    };
    const post = (body: unknown) =>
      hold(
        new Request(`${siteUrl}/api/shop/holds`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    // 20 adults at 15.00 € are 300.00 €: under the limit, a simplified invoice, no question.
    expect((await post({ ...form, departureId: String(cheap) })).status).toBe(201);
    // At 25.00 € they are 500.00 €: the form is sent back, asking for the invoice's details.
    const refused = await post(form);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: 'incompleteForm',
      errors: { invoice: 'fullInvoiceRequired' },
      limitCents: 40_000,
    });
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 0, held: 0 });
    const accepted = await post({
      ...form,
      invoice: 'on',
      invoiceName: 'Voyages Lumière SARL',
      invoiceTaxId: 'FR40303265045',
      invoiceAddress: '1 rue de la Paix, Paris',
    });
    expect(accepted.status).toBe(201);
  });

  it('money taken above the limit without a recipient issues nothing until the details come, then an F1', async () => {
    // A payment confirmed past the checkout's question (here straight at the bank): 20 × 25.00 € = 500.00 €.
    const departure = await addDeparture(payload, dear, { capacity: 40 });
    const paid = await paidBooking(payload, departure, { adults: 20 });
    const db = shopDb(payload);
    expect(paid.totalCents).toBe(50_000);
    // Neither an F1 without Destinatarios nor a simplified invoice above the limit.
    expect(await invoicesOfBooking(db, paid.bookingId)).toEqual([]);
    expect(await issueMissingInvoices(payload)).toBe(0);
    expect(await invoicesOfBooking(db, paid.bookingId)).toEqual([]);
    // It waits, out of balance, and the invariants know why.
    expect(await bookingsOutOfBalance(db, 500)).toContain(paid.bookingId);
    expect(await invariantViolations(payload)).toEqual([]);
    // The buyer (or the office, from the booking page) gives the details: the F1 comes out.
    const full = await requestFullInvoice(payload, paid.reference, {
      name: 'Escola del Mar SL',
      taxId: 'B12345674',
      address: 'Carrer del Port 1, Barcelona',
    });
    expect(full).toMatchObject({ ok: true, alreadyIssued: false, invoice: { type: 'F1', totalCents: 50_000 } });
    const [invoice] = await invoicesOfBooking(db, paid.bookingId);
    const [stored] = await recordsOfInvoice(db, invoice!.id);
    expect((stored!.record as IssueRecord).recipients).toEqual([{ name: 'Escola del Mar SL', nif: 'B12345674' }]);
    expect(await bookingsOutOfBalance(db, 500)).not.toContain(paid.bookingId);
  });

  it('the sweep pages past bookings that wait for a recipient and still issues what the ones after them are due', async () => {
    const db = shopDb(payload);
    const departure = await addDeparture(payload, dear, { capacity: 80 });
    const waiting = await paidBooking(payload, departure, { adults: 20 });
    const due = await paidBooking(payload, departure, { adults: 20 });
    // Its details stored behind the ledger's back (as a failed issue would leave them): now due.
    await db.transaction((tx) =>
      saveRecipient(tx, due.bookingId, {
        recipient: { name: 'Escola del Mar SL', nif: 'B12345674' },
        address: 'Carrer del Port 1, Barcelona',
      }),
    );
    expect(await invoicesOfBooking(db, due.bookingId)).toEqual([]);
    // Pages of one: the waiting booking fills the first, and the sweep reads on.
    expect(await issueMissingInvoices(payload, new Date(), 1)).toBe(1);
    expect((await invoicesOfBooking(db, due.bookingId)).map((invoice) => invoice.type)).toEqual(['F1']);
    expect(await invoicesOfBooking(db, waiting.bookingId)).toEqual([]);
  });
});
