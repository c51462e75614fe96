import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { baseURL } from '../../playwright.config';
import { madridToday } from '../../src/i18n/time';
import ca from '../../src/i18n/messages/booking-invoice/ca.json' with { type: 'json' };
import fr from '../../src/i18n/messages/booking-invoice/fr.json' with { type: 'json' };
import formsCa from '../../src/i18n/messages/forms/ca.json' with { type: 'json' };
import { rejectOptionalCookies } from '../fixtures/consent';

import { paidBooking } from './paid-booking';
import { SHOTS as shots } from './shots';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * A visitor who paid on the website needs a full invoice for their company: on their phone, from
 * the booking page their tickets e-mail links to, they give their details, mistype the NIF, see
 * the error, correct it, and get the full invoice (F3) that replaces the simplified one, as a PDF.
 */
const t = ca.bookingInvoice;
const INVOICE_NUMBER = /W\d{4}-\d{6}/;

function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a visitor asks for a full invoice on a phone: a wrong NIF is refused, the right one gets the F3 and its PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const departure = await addStaffDeparture(request, admin, {
    date: dayAhead(5),
    time: '18:53',
    capacity: 6,
    key: 'full-invoice',
  });
  const reference = await paidBooking(request, departure.id, {
    email: `full-invoice-${Date.now()}@example.com`,
    locale: 'ca',
  });
  // The signed link, as the office hands it out (the tickets e-mail carries the same kind).
  const issued = await request.post(`/api/ops/bookings/${reference}/link`, { headers: admin });
  expect(issued.ok(), await issued.text()).toBe(true);
  const { url } = (await issued.json()) as { url: string };
  const link = new URL(url);
  const firma = link.searchParams.get('firma')!;

  await rejectOptionalCookies(page.context(), baseURL);
  await page.setViewportSize({ width: 390, height: 844 });

  // In French first: the section and the form open, as a French visitor sees them.
  await page.goto(`/fr/reserva/${reference}?firma=${firma}`);
  const frSection = page.getByTestId('booking-invoice');
  await expect(frSection.getByRole('heading', { name: fr.bookingInvoice.heading, exact: true })).toBeVisible();
  await expect(frSection.getByTestId('current-invoice')).toContainText(fr.bookingInvoice.kind.simplified);
  await frSection.getByRole('button', { name: fr.bookingInvoice.open }).click();
  await expect(frSection.getByTestId('full-invoice-form')).toBeVisible();
  await frSection.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/booking-invoice-form-fr-390.png`, fullPage: true });

  // The visitor's own language, Catalan.
  await page.goto(`/reserva/${reference}?firma=${firma}`);
  const section = page.getByTestId('booking-invoice');
  const current = section.getByTestId('current-invoice');
  await expect(current).toContainText(t.kind.simplified);
  const simplified = INVOICE_NUMBER.exec((await current.textContent()) ?? '')![0];
  const open = section.getByRole('button', { name: t.open });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const form = section.getByTestId('full-invoice-form');
  await expect(form).toBeVisible();

  // Nothing is said before a field was left.
  const taxId = form.getByLabel(t.fields.taxId);
  await form.getByLabel(t.fields.name).fill('Vela i Rem SL');
  await taxId.fill('B12345675');
  await expect(form.getByText(t.errors.taxIdCheckDigit)).toHaveCount(0);
  await taxId.blur();
  const fieldError = form.getByText(t.errors.taxIdCheckDigit);
  await expect(fieldError).toBeVisible();
  await expect(taxId).toHaveAttribute('aria-invalid', 'true');
  // The address was never left: its error waits for the submit.
  await expect(form.getByText(formsCa.forms.errors.required)).toHaveCount(0);

  // Sent like that: the summary above the form names both fields, and what was typed stays.
  await form.getByRole('button', { name: t.submit }).click();
  const summary = form.getByTestId('form-summary');
  await expect(summary).toContainText(formsCa.forms.incomplete);
  await expect(summary).toContainText(t.errors.taxIdCheckDigit);
  await expect(summary).toContainText(`${t.fields.address}: ${formsCa.forms.errors.required}`);
  await expect(taxId).toHaveValue('B12345675');
  await expect(form.getByLabel(t.fields.name)).toHaveValue('Vela i Rem SL');
  expect(await axeViolations(page)).toEqual([]);
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/booking-invoice-error-ca-390.png`, fullPage: true });
  // Nothing was issued.
  await expect(current).toContainText(simplified);

  // Corrected: the server issues the F3, which takes the simplified invoice's place.
  await taxId.fill('B-12.345.674');
  await form.getByLabel(t.fields.address).fill('Moll de la Fusta 2\n08002 Barcelona');
  await expect(fieldError).toHaveCount(0);
  await form.getByRole('button', { name: t.submit }).click();
  const done = section.getByTestId('full-invoice-issued');
  await expect(done).toHaveText(t.issued.replace('{number}', simplified));
  await expect(done).toBeFocused();
  await expect(current).toContainText(t.kind.full);
  const full = INVOICE_NUMBER.exec((await current.textContent()) ?? '')![0];
  expect(full).not.toBe(simplified);
  await expect(section.getByTestId('full-invoice-form')).toHaveCount(0);
  await expect(section.getByRole('button', { name: t.open })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/booking-invoice-issued-ca-390.png`, fullPage: true });

  // Its PDF.
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: t.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${full}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Back later, in French: the full invoice, and no form any more.
  await page.goto(`/fr/reserva/${reference}?firma=${firma}`);
  await expect(frSection.getByTestId('current-invoice')).toContainText(full);
  await expect(frSection.getByTestId('current-invoice')).toContainText(fr.bookingInvoice.kind.full);
  await expect(frSection.getByRole('button', { name: fr.bookingInvoice.open })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await frSection.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/booking-invoice-issued-fr-390.png`, fullPage: true });
});
