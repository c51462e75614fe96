import { madridToday } from '../../src/i18n/time';
import boardingCa from '../../src/i18n/messages/boarding/ca.json' with { type: 'json' };
import opsCa from '../../src/i18n/messages/ops/ca.json' with { type: 'json' };
import opsEn from '../../src/i18n/messages/ops/en.json' with { type: 'json' };
import { devices } from '@playwright/test';

import { baseURL } from '../../playwright.config';

import { SHOTS } from './shots';
import { addStaffDeparture, staffToken } from './staff-departures';
import { expect, test } from '../fixtures/staff-page';

/**
 * The office's daily screens in the staff's light app (issue 46): the same screens as the admin's
 * /admin/ops/... views, outside Payload's admin shell. An office member on a phone sells a ticket,
 * finds the booking by typing its customer's name without its accent, opens it, and sees the sale
 * on today's board; the crew are refused. Each screen is left as a screenshot in SHOTS.
 */
const t = opsEn.ops;

/** No Payload admin in the page: the light app's own document. */
async function outsideTheAdmin(page: import('@playwright/test').Page) {
  expect(await page.evaluate(() => document.querySelector('.payload__app, .template-default'))).toBeNull();
}

test('office staff sell, search and open a booking, and see the sale on today’s board', async ({
  page,
  request,
  staffPage,
}) => {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const departure = await addStaffDeparture(request, admin, {
    date: madridToday(new Date()),
    time: '23:52',
    capacity: 12,
    key: 'office-app',
  });
  await staffPage('office', { language: 'en', name: 'Núria Oficina' });
  // The admin's navigation sends the office to the light screens.
  await expect(page.locator('a[href="/staff/bookings"]').first()).toHaveText(t.nav.bookings);

  // Sell one ticket, paid in cash, to a customer whose surname has an accent.
  const token = `q${Date.now().toString(36)}`;
  await page.goto('/staff/sell');
  await outsideTheAdmin(page);
  const form = page.getByTestId('sell-form');
  await expect(form.getByRole('heading', { name: t.sell.title })).toBeVisible();
  await form.locator(`input[name="departure"][value="${departure.id}"]`).check();
  await form.getByLabel(t.category.adult, { exact: true }).fill('1');
  await form.getByLabel(t.sell.name, { exact: true }).fill(`Marta ${token}`);
  await form.getByLabel(t.sell.surnames).fill('López Ferrer');
  await form.getByLabel(t.sell.methods.cash).check();
  await page.screenshot({ path: `${SHOTS}/office-app-sell-phone-en.png`, fullPage: true });
  await form.getByRole('button', { name: new RegExp(t.sell.submit) }).click();
  const done = page.getByTestId('sale-done');
  await expect(done.getByRole('status')).toBeVisible();
  const reference = /([A-Z0-9]{6,})/.exec((await done.getByRole('status').textContent()) ?? '')?.[1];
  expect(reference).toBeTruthy();
  // "Open the booking" stays in the light app.
  await expect(done.getByRole('link', { name: t.sell.openBooking })).toHaveAttribute(
    'href',
    `/staff/bookings/${reference}`,
  );

  // Search as you type, without the accent: "lopez" finds "López".
  await page.getByRole('navigation').getByRole('link', { name: t.nav.bookings }).click();
  await expect(page).toHaveURL(/\/staff\/bookings$/);
  const search = page.getByTestId('booking-search');
  await search.getByLabel(t.bookings.searchLabel).pressSequentially(`lopez ${token}`);
  const hit = search.getByRole('link', { name: reference! });
  await expect(hit).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/staff/bookings\\?q=lopez`));
  await page.screenshot({ path: `${SHOTS}/office-app-bookings-phone-en.png`, fullPage: true });
  await hit.click();

  // The booking, with the admin's own actions: resend the tickets, move, cancel or refund.
  await expect(page).toHaveURL(`${baseURL}/staff/bookings/${reference}`);
  const booking = page.getByTestId('booking-page');
  await expect(booking.getByRole('heading', { level: 1 })).toContainText(reference!);
  await expect(booking).toContainText('López Ferrer');
  await expect(booking.getByTestId('booking-actions')).toBeVisible();
  await expect(booking.getByTestId('resend')).toBeVisible();
  await outsideTheAdmin(page);
  await page.screenshot({ path: `${SHOTS}/office-app-booking-phone-en.png`, fullPage: true });

  // Today's board counts the sale.
  await page.getByRole('navigation').getByRole('link', { name: t.nav.today }).click();
  const row = page.getByTestId(`departure-${departure.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('boarded')).toHaveText('0 / 1');
  await page.screenshot({ path: `${SHOTS}/office-app-today-phone-en.png`, fullPage: true });

  await page.goto('/staff/till');
  await expect(page.getByTestId('till')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/office-app-till-phone-en.png`, fullPage: true });
  // Everything else is the back office's, one tap away.
  await expect(page.getByTestId('office-back-office')).toHaveAttribute('href', '/admin');
});

test('signed out, a search link to the bookings comes back from the sign-in with its search', async ({
  page,
  request,
}) => {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const member = { email: `e2e-office-search-${Date.now()}@example.com`, password: 'office of this test 2026 long' };
  const created = await request.post('/api/users', { headers: admin, data: { ...member, role: 'office' } });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto('/staff/bookings?q=Puig');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fstaff%2Fbookings%3Fq%3DPuig$/);
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/staff\/bookings\?q=Puig$/);
  await expect(page.locator('input[name="q"]')).toHaveValue('Puig');
});

/** The office's screens' budget (issue 46): at most 300 KB of script as sent (the admin's: ~705 KB). */
const OFFICE_BUDGET_KB = 300;

test('the office screens speak the back office’s language, load at most 300 KB of script, and refuse the crew', async ({
  browser,
  page,
  staffPage,
}) => {
  const c = opsCa.ops;
  await staffPage('office', { language: 'ca' });
  // Each screen as a first visit: a new browser context with the same session, nothing cached.
  const session = await page.context().storageState();
  for (const [path, name, heading] of [
    ['/staff/today', 'today', c.board.title],
    ['/staff/bookings?q=lopez', 'bookings', c.bookings.title],
    ['/staff/sell', 'sell', c.sell.title],
    ['/staff/till', 'till', c.till.title],
  ] as const) {
    const context = await browser.newContext({ ...devices['Pixel 7'], deviceScaleFactor: 1, storageState: session });
    const fresh = await context.newPage();
    const scripts: Promise<{ url: string; bytes: number }>[] = [];
    fresh.on('requestfinished', (r) => {
      if (r.resourceType() !== 'script') return;
      scripts.push(r.sizes().then((sizes) => ({ url: r.url(), bytes: sizes.responseBodySize })));
    });
    await fresh.goto(path, { waitUntil: 'networkidle' });
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(fresh.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const loaded = await Promise.all(scripts);
    const totalKb = loaded.reduce((sum, one) => sum + one.bytes, 0) / 1024;
    console.log(`first-load JS ${path}: ${totalKb.toFixed(1)} KB in ${loaded.length} files`);
    expect(totalKb, loaded.map((one) => `${one.url} ${one.bytes}`).join('\n')).toBeLessThanOrEqual(OFFICE_BUDGET_KB);
    await outsideTheAdmin(fresh);
    await fresh.screenshot({ path: `${SHOTS}/office-app-${name}-phone-ca.png`, fullPage: true });
    await context.close();
  }
  // A booking's page: the first the search lists for "a" (other specs' customers).
  await page.goto('/staff/bookings?q=a');
  const first = page.getByTestId('booking-search').locator('a[href^="/staff/bookings/"]').first();
  if (
    await first.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await first.click();
    await expect(page.getByTestId('booking-page')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await page.screenshot({ path: `${SHOTS}/office-app-booking-phone-ca.png`, fullPage: true });
  }

  await page.context().clearCookies();
  await staffPage('crew', { language: 'ca' });
  for (const path of ['/staff/today', '/staff/bookings', '/staff/sell', '/staff/till']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByTestId('staff-app-refused')).toContainText(boardingCa.staffApp.refusedOffice);
  }
});
