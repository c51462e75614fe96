import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { baseURL } from '../../playwright.config';
import { addDays, madridToday } from '../../src/i18n/time';
import invoicesCa from '../../src/i18n/messages/invoices-admin/ca.json' with { type: 'json' };
import invoicesFr from '../../src/i18n/messages/invoices-admin/fr.json' with { type: 'json' };

import { SHOTS } from './shots';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * The office on a phone: a counter sale issues its invoice at once; Invoices finds it by the
 * booking's reference with its AEAT status, e-mails the booking again, and downloads the
 * accountant's book of invoices issued for today as a `;`-separated CSV. Then the same screen in
 * French on a laptop. Screenshots go to var/e2e-shots for a reviewer.
 */

async function signIn(page: Page, who: { email: string; password: string }, language: string) {
  await page.context().addCookies([{ name: 'payload-lng', value: language, url: baseURL }]);
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('today-board')).toBeVisible();
}

test('office finds a sale’s invoice on a phone, e-mails it again and downloads the book of invoices issued', async ({
  page,
  request,
}, testInfo) => {
  // Seven page loads and five full-page screenshots in two languages and two screen sizes: on a
  // slow two-core CI machine the whole journey took over the default minute (every step passed).
  test.setTimeout(150_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const office = {
    email: `e2e-invoices-${testInfo.project.name}-${Date.now()}@example.com`,
    password: 'invoices office 2026 long',
  };
  const user = await request.post('/api/users', {
    headers: admin,
    data: { ...office, role: 'office', name: 'Marta Factures' },
  });
  expect(user.ok(), await user.text()).toBe(true);

  const today = madridToday(new Date());
  const { id: departure } = await addStaffDeparture(request, admin, {
    date: addDays(today, 1),
    time: '12:11',
    capacity: 12,
    key: 'invoices',
  });
  const officeAuth = { Authorization: `JWT ${await staffToken(request, office)}` };
  const sale = await request.post('/api/ops/bookings', {
    headers: officeAuth,
    data: {
      departure,
      tripType: 'roundTrip',
      adult: 2,
      reduced: 0,
      child: 0,
      super3: 0,
      audioGuides: 1,
      name: 'Pere Factura',
      email: 'pere.factura@example.com',
      locale: 'ca',
      method: 'cash',
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const { reference } = (await sale.json()) as { reference: string };

  // Catalan, on a 390 px phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, office, 'ca');
  const t = invoicesCa.invoicesAdmin;
  await page.goto('/admin/ops/invoices');
  const view = page.getByTestId('invoices');
  await expect(view.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
  await view.getByLabel(t.searchLabel).fill(reference.toLowerCase());
  await view.getByRole('button', { name: t.search }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const year = today.slice(0, 4);
  const row = view.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toContainText(new RegExp(`T${year}-\\d{6}`));
  await expect(row.getByRole('rowheader')).toContainText(t.types.F2);
  await expect(row.getByRole('link', { name: reference })).toHaveAttribute('href', `/admin/ops/bookings/${reference}`);
  // Pending until the sender's next run, then the local AEAT's answer: either is one of ours.
  const statuses = [t.statuses.pending, t.statuses.Correcto, t.statuses.AceptadoConErrores, t.statuses.Incorrecto];
  await expect(row.getByTestId('invoice-aeat').locator('.invoices__status')).toHaveText(
    new RegExp(`^(${statuses.join('|')})$`),
  );
  const number = (await row.locator('.invoices__number').textContent())!;
  await expect(row.getByRole('link', { name: t.pdfLabel.replace('{number}', number) })).toHaveAttribute(
    'href',
    /^\/api\/ops\/invoices\/\d+\.pdf$/,
  );
  // Nothing wider than the phone: the table became cards.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SHOTS, 'invoices-phone-ca.png'), fullPage: true });

  await row.getByRole('button', { name: t.resendLabel.replace('{reference}', reference) }).click();
  await expect(row.getByRole('status')).toContainText('pere.factura@example.com');

  // The accountant's book for today: the form's dates, then the download.
  const books = view.getByTestId('invoices-books');
  await books.getByLabel(t.books.from).fill(today);
  await books.getByLabel(t.books.to).fill(today);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    books.getByTestId('invoices-books-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoices-issued-${today}-${today}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  const c = t.csv;
  expect(
    csv.startsWith(
      `\uFEFF${[c.issueDate, c.number, c.type, c.taxId, c.name, c.base, c.rate, c.vat, c.total].join(';')};`,
    ),
  ).toBe(true);
  const [y, m, d] = today.split('-');
  // The sale's two lines: the tickets at one VAT rate, the audio guide at another.
  const saleLines = csv.split('\r\n').filter((line) => line.startsWith(`${d}/${m}/${y};${number};F2;`));
  expect(saleLines).toHaveLength(2);
  for (const line of saleLines)
    expect(line).toMatch(new RegExp(`;-?\\d+,\\d\\d;\\d+;-?\\d+,\\d\\d;-?\\d+,\\d\\d;;${reference};`));
  expect(csv).toContain(`\r\n${c.totalsByRate};`);

  // French, on a laptop.
  const f = invoicesFr.invoicesAdmin;
  await page.context().addCookies([{ name: 'payload-lng', value: 'fr', url: baseURL }]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/ops/invoices?q=${encodeURIComponent(reference)}`);
  await expect(view.getByRole('heading', { name: f.title, level: 1 })).toBeVisible();
  await expect(view.getByRole('columnheader', { name: f.aeat })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'invoices-desktop-fr.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'invoices-phone-fr.png'), fullPage: true });
  await page.context().addCookies([{ name: 'payload-lng', value: 'ca', url: baseURL }]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/ops/invoices');
  await page.screenshot({ path: path.join(SHOTS, 'invoices-desktop-ca.png'), fullPage: true });
  await page.goto('/admin/ops/reports');
  await page.screenshot({ path: path.join(SHOTS, 'reports-vat-desktop-ca.png'), fullPage: true });
});
