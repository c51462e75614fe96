import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import type { Locale } from '../../src/i18n/locales';
import { localePrefix } from '../../src/i18n/locales';
import shopCa from '../../src/i18n/messages/shop/ca.json' with { type: 'json' };
import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };
import shopEs from '../../src/i18n/messages/shop/es.json' with { type: 'json' };
import shopFr from '../../src/i18n/messages/shop/fr.json' with { type: 'json' };
import contentCa from '../../src/i18n/messages/content/ca.json' with { type: 'json' };
import contentEn from '../../src/i18n/messages/content/en.json' with { type: 'json' };
import contentEs from '../../src/i18n/messages/content/es.json' with { type: 'json' };
import contentFr from '../../src/i18n/messages/content/fr.json' with { type: 'json' };
import ticketsCa from '../../src/i18n/messages/tickets/ca.json' with { type: 'json' };
import ticketsEn from '../../src/i18n/messages/tickets/en.json' with { type: 'json' };
import ticketsEs from '../../src/i18n/messages/tickets/es.json' with { type: 'json' };
import ticketsFr from '../../src/i18n/messages/tickets/fr.json' with { type: 'json' };
import { emlAttachments, outboxMessagesMentioning } from '../fixtures/eml';
import { decodeQrCodes } from '../fixtures/pdf-qr';
import { bookableDay } from './shop-calendar';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'ticket-delivery');

/**
 * The whole purchase as a visitor makes it, in each language: tour → date → time → tickets →
 * details → review → sandbox payment → thank-you → tickets page, and the e-mail in the outbox
 * carries a PDF whose QR codes are exactly the booking's tickets and its group code.
 */
const text = {
  ca: { shop: shopCa.shop, tickets: ticketsCa.tickets, thanks: contentCa.content.thanks },
  es: { shop: shopEs.shop, tickets: ticketsEs.tickets, thanks: contentEs.content.thanks },
  en: { shop: shopEn.shop, tickets: ticketsEn.tickets, thanks: contentEn.content.thanks },
  fr: { shop: shopFr.shop, tickets: ticketsFr.tickets, thanks: contentFr.content.thanks },
} satisfies Record<Locale, unknown>;

const prefixOf = (template: string) => template.split('{')[0]!.trim();

const TAX_QR =
  /^https:\/\/prewww2\.aeat\.es\/wlpl\/TIKE-CONT\/ValidarQR\?nif=89890001K&numserie=W\d{4}-\d{6}&fecha=\d{2}-\d{2}-\d{4}&importe=\d+\.\d{2}$/;

function expectTicketsAndTaxQr(found: string[], ticketCodes: string[]) {
  expect(found.filter((text) => TAX_QR.test(text))).toHaveLength(1);
  expect(found.filter((text) => !TAX_QR.test(text)).sort()).toEqual([...ticketCodes].sort());
}

for (const locale of ['ca', 'es', 'en', 'fr'] as const) {
  test(`buys tickets and receives them by e-mail (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const { shop, tickets, thanks } = text[locale];
    await page.goto(`${localePrefix(locale)}/tour/puerto-y-litoral-60-min`);
    await page.getByRole('button', { name: shop.form.title }).click();
    const day = await bookableDay(page);
    await day.click();
    await page.locator('input[name=departure]:not([disabled])').first().check();
    await page.getByLabel(shop.form.adult, { exact: true }).fill('1');
    await page.getByLabel(shop.form.child, { exact: true }).fill('1');
    await page.getByLabel(shop.form.name, { exact: true }).fill('Joana');
    await page.getByLabel(shop.form.surnames, { exact: true }).fill('Serra i Puig');
    await page.getByLabel(shop.form.email, { exact: true }).fill(`joana.${locale}@example.com`);
    await page.getByLabel(shop.form.phone, { exact: true }).fill('+34 600 111 222');
    await page.getByLabel(shop.form.mobilePhone, { exact: true }).fill('+34 600 111 333');
    await page.getByRole('button', { name: shop.form.submit }).click();

    await expect(page.getByRole('heading', { name: shop.review.title })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^${prefixOf(shop.review.pay)}`) }).click();
    await page.waitForURL(/\/pago-de-prueba\/pagar/);
    await page.getByLabel(shop.sandbox.card).fill('4548810000000003');
    await page.getByRole('button', { name: new RegExp(`^${shop.sandbox.pay}`) }).click();

    await page.waitForURL(/\/gracias#reserva=/);
    const reference = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('reserva')!;
    await expect(page.getByText(thanks.success)).toBeVisible();
    await page.getByRole('link', { name: tickets.viewTickets }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      tickets.pageTitle.replace('{reference}', reference),
    );
    const codes = await page.locator('[class*="code"]').allTextContents();
    expect(codes).toHaveLength(2);
    const axe = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // The jobs queue delivers within seconds; the PDF's QR codes are the tickets on the page.
    let eml: string | undefined;
    await expect
      .poll(
        () => {
          eml = outboxMessagesMentioning(`${reference}.pdf`)[0];
          return Boolean(eml);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const attachments = emlAttachments(eml!);
    expect(attachments.map((a) => a.filename).sort()).toEqual([`${reference}.ics`, `${reference}.pdf`]);
    const pdf = attachments.find((a) => a.contentType === 'application/pdf')!;
    // The PDF is the simplified invoice: the AEAT's tax QR, then one QR per person, plus the
    // booking's own code that boards the whole party in one scan.
    expectTicketsAndTaxQr(await decodeQrCodes(pdf.content), [reference, ...codes]);

    // The PDF can be downloaded again from the booking page.
    const download = await page.request.get(
      (await page.getByRole('link', { name: tickets.downloadPdf }).getAttribute('href'))!,
    );
    expect(download.headers()['content-type']).toBe('application/pdf');
    expectTicketsAndTaxQr(await decodeQrCodes(await download.body()), [reference, ...codes]);
  });
}

test('a booking page link with a wrong signature shows nothing of the booking', async ({ page }) => {
  await page.goto('/en/reserva/AAAAAAAAAAAAAAAAAAAA?firma=not-the-signature-of-this-booking');
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(ticketsEn.tickets.invalidLink);
});
