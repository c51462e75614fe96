import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { holdScripts } from '../fixtures/hold-scripts';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'shop-checkout');

/**
 * The purchase through the real HTTP API and the sandbox gateway: hold, payment form, the
 * sandbox bank page, the server-to-server notification, the return to the shop.
 */

type Departure = { id: number; time: string; seatsLeft: number; bookable: boolean };

async function firstBookableDeparture(request: APIRequestContext, slug: string): Promise<Departure> {
  const now = new Date();
  for (let i = 0; i < 3; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    const month = d.toISOString().slice(0, 7);
    const response = await request.get(`/api/shop/tours/${slug}/availability?month=${month}&locale=en`);
    expect(response.ok()).toBe(true);
    expect(response.headers()['cache-control']).toMatch(/(^|\s|,)no-store/);
    const body = (await response.json()) as { days: { departures: Departure[] }[] };
    const found = body.days.flatMap((day) => day.departures).find((dep) => dep.bookable && dep.seatsLeft >= 3);
    if (found) return found;
  }
  throw new Error('no bookable departure in the demo data');
}

async function holdAndGoToGateway(page: Page, request: APIRequestContext, locale: 'en' | 'es') {
  const departure = await firstBookableDeparture(request, 'puerto-y-litoral-60-min');
  const created = await request.post('/api/shop/holds', {
    data: {
      departureId: String(departure.id),
      tripType: 'roundTrip',
      adult: '2',
      child: '1',
      super3: '0',
      reduced: '0',
      audioGuides: '0',
      name: 'Test',
      surnames: 'Visitor',
      email: 'visitor@example.com',
      phone: '+34 600 000 000',
      mobilePhone: '+34 600 000 001',
      locale,
    },
  });
  expect(created.status()).toBe(201);
  const { reference, totalCents } = (await created.json()) as { reference: string; totalCents: number };
  // In the shop the browser makes the hold and keeps its cookie, which alone reads the hold back
  // (issue 42): the page gets the cookie this request was given.
  await page.context().addCookies((await request.storageState()).cookies);
  const started = await request.post(`/api/shop/holds/${reference}/payment`);
  expect(started.ok()).toBe(true);
  const { form } = (await started.json()) as {
    form: { action: string; method: string; fields: Record<string, string> };
  };
  // What the review step does: post the signed fields to the gateway.
  await page.goto('/en', { waitUntil: 'domcontentloaded' });
  await page.evaluate((f) => {
    const el = document.createElement('form');
    el.method = f.method;
    el.action = f.action;
    for (const [name, value] of Object.entries(f.fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      el.appendChild(input);
    }
    document.body.appendChild(el);
    el.submit();
  }, form);
  await page.waitForURL(/\/pago-de-prueba\/pagar/, { waitUntil: 'domcontentloaded' });
  return { reference, totalCents };
}

test('pays with the test card: the notification confirms the booking and the visitor lands on the thank-you page', async ({
  page,
  request,
}) => {
  // The bank page is a plain form: a tap on "Pay" sends it at once, before (or without) its
  // scripts, which start after the first paint (decision 115).
  const release = await holdScripts(page);
  const { reference, totalCents } = await holdAndGoToGateway(page, request, 'en');
  expect(page.url()).toContain('/en/pago-de-prueba/pagar');
  await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
  // 2 adults + 1 child of the demo price list: 2 × 17.50 + 8.00
  expect(totalCents).toBe(4300);
  await expect(page.getByText('€43.00').first()).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations).toEqual([]);

  await page.getByLabel('Card number').fill('4548 8100 0000 0003');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/en\/gracias#reserva=/, { waitUntil: 'commit' });
  release();
  expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('reserva')).toBe(reference);

  const booking = await (await request.get(`/api/shop/holds/${reference}`)).json();
  expect(booking.booking.status).toBe('paid');
});

test('declining returns to the tour page, which reopens the held booking so the second try pays', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { reference } = await holdAndGoToGateway(page, request, 'es');
  expect(page.url()).toContain('/es/pago-de-prueba/pagar');
  await expect(page.getByRole('heading', { level: 1, name: 'Pago de prueba' })).toBeVisible();
  await page.getByRole('button', { name: 'Rechazar el pago' }).click();
  await page.waitForURL(/\/es\/tour\/puerto-y-litoral-60-min\?reserva=.*pago=ko/);
  const booking = await (await request.get(`/api/shop/holds/${reference}`)).json();
  expect(booking.booking.status).toBe('held');
  // The tour page reopens the review with the failure, and the visitor pays on a second try.
  await expect(page.getByText('El pago no se ha completado.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revisa tu reserva' })).toBeVisible();
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await page.waitForURL(/\/es\/pago-de-prueba\/pagar/);
  await page.getByLabel('Número de tarjeta').fill('4548810000000003');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await page.waitForURL(/\/es\/gracias#reserva=/);
  const paid = await (await request.get(`/api/shop/holds/${reference}`)).json();
  expect(paid.booking.status).toBe('paid');
});

test('refuses a tampered payment request', async ({ page }) => {
  await page.goto(
    '/pago-de-prueba/pagar?Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=e30=&Ds_Signature=AAAA',
  );
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    'Aquesta sol·licitud de pagament no és vàlida.',
  );
});
