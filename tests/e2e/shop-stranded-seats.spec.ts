import { expect, test, type Page } from '@playwright/test';

import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };
import shopEs from '../../src/i18n/messages/shop/es.json' with { type: 'json' };
import shopFr from '../../src/i18n/messages/shop/fr.json' with { type: 'json' };
import ticketsFr from '../../src/i18n/messages/tickets/fr.json' with { type: 'json' };

import { rejectOptionalCookies } from '../fixtures/consent';
import { bookableDay } from './shop-calendar';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'shop-stranded-seats');

/**
 * Issue 14, flows that left seats held or the visitor stranded: changing the booking on the
 * review step, coming back from the payment page, re-sending the tickets e-mail. This tour is
 * used by no other spec, so its first departure's seats are ours to count.
 */
const SLUG = 'puerto-y-litoral-museo-maritimo-60-min';

type Departure = { id: number; seatsLeft: number };

async function seatsLeft(page: Page, departureId: number): Promise<number> {
  const now = new Date();
  for (let i = 0; i < 3; i++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1)).toISOString().slice(0, 7);
    const body = (await (await page.request.get(`/api/shop/tours/${SLUG}/availability?month=${month}`)).json()) as {
      days: { departures: Departure[] }[];
    };
    const found = body.days.flatMap((d) => d.departures).find((d) => d.id === departureId);
    if (found) return found.seatsLeft;
  }
  throw new Error(`departure ${departureId} not found`);
}

async function fillForm(page: Page, t: typeof shopEn.shop, adults: string): Promise<number> {
  const day = await bookableDay(page);
  await day.click();
  const departure = page.locator('input[name=departure]:not([disabled])').first();
  await departure.check();
  await page.getByLabel(t.form.adult, { exact: true }).fill(adults);
  await page.getByLabel(t.form.name, { exact: true }).fill('Pau');
  await page.getByLabel(t.form.surnames, { exact: true }).fill('Casals');
  await page.getByLabel(t.form.email, { exact: true }).fill('pau@example.com');
  await page.getByLabel(t.form.phone, { exact: true }).fill('+34 600 111 222');
  await page.getByLabel(t.form.mobilePhone, { exact: true }).fill('+34 600 111 333');
  return Number(await departure.getAttribute('value'));
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context, baseURL }) => {
  await rejectOptionalCookies(context, baseURL!);
});

test('changing the booking on the review step releases the old hold: only the new one holds seats', async ({
  page,
}) => {
  const t = shopEn.shop;
  await page.goto(`/en/tour/${SLUG}`);
  await page.getByRole('button', { name: t.form.title }).click();
  const departureId = await fillForm(page, t, '2');
  const before = await seatsLeft(page, departureId);
  await page.getByRole('button', { name: t.form.submit }).click();
  await expect(page.getByRole('heading', { name: t.review.title })).toBeVisible();
  expect(await seatsLeft(page, departureId)).toBe(before - 2);

  await page.getByRole('button', { name: t.review.edit }).click();
  // Back on the form, with what was typed.
  await expect(page.getByLabel(t.form.name, { exact: true })).toHaveValue('Pau');
  await expect.poll(() => seatsLeft(page, departureId)).toBe(before);
  await page.getByLabel(t.form.adult, { exact: true }).fill('3');
  await page.getByRole('button', { name: t.form.submit }).click();
  await expect(page.getByRole('heading', { name: t.review.title })).toBeVisible();
  expect(await seatsLeft(page, departureId)).toBe(before - 3);
});

test('back from the payment page, the review offers to pay again or release the seats', async ({ page }) => {
  const t = shopEs.shop;
  await page.goto(`/es/tour/${SLUG}`);
  await page.getByRole('button', { name: t.form.title }).click();
  const departureId = await fillForm(page, t, '2');
  const before = await seatsLeft(page, departureId);
  await page.getByRole('button', { name: t.form.submit }).click();
  await expect(page.getByRole('heading', { name: t.review.title })).toBeVisible();
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await page.waitForURL(/\/es\/pago-de-prueba\/pagar/);

  await page.goBack();
  await page.waitForURL(new RegExp(`/es/tour/${SLUG}`));
  await expect(page.getByText(t.review.returned)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pagar/ })).toBeEnabled();
  expect(await seatsLeft(page, departureId)).toBe(before - 2);
  await page.getByRole('button', { name: t.review.release }).click();
  await expect(page.getByText(t.review.released)).toBeVisible();
  expect(await seatsLeft(page, departureId)).toBe(before);

  // Reloading afterwards does not bring the released booking back.
  await page.reload();
  await expect(page.getByRole('heading', { name: t.review.title })).toHaveCount(0);
});

test('re-sending the tickets e-mail stays on the booking page and confirms in its language', async ({ page }) => {
  test.setTimeout(60_000);
  const t = shopFr.shop;
  await page.goto(`/fr/tour/${SLUG}`);
  await page.getByRole('button', { name: t.form.title }).click();
  await fillForm(page, t, '1');
  await page.getByRole('button', { name: t.form.submit }).click();
  await page.getByRole('button', { name: new RegExp(`^${t.review.pay.split('{')[0]!.trim()}`) }).click();
  await page.waitForURL(/\/pago-de-prueba\/pagar/);
  await page.getByLabel(t.sandbox.card).fill('4548810000000003');
  await page.getByRole('button', { name: new RegExp(`^${t.sandbox.pay}`) }).click();
  await page.waitForURL(/\/gracias#reserva=/);
  await page.getByRole('link', { name: ticketsFr.tickets.viewTickets }).click();
  await page.waitForURL(/\/fr\/reserva\//);
  const origin = new URL(page.url()).origin;

  await page.getByRole('button', { name: ticketsFr.tickets.resend }).click();
  await page.waitForURL(/reenviat=1/);
  expect(new URL(page.url()).origin).toBe(origin);
  expect(new URL(page.url()).pathname).toMatch(/^\/fr\/reserva\//);
  await expect(page.getByRole('status')).toHaveText(ticketsFr.tickets.resent.replace('{email}', 'pau@example.com'));
});
