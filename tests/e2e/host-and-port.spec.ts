import { networkInterfaces } from 'node:os';

import { expect, test } from '@playwright/test';

import contentEn from '../../src/i18n/messages/content/en.json' with { type: 'json' };
import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };
import { rejectOptionalCookies } from '../fixtures/consent';

import { startExtraServer } from './extra-server';
import { paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';
import { bookableDay } from './shop-calendar';

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
  const day = await bookableDay(page);
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
  // Read as the visitor's browser reads it: on the host it used, with the hold's own cookie.
  const booking = await (await page.request.get(`${other}/api/shop/holds/${reference}`)).json();
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

/** An address of this machine's own network interface (never another machine's), IPv4 and IPv6. */
function ownAddress(family: 'IPv4' | 'IPv6'): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === family && !a.internal && !a.address.startsWith('fe80:'))?.address;
}

function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Issue 42: with HOSTNAME=127.0.0.1 (a documented setting) every Catalan page answered a 301 to
 * itself. Next spells loopback addresses `localhost` in the URL the proxy sees, so the proxy's
 * rewrite to `/ca…` looked like one to another server: Next fetched it over HTTP, and the proxy
 * answered `/ca…` with a 301 to the unprefixed path. Each listen address, on a server of its own.
 */
test('the site answers on every listen address HOSTNAME may name, Catalan pages included', async ({ request }) => {
  const hosts = ['0.0.0.0', '127.0.0.1', '::', '::1', ownAddress('IPv4'), ownAddress('IPv6')].filter((h): h is string =>
    Boolean(h),
  );
  test.setTimeout(90_000 + hosts.length * 60_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const departure = await addStaffDeparture(request, admin, {
    date: dayAhead(6),
    time: '17:41',
    capacity: 6,
    key: 'host-and-port',
  });
  const reference = await paidBooking(request, departure.id, { email: `hosts-${Date.now()}@example.com` });
  const issued = await request.post(`/api/ops/bookings/${reference}/link`, { headers: admin });
  expect(issued.ok(), await issued.text()).toBe(true);
  const firma = new URL(((await issued.json()) as { url: string }).url).searchParams.get('firma')!;
  const paths = ['/', '/es', '/gracias', `/reserva/${reference}?firma=${firma}`, '/en/tour/puerto-y-litoral-60-min'];

  const answers: string[] = [];
  for (const hostname of hosts) {
    const server = await startExtraServer(hostname);
    try {
      for (const path of paths) {
        const response = await fetch(`${server.origin}${path}`, {
          redirect: 'manual',
          headers: { 'accept-language': 'ca' },
          signal: AbortSignal.timeout(30_000),
        });
        answers.push(
          `${hostname} ${path.replace(/firma=.*/, 'firma=…')} ${response.status} ${response.headers.get('location') ?? ''}`.trim(),
        );
      }
    } finally {
      await server.stop();
    }
  }
  expect(answers).toEqual(
    hosts.flatMap((hostname) => paths.map((path) => `${hostname} ${path.replace(/firma=.*/, 'firma=…')} 200`)),
  );
});
