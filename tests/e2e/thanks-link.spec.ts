import { randomBytes } from 'node:crypto';

import { expect, test } from '@playwright/test';

import { locales, localePrefix } from '../../src/i18n/locales';
import { linkFromOutbox, paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

// Issue 25: the thank-you page is public and cached; rendered from `/gracias?reserva=R&firma=S`,
// Next wrote that address into the page, and every later visitor of `/gracias` got R and S, the
// pair that opens the buyer's tickets.

const fakeLink = () => ({
  reference: randomBytes(10).toString('hex').toUpperCase(),
  signature: randomBytes(24).toString('base64url'),
});

test('a booking link the gateway returns with never reaches a cached page or a later visitor', async ({ request }) => {
  for (const locale of locales) {
    const thanks = `${localePrefix(locale)}/gracias`;
    const { reference, signature } = fakeLink();
    const returned = await request.get(`${thanks}?reserva=${reference}&firma=${signature}&Ds_Signature=abc`, {
      maxRedirects: 0,
    });
    // The address with the link is answered privately, with the link moved where no server sees it.
    expect(returned.status(), locale).toBe(303);
    expect(returned.headers()['cache-control']).toBe('private, no-store');
    expect(returned.headers()['location']).toMatch(
      new RegExp(`${thanks}#reserva=${reference}&firma=${signature}$`.replace(/[?]/g, '\\?')),
    );
    expect(returned.headers()['referrer-policy']).toBe('no-referrer');

    // Twice: the first may render the page, the second comes from a cache.
    for (let i = 0; i < 2; i++) {
      const plain = await request.get(thanks);
      expect(plain.status()).toBe(200);
      const html = await plain.text();
      expect(html, `${locale}: another visitor's booking link in the page`).not.toContain(reference);
      expect(html).not.toContain(signature);
      // Nor any other buyer's: no test's purchase may leave its query in the shared page.
      expect(html).not.toMatch(/reserva=|firma=/);
    }
  }
});

test('back from the bank, the buyer sees the link to their own tickets, and a reload keeps it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const date = new Date(Date.now() + 5 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
  const departure = await addStaffDeparture(request, admin, { date, time: '18:47', capacity: 6, key: 'thanks' });
  const email = `thanks-link-${Date.now()}@example.com`;
  const reference = await paidBooking(request, departure.id, { email, locale: 'fr' });
  // The signed link as the tickets e-mail carries it: the one the gateway's return names too.
  const ticketsLink = new RegExp(`/reserva/${reference}\\?firma=[\\w.-]+`);
  await expect.poll(() => linkFromOutbox(email, ticketsLink), { timeout: 90_000 }).toBeDefined();
  const signature = new URL(linkFromOutbox(email, ticketsLink)!, 'http://x').searchParams.get('firma')!;

  await page.goto(`/fr/gracias?reserva=${reference}&firma=${signature}`);
  expect(new URL(page.url()).pathname).toBe('/fr/gracias');
  expect(new URL(page.url()).search).toBe('');
  const tickets = page.getByRole('link', { name: 'Voir vos billets maintenant' });
  await expect(tickets).toHaveAttribute('href', `/fr/reserva/${reference}?firma=${signature}`);
  await page.reload();
  await expect(tickets).toBeVisible();
  await tickets.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);

  // A visitor who opens the plain page sees no one's tickets.
  await page.goto('/fr/gracias');
  await expect(page.getByRole('link', { name: 'Voir vos billets maintenant' })).toHaveCount(0);
});

test('no public page keeps the query of the request that rendered it', async ({ request }) => {
  // A payment the bank declined returns to the tour page with the booking's reference; the
  // group form is linked with the tour and day filled in. Each page is shared by everyone.
  for (const path of ['/fr/tour/puerto-y-litoral-60-min', '/es/grupos-y-agencias/grupos', '/en/nosotros/la-flota']) {
    const { reference } = fakeLink();
    const first = await request.get(`${path}?reserva=${reference}&pago=ko&tour=x`);
    expect(first.status(), path).toBe(200);
    for (let i = 0; i < 2; i++) {
      const html = await (await request.get(path)).text();
      expect(html, `${path}: the first request's query in the shared page`).not.toContain(reference);
      expect(html).not.toMatch(/reserva=|pago=ko/);
    }
  }
});
