import type { APIRequestContext } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

import { formatEuros } from '../../src/booking/money';
import { madridToday } from '../../src/i18n/time';
import opsCa from '../../src/i18n/messages/ops/ca.json' with { type: 'json' };
import opsEn from '../../src/i18n/messages/ops/en.json' with { type: 'json' };

import { addStaffDeparture, staffToken } from './staff-departures';
import { SHOTS } from './shots';
import { expect, test } from '../fixtures/staff-page';

/**
 * The kiosk on the quay: an office member sells two tickets paid in cash from the back office,
 * prints them on the 80 mm receipt printer, and the crew boards one of the printed QR codes.
 */
const CREW = { email: 'e2e-crew@example.com', password: 'e2e-crew-password' };

const token = staffToken;

/** Tonight's last departure, added for this test so it never depends on the time of day. */
async function departureTonight(request: APIRequestContext, auth: Record<string, string>, time: string) {
  return addStaffDeparture(request, auth, { date: madridToday(new Date()), time, capacity: 12, key: 'box-office' });
}

test('a box-office sale paid in cash prints tickets whose QR boards', async ({
  page,
  request,
  staffPage,
}, testInfo) => {
  const admin = { Authorization: `JWT ${await token(request)}` };
  const time = testInfo.project.name === 'phone' ? '23:57' : '23:56';
  const departure = await departureTonight(request, admin, time);

  const t = opsCa.ops;
  await staffPage('office', { language: 'ca', name: 'Jordi Taquilla' });
  // On a phone the navigation sits behind the menu button: the link is there, the address is quicker.
  // The navigation sends the office to the staff app's light sale (issue 46); the admin's stays.
  await expect(page.locator('a[href="/staff/sell"]').first()).toHaveText(t.nav.sell);
  await page.goto('/admin/ops/sell');

  const form = page.getByTestId('sell-form');
  await expect(form.getByRole('heading', { name: t.sell.title })).toBeVisible();
  await form.locator(`input[name="departure"][value="${departure.id}"]`).check();
  await form.getByLabel(t.category.adult, { exact: true }).fill('2');
  const total = formatEuros(2 * departure.adultCents, 'ca');
  await expect(form.getByTestId('sale-total')).toHaveText(total);
  await form.getByLabel(t.sell.name, { exact: true }).fill('Pere');
  await form.getByLabel(t.sell.surnames).fill('Mas i Roca');
  await form.getByLabel(t.sell.methods.cash).check();
  if (testInfo.project.name === 'phone') {
    await page.screenshot({ path: `${SHOTS}/box-office-sell-phone-ca.png`, fullPage: true });
  }
  await form.getByRole('button', { name: new RegExp(t.sell.submit) }).click();

  const done = page.getByTestId('sale-done');
  await expect(done.getByRole('status')).toContainText(total);
  const reference = /([A-Z0-9]{6,})/.exec((await done.getByRole('status').textContent()) ?? '')?.[1];
  expect(reference).toBeTruthy();
  await done.getByRole('link', { name: t.sell.printReceipt }).click();

  const printable = page.getByTestId('printable-tickets');
  // The receipt is the invoice: the AEAT's tax QR first, then two tickets and the group's QR
  // (its reference boards both at once).
  await expect(printable.getByTestId('receipt-invoice').locator('svg')).toHaveCount(1);
  await expect(printable.getByTestId('receipt-invoice')).toContainText('VERI*FACTU');
  await expect(printable.locator('[data-ticket-code]')).toHaveCount(2);
  await expect(printable.locator('svg')).toHaveCount(4);
  // The tickets speak the customer's language (Catalan, chosen by default as the staff's).
  await expect(printable).toContainText('Entrada 1 de 2');
  // Every QR is an image named by what it is: the invoice's tax QR, the group's, each ticket's.
  const images = printable.getByRole('img');
  await expect(images).toHaveCount(4);
  await expect(images.nth(0)).toHaveAccessibleName(/^Codi QR tributari de la factura T\d{4}-\d{6}/);
  await expect(images.nth(1)).toHaveAccessibleName(`Codi QR de tota la reserva ${reference}: embarca les 2 persones`);
  for (const index of [2, 3]) {
    const code = await printable
      .locator('[data-ticket-code]')
      .nth(index - 2)
      .getAttribute('data-ticket-code');
    await expect(images.nth(index)).toHaveAccessibleName(`Codi QR de l'entrada ${code}`);
  }
  // A cash customer without e-mail gets only this paper: it is a complete simplified invoice
  // (RD 1619/2012 art. 7): issuer, number, date, each line priced, the VAT rate, the total.
  const receipt = printable.getByTestId('receipt-invoice');
  await expect(receipt.getByTestId('receipt-issuer')).toHaveText(
    /Emissor\s*Las Golondrinas \(demo\)\s*NIF: 89890001K\s*Moll de les Drassanes, s\/n, 08039 Barcelona/,
  );
  await expect(receipt).toContainText(/Número de factura:?\s*T\d{4}-\d{6}/);
  await expect(receipt).toContainText(/Data d’expedició:?\s*\d{2}\/\d{2}\/\d{4}/);
  const line = receipt.locator('.print-invoice__lines tbody tr', { hasText: 'Bitllet d’adult' });
  // The staff specs' tour is combined in the demo seed (Time Out Market, resold): the adult line is
  // the boat's part, the partner's part has a line of its own; the total is still the price paid.
  await expect(line.locator('td')).toHaveText(['2', /€$/, /%$/, /€$/]);
  await expect(receipt).toContainText('IVA incluido / IVA inclòs');
  await expect(receipt.locator('.print-invoice__total')).toHaveText(new RegExp(`Import total\\s*${total}`));
  if (testInfo.project.name === 'phone') {
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${SHOTS}/box-office-receipt-print.png`, fullPage: true });
    // Printed, the tax QR is 30 to 40 mm wide (96 CSS px to the inch).
    const qr = await receipt.locator('svg').boundingBox();
    expect((qr!.width * 25.4) / 96).toBeGreaterThanOrEqual(30);
    expect((qr!.width * 25.4) / 96).toBeLessThanOrEqual(40);
    // As the receipt printer gets it: the page size the print stylesheet asks for, 80 × 297 mm
    // (an invalid one fell back to the manifest's A4 landscape), kept as a PDF to read back.
    const pdf = await page.pdf({ path: `${SHOTS}/box-office-receipt-80mm.pdf`, preferCSSPageSize: true });
    const sizes = (await PDFDocument.load(pdf)).getPages().map((sheet) => sheet.getSize());
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    for (const { width, height } of sizes) {
      expect([Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]).toEqual([80, 297]);
    }
    await page.emulateMedia({ media: 'screen' });
  }
  const code = await printable.locator('[data-ticket-code]').first().getAttribute('data-ticket-code');

  // At the gangway: the crew scans the printed QR.
  const crew = { Authorization: `JWT ${await token(request, CREW)}` };
  const scan = await request.post('/api/boarding/scan', { headers: crew, data: { code, departure: departure.id } });
  expect(await scan.json()).toMatchObject({ ok: true, result: 'boarded' });

  // The cash-up counts it for this office member, in cash.
  await page.goto('/admin/ops/cash-up?mine=1');
  const cashUp = page.getByTestId('cash-up');
  await expect(cashUp.getByRole('row', { name: /Jordi Taquilla/ })).toContainText(t.sell.methods.cash);
  await expect(cashUp.getByRole('row', { name: /Jordi Taquilla/ })).toContainText(total);
});

test('the sales screen refuses more seats than are left, in the staff language, and keeps the form', async ({
  page,
  request,
  staffPage,
}, testInfo) => {
  const admin = { Authorization: `JWT ${await token(request)}` };
  const departure = await departureTonight(request, admin, testInfo.project.name === 'phone' ? '23:55' : '23:54');

  const t = opsEn.ops;
  await staffPage('office', { language: 'en' });
  // Ten of its twelve seats go at the counter next door while this customer makes up their mind.
  const earlier = await request.post('/api/ops/bookings', {
    headers: admin,
    data: { departure: departure.id, adult: 10, name: 'Other customer', locale: 'es', method: 'cash' },
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  await page.goto('/admin/ops/sell');
  const form = page.getByTestId('sell-form');
  await form.locator(`input[name="departure"][value="${departure.id}"]`).check();
  await form.getByLabel(t.category.adult, { exact: true }).fill('3');
  await form.getByLabel(t.sell.name, { exact: true }).fill('Group leader');
  await form.getByLabel(t.sell.methods.terminal).check();
  await form.getByRole('button', { name: new RegExp(t.sell.submit) }).click();
  await expect(form.getByTestId('sale-error')).toHaveText('Only 2 seats left on this departure.');
  await expect(form.getByLabel(t.sell.name, { exact: true })).toHaveValue('Group leader');
});
