import { beforeAll, describe, expect, it } from 'vitest';

import { POST as hold } from '@/app/api/shop/holds/route';
import { startPayment } from '@/booking/checkout';
import { shopDb } from '@/booking/db';
import { invoicesOfBooking, recipientOf } from '@/invoicing/ledger';
import { readSandboxRequest } from '@/payments/sandbox';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { payAtSandbox, sandboxProvider, siteUrl } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'museum' });
});
checkInvariantsAfterEach(() => payload);

const form = (departureId: number, extra: Record<string, unknown> = {}) => ({
  departureId: String(departureId),
  tripType: 'roundTrip',
  adult: '2',
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
  locale: 'ca',
  ...extra,
});

const postHold = (body: unknown) =>
  hold(
    new Request(`${siteUrl}/api/shop/holds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

/** Pays the booking the holds route made, at the sandbox bank, and returns its invoices. */
async function payAndInvoices(reference: string) {
  const started = await startPayment(payload, reference, { provider: sandboxProvider, siteUrl });
  if (!started.ok) throw new Error(`payment start failed: ${started.error}`);
  const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
  if (!opened.ok) throw new Error(`sandbox refused the request: ${opened.reason}`);
  expect((await payAtSandbox(payload, opened.request)).status).toBe('confirmed');
  const booking = await bookingOf(reference);
  return invoicesOfBooking(shopDb(payload), booking!.id);
}

async function bookingOf(reference: string) {
  const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE reference = ?', [reference]);
  return rows[0] ? { id: Number(rows[0].id) } : null;
}

async function bookingCount(departureId: number) {
  const { rows } = await shopDb(payload).query('SELECT COUNT(*) AS n FROM bookings WHERE departure_id = ?', [
    departureId,
  ]);
  return Number(rows[0]!.n);
}

describe(`"I need an invoice" at checkout, through the holds route, on ${testDatabaseKind}`, () => {
  it('with valid details the hold names them and the paid booking is invoiced in full (F1) to them', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const response = await postHold(
      form(departureId, {
        invoice: 'on',
        invoiceName: '  Escola del Mar   SL ',
        invoiceTaxId: 'b-12.345.674',
        invoiceAddress: 'Carrer del Port 1, 08039 Barcelona',
      }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { reference: string; invoice?: unknown };
    // As the review step shows it: the name tidied, the tax id as the invoice will carry it.
    expect(body.invoice).toEqual({ name: 'Escola del Mar SL', taxId: 'B12345674' });
    const booking = await bookingOf(body.reference);
    // Stored before the visitor can pay, so the paying transaction already knows whom to invoice.
    expect(await recipientOf(shopDb(payload), booking!.id)).toEqual({
      recipient: { name: 'Escola del Mar SL', nif: 'B12345674' },
      address: 'Carrer del Port 1, 08039 Barcelona',
    });
    const invoices = await payAndInvoices(body.reference);
    expect(invoices.map((invoice) => [invoice.type, invoice.recipient])).toEqual([
      ['F1', { name: 'Escola del Mar SL', nif: 'B12345674' }],
    ]);
  });

  it('an EU VAT number is invoiced as a foreign id (IDOtro, type 02)', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const response = await postHold(
      form(departureId, {
        invoice: true,
        invoiceName: 'Voyages Lumière SARL',
        invoiceTaxId: 'FR40303265045',
        invoiceAddress: '1 rue de la Paix, Paris',
      }),
    );
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const [invoice] = await payAndInvoices(reference);
    expect([invoice!.type, invoice!.recipient]).toEqual([
      'F1',
      { name: 'Voyages Lumière SARL', countryCode: 'FR', idType: '02', id: 'FR40303265045' },
    ]);
  });

  it('a tax id that does not add up is refused with its field error, with the rest of the form, and holds nothing', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const response = await postHold(
      form(departureId, {
        email: 'not an address',
        invoice: 'on',
        invoiceName: 'Escola del Mar SL',
        invoiceTaxId: 'B12345675',
        invoiceAddress: '',
      }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: 'incompleteForm',
      errors: { email: 'invalidEmail', invoiceTaxId: 'taxIdCheckDigit', invoiceAddress: 'required' },
    });
    const malformed = await postHold(
      form(departureId, { invoice: 'on', invoiceName: 'X', invoiceTaxId: 'ABC', invoiceAddress: 'Y' }),
    );
    expect(malformed.status).toBe(422);
    expect(((await malformed.json()) as { errors: unknown }).errors).toEqual({ invoiceTaxId: 'taxIdFormat' });
    expect(await bookingCount(departureId)).toBe(0);
  });

  it('without the box ticked the details are ignored and the sale gets a simplified invoice (F2)', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    // What the form posts when the box was ticked, filled in, then unticked: the typed details stay.
    const response = await postHold(
      form(departureId, { invoice: '', invoiceName: 'Escola del Mar SL', invoiceTaxId: 'B12345675' }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { reference: string; invoice?: unknown };
    expect(body.invoice).toBeUndefined();
    expect(await recipientOf(shopDb(payload), (await bookingOf(body.reference))!.id)).toBeNull();
    const invoices = await payAndInvoices(body.reference);
    expect(invoices.map((invoice) => [invoice.type, invoice.recipient])).toEqual([['F2', null]]);
  });
});
