import { expect, test } from '@playwright/test';

import contentEn from '../../src/i18n/messages/content/en.json' with { type: 'json' };
import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };
import { rejectOptionalCookies } from '../fixtures/consent';

/**
 * Issue 14, running on another host or port. The e2e server runs on E2E_PORT (not 3000) with no
 * SITE_URL at all (scripts/e2e-server.mjs), so SITE_URL is the default that follows the port.
 * Here the visitor also opens the site as 127.0.0.1 rather than localhost: the sandbox's Pay
 * button must still post (a relative form action, allowed by CSP form-action 'self').
 */
test('a purchase works when the site is opened on another host name than SITE_URL’s', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const port = new URL(baseURL!).port;
  expect(port).not.toBe('3000');
  const other = `http://127.0.0.1:${port}`;
  await rejectOptionalCookies(context, other);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const t = shopEn.shop;
  await page.goto(`${other}/en/tour/puerto-y-litoral-aquarium`);
  await page.getByRole('button', { name: t.form.title }).click();
  const day = page.locator('button[aria-pressed]:not([disabled])').first();
  await expect(day).toBeVisible();
  await day.click();
  await page.locator('input[name=departure]:not([disabled])').first().check();
  await page.getByLabel(t.form.name, { exact: true }).fill('Rosa');
  await page.getByLabel(t.form.surnames, { exact: true }).fill('Sensat');
  await page.getByLabel(t.form.email, { exact: true }).fill('rosa@example.com');
  await page.getByLabel(t.form.phone, { exact: true }).fill('+34 600 111 222');
  await page.getByLabel(t.form.mobilePhone, { exact: true }).fill('+34 600 111 333');
  await page.getByRole('button', { name: t.form.submit }).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${port}/en/pago-de-prueba/pagar\\?`));
  await page.getByLabel(t.sandbox.card).fill('4548810000000003');
  await page.getByRole('button', { name: /^Pay/ }).click();
  // Back on the thank-you page, on the host the visitor used.
  await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${port}/en/gracias#reserva=`));
  const reference = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('reserva');
  const booking = await (await page.request.get(`/api/shop/holds/${reference}`)).json();
  expect(booking.booking.status).toBe('paid');
  expect(violations).toEqual([]);
});

test('the interactive map’s tiles are allowed by our CSP; the static map stays until asked', async ({
  page,
  context,
  baseURL,
}) => {
  await rejectOptionalCookies(context, baseURL!);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/en/tour/puerto-y-litoral-60-min');
  const imgSrc = /img-src ([^;]+)/.exec(response!.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  expect(imgSrc).toContain(`http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`);
  const map = contentEn.content.map;
  await expect(page.getByRole('img', { name: /./ }).and(page.locator('svg.map-static'))).toBeVisible();
  await page.getByRole('button', { name: map.show }).click();
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(violations).toEqual([]);
});
