import { readFileSync } from 'node:fs';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { baseURL } from '../../playwright.config';
import { madridToday } from '../../src/i18n/time';

import { addStaffDeparture, staffToken } from './staff-departures';
import { SHOTS } from './shots';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'ops-today');

/**
 * The ticket office's day in the back office: sign in, today's board, a booking found by its
 * surname, the departure's manifest printed and downloaded. Screenshots of the board go to
 * var/e2e-shots (phone and desktop, Catalan and English) for the lead's note.
 */
const office = { email: 'e2e-office@example.com', password: 'e2e-office-password' };
const crew = { email: 'e2e-crew@example.com', password: 'e2e-crew-password' };

/**
 * A paid booking on a departure later today, through the shop's own API and the sandbox bank.
 * The departure is added for the test, late tonight, so the test runs at any time of day.
 */
async function paidBookingToday(request: APIRequestContext, surnames: string) {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const departure = await addStaffDeparture(request, admin, {
    date: madridToday(new Date()),
    time: '23:45',
    capacity: 20,
    key: 'ops-today',
  });
  const hold = await request.post('/api/shop/holds', {
    data: {
      departureId: String(departure.id),
      tripType: 'roundTrip',
      adult: '2',
      reduced: '0',
      child: '1',
      super3: '0',
      audioGuides: '1',
      name: 'Jacint',
      surnames,
      email: 'jacint@example.com',
      phone: '933 000 000',
      mobilePhone: '600 111 222',
      comments: 'Cotxet plegable',
      locale: 'ca',
    },
  });
  expect(hold.status()).toBe(201);
  const { reference } = (await hold.json()) as { reference: string };
  const payment = await request.post(`/api/shop/holds/${reference}/payment`);
  const { form } = (await payment.json()) as { form: { fields: Record<string, string> } };
  const paid = await request.post('/api/payments/sandbox', {
    form: { ...form.fields, decision: 'pay', card: '4548810000000003' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { reference, departureId: departure.id };
}

async function signIn(page: Page, who: { email: string; password: string }, language: 'ca' | 'en' = 'ca') {
  await page.context().addCookies([{ name: 'payload-lng', value: language, url: baseURL }]);
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('today-board')).toBeVisible();
}

test.describe('back office: the day', () => {
  // One after the other: these tests sign in as the same office user, and Payload keeps a user's
  // sessions in one row, so two sign-ins at the same instant can lose one of them.
  test.describe.configure({ mode: 'default' });

  test('an office user finds a booking by surname, prints the manifest and downloads its CSV', async ({
    page,
    request,
  }) => {
    const surnames = `Verdaguer Santaló ${Date.now().toString(36)}`;
    const { reference, departureId } = await paidBookingToday(request, surnames);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, office, 'en');

    const row = page.getByTestId(`departure-${departureId}`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('status')).toHaveText('On sale');
    await expect(row.getByTestId('boarded')).toHaveText(/^0 \/ \d+$/);

    await page.getByTestId('today-board').getByRole('link', { name: 'Bookings' }).click();
    await page.getByLabel('Search').fill(surnames.split(' ')[2]!);
    const hit = page.getByRole('link', { name: reference });
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
    await expect(page.getByTestId('tickets').locator('tbody tr')).toHaveCount(3);
    await expect(page.getByTestId('payments')).toContainText('confirmed');
    await page.screenshot({ path: `${SHOTS}/booking-page-en.png`, fullPage: true });

    await page.getByRole('link', { name: 'Departure manifest' }).click();
    const manifest = page.getByTestId('manifest');
    await expect(manifest).toContainText(`Jacint ${surnames}`);
    await expect(manifest).toContainText('+34 600 11 12 22');
    await expect(manifest).toContainText('Cotxet plegable');

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('nav.nav').first()).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/manifest-print-en.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^manifest-\d{4}-\d{2}-\d{2}-\d{4}-\d+\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFReference,Lead passenger,Adults,Reduced,Children,Super3,Persons,Audio guides,Mobile,Comments,On board',
    );
    expect(csv).toContain(`${reference},Jacint ${surnames},2,0,1,0,3,1,+34 600 11 12 22,Cotxet plegable,0`);
  });

  test('the crew see the board without the office’s controls', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, crew, 'ca');
    await expect(page.getByRole('heading', { name: "Tauler d'avui" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tancar la venda' })).toHaveCount(0);
    await expect(page.getByTestId('today-board').getByRole('link', { name: 'Reserves' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manifest' }).first()).toBeVisible();
  });

  for (const language of ['ca', 'en'] as const) {
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1440, height: 900 }],
    ] as const) {
      test(`today board screenshot, ${size}, ${language}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await signIn(page, office, language);
        await expect(page.getByRole('status').first()).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/today-board-${size}-${language}.png`, fullPage: size === 'desktop' });
      });
    }
  }
});
