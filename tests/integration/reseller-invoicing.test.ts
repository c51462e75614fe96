import { zBooking, zProduct } from '@octocloud/types';
import { beforeAll, describe, expect, it } from 'vitest';

import { POST as sellRoute } from '@/app/api/ops/bookings/route';
import { POST as cancelRoute } from '@/app/octo/v1/bookings/[uuid]/cancel/route';
import { POST as confirmRoute } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { POST as reserveRoute } from '@/app/octo/v1/bookings/route';
import { GET as productRoute } from '@/app/octo/v1/products/[id]/route';
import { startPayment } from '@/booking/checkout';
import { num, shopDb } from '@/booking/db';
import { readSandboxRequest } from '@/payments/sandbox';
import { invoicesOfBooking, recordsOfInvoice } from '@/invoicing/ledger';
import type { IssueRecord } from '@/invoicing/types';
import { vatInGross } from '@/invoicing/vat';
import { opsMessages } from '@/i18n/ops-messages';
import { salesReport } from '@/operations/reports';
import { madridToday } from '@/i18n/time';
import { newApiKey } from '@/resellers/octo/keys';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { payAtSandbox, sandboxProvider, siteUrl } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

/**
 * Issue 27: agencies (box office, "invoice") and resellers (OCTO confirm) are invoiced in full
 * (F1) to their tax id; OCTO prices say the VAT they include; a tour's own VAT rates win over the
 * configured ones.
 */

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
let leisure: { tourId: number; boatId: number };
let office = { token: '', id: 0 };
const base = 'http://localhost:3111';

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  leisure = await makeTour(payload, { menuKey: 'maritime40', boatCapacity: 100 });
  // Set in the admin: tickets at 21 %, audio guides at 10 % (the configured defaults are 10 and 21).
  const tour = await payload.findByID({ collection: 'tours', id: leisure.tourId, depth: 0 });
  await payload.update({
    collection: 'tours',
    id: leisure.tourId,
    data: { booking: { ...tour.booking, vatRatePct: 21, audioGuideVatRatePct: 10 } } as never,
  });
  const email = 'office-reseller-invoicing@example.com';
  const password = 'long enough office password 2026';
  const user = await payload.create({
    collection: 'users',
    data: { email, password, role: 'office', name: 'Taquilla' } as never,
  });
  const login = await payload.login({ collection: 'users', data: { email, password } });
  office = { token: login.token!, id: Number(user.id) };
});
checkInvariantsAfterEach(() => payload);

async function reseller(name: string, data: Record<string, unknown>): Promise<string> {
  const made = newApiKey();
  await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: { name, keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 20, ...data } as never,
  });
  return made.key;
}

function octo(path: string, key: string, body: unknown) {
  return new Request(`${base}/octo/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Octo-Capabilities': 'octo/pricing',
      'Accept-Language': 'en',
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

type Tax = { name: string; retail: number; original: number; net: number | null };
type Priced = { retail: number; net: number; includedTaxes: Tax[] };

/** Reserves and confirms 2 adults and a child through OCTO; the confirmation's answer and the booking. */
async function soldThroughOcto(key: string, tour: { tourId: number; boatId: number }) {
  const departure = await addDeparture(payload, tour, { capacity: 30 });
  const uuid = crypto.randomUUID();
  const reserved = await reserveRoute(
    octo('/bookings', key, {
      uuid,
      productId: String(tour.tourId),
      optionId: 'DEFAULT',
      availabilityId: String(departure),
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }],
    }),
  );
  expect(reserved.status).toBe(200);
  const confirmed = await confirmRoute(
    octo(`/bookings/${uuid}/confirm`, key, { contact: { fullName: 'Joan Puig', emailAddress: 'joan@example.com' } }),
    { params: Promise.resolve({ uuid }) },
  );
  expect(confirmed.status).toBe(200);
  const body = (await confirmed.json()) as { status: string; pricing: Priced; unitItems: { pricing: Priced }[] };
  expect(zBooking.safeParse(body).error).toBeUndefined();
  const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE octo_uuid = ?', [uuid]);
  return { body, bookingId: num(rows[0]!.id) };
}

function sell(body: Record<string, unknown>, language = 'en') {
  return sellRoute(
    new Request(`${base}/api/ops/bookings`, {
      method: 'POST',
      headers: {
        Authorization: `JWT ${office.token}`,
        cookie: `payload-lng=${language}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    }),
  );
}

const sale = (departure: number, extra: Record<string, unknown>) => ({
  departure,
  tripType: 'roundTrip',
  adult: 2,
  reduced: 0,
  child: 0,
  super3: 0,
  audioGuides: 0,
  name: 'Grup Escola',
  locale: 'ca',
  method: 'invoice',
  ...extra,
});

const agency = {
  invoiceTo: 'Viatges Blau, S.L.',
  invoiceTaxId: 'b-12.345.674',
  invoiceAddress: 'Carrer Gran 1, 08001 Barcelona',
};

describe(`reseller and agency invoicing on ${testDatabaseKind}`, () => {
  it('a reseller that buys and resells is invoiced in full (F1) at the net price it pays, and OCTO says the VAT of each price', async () => {
    const key = await reseller('Blue Tours', {
      legalName: 'Blue Tours Barcelona, S.L.',
      taxId: 'b-12.345.674',
      address: 'Passeig de Colom 1, 08002 Barcelona',
    });
    const { body, bookingId } = await soldThroughOcto(key, shop);
    expect(body.status).toBe('CONFIRMED');

    // Retail 38.00 €, commission 20 %: the reseller pays 30.40 €, and that is what it is invoiced
    // (decision 165); the commission appears nowhere.
    const [invoice, ...more] = await invoicesOfBooking(shopDb(payload), bookingId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      type: 'F1',
      channel: 'reseller',
      totalCents: 3_040,
      recipient: { name: 'Blue Tours Barcelona, S.L.', nif: 'B12345674' },
    });
    expect(invoice!.lines).toEqual([
      { item: 'tickets', quantity: 3, unitCents: 3_040, totalCents: 3_040, ratePct: 10 },
    ]);
    const [stored] = await recordsOfInvoice(shopDb(payload), invoice!.id);
    expect((stored!.record as IssueRecord).recipients).toEqual([
      { name: 'Blue Tours Barcelona, S.L.', nif: 'B12345674' },
    ]);

    // The net price includes exactly its invoice's VAT; the retail price, the VAT the traveller's
    // price carries (the reseller's own affair); each unit's, its own share at 10 %.
    expect(body.pricing).toMatchObject({ retail: 3_800, net: 3_040 });
    expect(body.pricing.includedTaxes).toEqual([
      { name: 'IVA 10%', retail: vatInGross(3_800, 10), original: vatInGross(3_800, 10), net: invoice!.vatCents },
    ]);
    expect(invoice!.vatCents).toBe(276);
    expect(body.unitItems.map((unit) => unit.pricing.includedTaxes)).toEqual(
      [1_500, 1_500, 800].map((retail) => [
        { name: 'IVA 10%', retail: vatInGross(retail, 10), original: vatInGross(retail, 10), net: expect.any(Number) },
      ]),
    );
    for (const unit of body.unitItems) {
      expect(unit.pricing.includedTaxes[0]!.net).toBe(vatInGross(unit.pricing.net, 10));
    }
  });

  it('a reseller that sells as our agent: the traveller is invoiced the retail price (F2), whatever the reseller record holds', async () => {
    const key = await reseller('Agent Tours', {
      legalName: 'Agent Tours, S.L.',
      taxId: 'B12345674',
      address: 'Passeig de Colom 3, 08002 Barcelona',
      invoicingModel: 'agent',
    });
    const { body, bookingId } = await soldThroughOcto(key, shop);
    const invoices = await invoicesOfBooking(shopDb(payload), bookingId);
    expect(invoices.map((invoice) => [invoice.type, invoice.totalCents, invoice.recipient])).toEqual([
      ['F2', 3_800, null],
    ]);
    // The retail price's VAT is the traveller's invoice's.
    expect(body.pricing.includedTaxes[0]!.retail).toBe(invoices[0]!.vatCents);
    const { rows } = await shopDb(payload).query('SELECT reseller_invoicing FROM bookings WHERE id = ?', [bookingId]);
    expect(rows[0]!.reseller_invoicing).toBe('agent');
    // The commission (20 % of 38.00 €) is a cost the reseller invoices us: the reports show it.
    const today = madridToday(new Date());
    const report = await salesReport(payload, { from: today, to: today });
    const line = report.resellers.find((candidate) => candidate.name === 'Agent Tours')!;
    expect(line).toMatchObject({ retailCents: 3_800, netCents: 3_040, agentCommissionCents: 760 });
    // A reseller that resells has no such cost: it bought at the net price.
    expect(report.resellers.find((candidate) => candidate.name === 'Blue Tours')).toMatchObject({
      agentCommissionCents: 0,
    });
  });

  it('a resale cancelled through OCTO is rectified by what the reseller paid (R1), and a later change of model rewrites nothing', async () => {
    const key = await reseller('Resale Tours', {
      legalName: 'Resale Tours, S.L.',
      taxId: 'B12345674',
      address: 'Passeig de Colom 5, 08002 Barcelona',
    });
    const { bookingId } = await soldThroughOcto(key, shop);
    const { rows } = await shopDb(payload).query('SELECT octo_uuid, reseller_id FROM bookings WHERE id = ?', [
      bookingId,
    ]);
    // The reseller becomes an agent afterwards: the booking keeps the model it was sold under.
    await payload.update({
      collection: 'resellers',
      id: num(rows[0]!.reseller_id),
      data: { invoicingModel: 'agent' } as never,
      overrideAccess: true,
    });
    const uuid = String(rows[0]!.octo_uuid);
    const cancelled = await cancelRoute(octo(`/bookings/${uuid}/cancel`, key, { reason: 'client cancelled' }), {
      params: Promise.resolve({ uuid }),
    });
    expect(cancelled.status).toBe(200);
    const invoices = await invoicesOfBooking(shopDb(payload), bookingId);
    expect(invoices.map((invoice) => [invoice.type, invoice.totalCents])).toEqual([
      ['F1', 3_040],
      ['R1', -3_040],
    ]);
    expect(invoices[1]!.recipient).toEqual({ name: 'Resale Tours, S.L.', nif: 'B12345674' });
  });

  it('a reseller without tax details still sells, on a simplified invoice (F2)', async () => {
    const key = await reseller('Small Agency', { legalName: 'Small Agency' });
    const { body, bookingId } = await soldThroughOcto(key, shop);
    expect(body.status).toBe('CONFIRMED');
    const invoices = await invoicesOfBooking(shopDb(payload), bookingId);
    expect(invoices.map((invoice) => [invoice.type, invoice.recipient])).toEqual([['F2', null]]);
  });

  it('refuses a reseller tax id that does not add up, in the staff member’s language, and stores a valid one as printed', async () => {
    const saved = payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Typo', commissionPercent: 0, taxId: 'B12345675' } as never,
    });
    await expect(saved).rejects.toThrow(/taxId|NIF|tax ID/i);
    const message = await saved.catch((error: { data?: { errors?: { message: string }[] } }) =>
      (error.data?.errors ?? []).map((e) => e.message),
    );
    const inAnyLanguage = ['ca', 'es', 'en', 'fr'].map((l) => opsMessages(l).resellerInvoicing.taxIdCheckDigit);
    expect(inAnyLanguage).toContain((message as string[])[0]);

    const stored = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Tidy', commissionPercent: 0, taxId: ' fr 40 303 265 045 ' } as never,
    });
    expect(stored.taxId).toBe('FR40303265045');
  });

  it('a box-office sale invoiced to an agency with its details gets a full invoice (F1) naming it', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 30 });
    const response = await sell(sale(departure, agency));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE reference = ?', [reference]);
    const invoices = await invoicesOfBooking(shopDb(payload), num(rows[0]!.id));
    expect(invoices).toMatchObject([
      {
        type: 'F1',
        channel: 'office',
        totalCents: 3_000,
        recipient: { name: 'Viatges Blau, S.L.', nif: 'B12345674' },
      },
    ]);
    const { rows: events } = await shopDb(payload).query(
      'SELECT method, reason FROM payment_events WHERE booking_id = ?',
      [num(rows[0]!.id)],
    );
    expect(events).toMatchObject([{ method: 'invoice', reason: 'invoice:Viatges Blau, S.L.' }]);
  });

  it('a customer paying cash who gives a tax id gets a full invoice; one who does not, a simplified one', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 30 });
    const school = {
      invoiceTo: 'Escola del Mar',
      invoiceTaxId: 'Q0818002H',
      invoiceAddress: 'Carrer del Mar 5, Barcelona',
    };
    const withDetails = (await (await sell(sale(departure, { method: 'cash', ...school }))).json()) as {
      reference: string;
    };
    const without = (await (await sell(sale(departure, { method: 'cash', requestKey: 'plain' }))).json()) as {
      reference: string;
    };
    const typeOf = async (reference: string) => {
      const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE reference = ?', [reference]);
      return (await invoicesOfBooking(shopDb(payload), num(rows[0]!.id))).map((i) => [i.type, i.recipient?.name]);
    };
    expect(await typeOf(withDetails.reference)).toEqual([['F1', 'Escola del Mar']]);
    expect(await typeOf(without.reference)).toEqual([['F2', undefined]]);
  });

  it('a payment link sent with invoicing details is invoiced in full (F1) when the customer pays online', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 30 });
    const response = await sell(
      sale(departure, { method: 'link', email: 'escola@example.com', ...agency, invoiceTo: 'Escola del Mar' }),
    );
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE reference = ?', [reference]);
    const bookingId = num(rows[0]!.id);
    expect(await invoicesOfBooking(shopDb(payload), bookingId)).toEqual([]);

    const started = await startPayment(payload, reference, { provider: sandboxProvider, siteUrl });
    if (!started.ok) throw new Error(started.error);
    const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
    if (!opened.ok) throw new Error(opened.reason);
    expect((await payAtSandbox(payload, opened.request)).status).toBe('confirmed');
    expect(await invoicesOfBooking(shopDb(payload), bookingId)).toMatchObject([
      { type: 'F1', totalCents: 3_000, recipient: { name: 'Escola del Mar', nif: 'B12345674' } },
    ]);
  });

  it('an agency sale without a tax id, or with a wrong one, is refused in the staff member’s language and sells nothing', async () => {
    const departure = await addDeparture(payload, shop, { capacity: 30 });
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ ...agency, invoiceTaxId: '' }, 'es', 'invoiceTaxIdRequired', 'taxId'],
      [{ ...agency, invoiceTaxId: 'B12345675' }, 'fr', 'invoiceTaxIdCheckDigit', 'taxId'],
      [{ ...agency, invoiceTaxId: 'not an id' }, 'ca', 'invoiceTaxIdFormat', 'taxId'],
      [{ ...agency, invoiceAddress: ' ' }, 'en', 'invoiceAddressRequired', 'address'],
      [{ ...agency, invoiceTo: '' }, 'es', 'invoiceToRequired', 'name'],
      [{ ...agency, invoiceTo: 'x'.repeat(121) }, 'en', 'invoiceDetailsTooLong', 'name'],
      // Another method with half the details: a full invoice was wanted, so they must be complete.
      [{ method: 'cash', invoiceTaxId: 'B12345674' }, 'en', 'invoiceNameRequired', 'name'],
      [{ method: 'terminal', invoiceTo: 'Escola del Mar' }, 'ca', 'invoiceTaxIdRequired', 'taxId'],
    ];
    for (const [extra, language, error, field] of cases) {
      const response = await sell(sale(departure, { ...extra, requestKey: crypto.randomUUID() }), language);
      expect(response.status).toBe(422);
      const body = (await response.json()) as { ok: boolean; error: string; message: string; field: string };
      const errors = opsMessages(language).sell.errors as Record<string, string>;
      expect(body).toEqual({ ok: false, error, field, message: errors[error] });
    }
    expect(await seatsOf(payload, departure)).toMatchObject({ sold: 0, held: 0 });
    const { rows } = await shopDb(payload).query('SELECT COUNT(*) AS n FROM bookings WHERE departure_id = ?', [
      departure,
    ]);
    expect(num(rows[0]!.n)).toBe(0);
  });

  it('a tour with its own VAT rates is invoiced at them, and OCTO prices it at them', async () => {
    const departure = await addDeparture(payload, leisure, { capacity: 30 });
    const response = await sell(sale(departure, { method: 'cash', audioGuides: 1 }));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE reference = ?', [reference]);
    const [invoice] = await invoicesOfBooking(shopDb(payload), num(rows[0]!.id));
    // Tickets 30.00 € at 21 %: 24.79 + 5.21; the audio guide 3.00 € at 10 %: 2.73 + 0.27.
    expect(invoice!.vat).toEqual([
      { ratePct: 10, grossCents: 300, baseCents: 273, vatCents: 27 },
      { ratePct: 21, grossCents: 3_000, baseCents: 2_479, vatCents: 521 },
    ]);
    expect(invoice!.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item: 'adult', ratePct: 21 }),
        expect.objectContaining({ item: 'audioGuide', ratePct: 10 }),
      ]),
    );

    const key = await reseller('Leisure Reseller', {});
    const product = await productRoute(octo(`/products/${leisure.tourId}`, key, undefined), {
      params: Promise.resolve({ id: String(leisure.tourId) }),
    });
    const body = (await product.json()) as { options: { units: { id: string; pricingFrom: Priced[] }[] }[] };
    expect(zProduct.safeParse(body).error).toBeUndefined();
    const adult = body.options[0]!.units.find((unit) => unit.id === 'adult')!;
    expect(adult.pricingFrom[0]!.includedTaxes).toEqual([
      { name: 'IVA 21%', retail: 260, original: 260, net: vatInGross(adult.pricingFrom[0]!.net, 21) },
    ]);
  });

  it('a tour set to another tourist service is invoiced at 21 %, and OCTO tells the reseller so (decision 164)', async () => {
    const tourism = await makeTour(payload, { menuKey: 'aquarium', boatCapacity: 100, taxTreatment: 'tourism' });
    const key = await reseller('Tourism Reseller', {
      legalName: 'Blue Tours Barcelona, S.L.',
      taxId: 'B12345674',
      address: 'Passeig de Colom 1, 08002 Barcelona',
    });
    const { body, bookingId } = await soldThroughOcto(key, tourism);
    const [invoice] = await invoicesOfBooking(shopDb(payload), bookingId);
    // The net 30.40 € at 21 %: 25.12 + 5.28.
    expect(invoice!.vat).toEqual([{ ratePct: 21, grossCents: 3_040, baseCents: 2_512, vatCents: 528 }]);
    expect(body.pricing.includedTaxes).toEqual([{ name: 'IVA 21%', retail: 660, original: 660, net: 528 }]);
    const product = await productRoute(octo(`/products/${tourism.tourId}`, key, undefined), {
      params: Promise.resolve({ id: String(tourism.tourId) }),
    });
    const listed = (await product.json()) as { options: { units: { id: string; pricingFrom: Priced[] }[] }[] };
    const adult = listed.options[0]!.units.find((unit) => unit.id === 'adult')!;
    expect(adult.pricingFrom[0]!.includedTaxes[0]!.name).toBe('IVA 21%');
  });

  it('the admin refuses a VAT rate outside 0–100 or with more than two decimals', async () => {
    const tour = await payload.findByID({ collection: 'tours', id: shop.tourId, depth: 0 });
    for (const vatRatePct of [100.5, 10.555, -1]) {
      await expect(
        payload.update({
          collection: 'tours',
          id: shop.tourId,
          data: { booking: { ...tour.booking, vatRatePct } } as never,
        }),
      ).rejects.toThrow();
    }
    const kept = await payload.update({
      collection: 'tours',
      id: shop.tourId,
      data: { booking: { ...tour.booking, vatRatePct: 5.5 } } as never,
    });
    expect(kept.booking?.vatRatePct).toBe(5.5);
    await payload.update({
      collection: 'tours',
      id: shop.tourId,
      data: { booking: { ...tour.booking, vatRatePct: null } } as never,
    });
  });
});
