import { expect, test } from '@playwright/test';

import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };
import shopFr from '../../src/i18n/messages/shop/fr.json' with { type: 'json' };
import { rejectOptionalCookies } from '../fixtures/consent';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'site-agrees-with-shop');

/** Issue 14: the prices and timetables a page shows are the ones the shop sells. */
test.beforeEach(async ({ context, baseURL }) => {
  await rejectOptionalCookies(context, baseURL!);
});

const euros = (cents: number, locale = 'en') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

for (const slug of ['puerto-y-litoral-60-min', 'barcelona-port-40-min', 'puerto-y-litoral-aquarium']) {
  test(`the tour page’s “from” price is the cheapest adult ticket of the shop’s price list (${slug})`, async ({
    page,
  }) => {
    const month = new Date().toISOString().slice(0, 7);
    const body = await (await page.request.get(`/api/shop/tours/${slug}/availability?month=${month}`)).json();
    const list = body.tour.priceList as { roundTrip: { adult: number }; oneWay?: { adult: number } };
    const cheapest = Math.min(list.roundTrip.adult, list.oneWay?.adult ?? Infinity);
    await page.goto(`/en/tour/${slug}`);
    await expect(page.locator('.facts')).toContainText(euros(cheapest));
  });
}

test('the booking form shows a line per category, with its age rule, before the total', async ({ page }) => {
  const t = shopEn.shop;
  await page.goto('/en/tour/puerto-y-litoral-60-min');
  await page.getByRole('button', { name: t.form.title }).click();
  await expect(page.getByText(t.form.adultRule)).toBeVisible();
  await expect(page.getByText(t.form.childRule)).toBeVisible();
  await expect(page.getByText(t.form.reducedRule)).toBeVisible();
  await expect(page.getByText(t.form.super3Rule)).toBeVisible();
  await expect(page.getByLabel(t.form.adult, { exact: true })).toHaveAccessibleDescription(
    new RegExp(t.form.adultRule),
  );
  await page.getByLabel(t.form.adult, { exact: true }).fill('2');
  await page.getByLabel(t.form.child, { exact: true }).fill('1');
  await page.getByLabel(t.form.super3, { exact: true }).fill('1');
  await page.getByLabel(t.form.audioGuides, { exact: true }).fill('1');
  const lines = page.getByRole('table', { name: t.form.lines });
  await expect(lines.getByRole('row')).toHaveText([
    /2 × Adults.*2 × €17\.50.*€35\.00/,
    /1 × Children.*1 × €8\.00.*€8\.00/,
    new RegExp(`1 × ${t.form.super3.replace(/[()]/g, '.')}.*${t.form.free}.*€0\\.00`),
    /1 × Audio guides.*1 × €3\.00.*€3\.00/,
  ]);
  await expect(page.getByText('Number of people: 4 · Total: €46.00')).toBeVisible();
});

test('a tour page publishes its timetable from the timetable data (Moco: weekends at 12:00)', async ({ page }) => {
  const t = shopFr.shop.timetable;
  await page.goto('/fr/tour/puerto-y-litoral-moco-museum');
  const timetable = page.locator('.timetable');
  await expect(timetable).toContainText(t.weekends);
  await expect(timetable.locator('time')).toHaveText(['12:00']);
  await expect(timetable).not.toContainText(t.weekdays);
});

test('a tour sold on request opens the group request form with the tour filled in', async ({ page }) => {
  const slug = 'puerto-y-litoral-restaurante-ramonet';
  await page.goto(`/en/tour/${slug}`);
  const ask = page.getByTestId('request-this-tour');
  await expect(ask).toHaveText(shopEn.shop.form.requestThisTour);
  await ask.click();
  const form = page.locator('#request-group form');
  await expect(form).toHaveAttribute('data-hydrated', 'true');
  await expect(form.locator('select[name="tour"]')).toHaveValue(slug);
  await expect(page).toHaveURL(/\/en\/grupos-y-agencias\/grupos\?tour=/);
});

test('“other times on request” under a timetable asks for that tour, in the page’s language', async ({ page }) => {
  const slug = 'puerto-y-litoral-60-min';
  await page.goto(`/fr/tour/${slug}`);
  await page.getByRole('link', { name: shopFr.shop.timetable.otherTimes }).click();
  const form = page.locator('#request-group form');
  await expect(form).toHaveAttribute('data-hydrated', 'true');
  await expect(form.locator('select[name="tour"]')).toHaveValue(slug);
  // What the link filled in is the visitor's to change.
  await form.locator('select[name="tour"]').selectOption('barcelona-port-40-min');
  await expect(form.locator('select[name="tour"]')).toHaveValue('barcelona-port-40-min');
});
