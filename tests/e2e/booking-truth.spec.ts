import type { APIRequestContext } from '@playwright/test';

import { expect, test } from '@playwright/test';

import { localePrefix } from '../../src/i18n/locales';
import shopCa from '../../src/i18n/messages/shop/ca.json' with { type: 'json' };
import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };
import { emlAttachments, outboxMessagesMentioning } from '../fixtures/eml';
import { linkFromOutbox, paidBooking } from './paid-booking';
import { SHOTS as shots } from './shots';
import { addStaffDeparture, staffToken } from './staff-departures';
import { bookableDay } from './shop-calendar';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'booking-truth');

/**
 * Issue 28, "visitors are always told the truth", on a 390 px phone in two languages each:
 * a payment that lands after its departure was cancelled reads as refunded on the thank-you page
 * and on the booking page (never "confirmed", never "link not valid"); an office cancellation
 * and an office move reach the customer as messages that say what changed (read from the outbox);
 * a mobile number that cannot get an SMS is refused in the form, keeping what was typed.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Quoted-printable undone, as UTF-8: enough to read our own outbox's text parts. */
function readable(eml: string): string {
  const s = eml.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every outbox e-mail to `email` (its To header is never wrapped), readable. */
const mailsTo = (email: string) => outboxMessagesMentioning(email).map(readable);

const madridDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });

async function departure(request: APIRequestContext, admin: Record<string, string>, key: string, days: number) {
  const minute = String(10 + Math.floor(Math.random() * 49)).padStart(2, '0');
  return addStaffDeparture(request, admin, { date: madridDay(days), time: `17:${minute}`, capacity: 8, key });
}

/** A hold and its payment opened, the bank's page not yet answered: what the visitor has in hand. */
async function holdAndOpenPayment(request: APIRequestContext, departureId: number, locale: string, email: string) {
  const headers = { 'x-test-client-ip': `truth-${Date.now()}-${Math.random()}` };
  const created = await request.post('/api/shop/holds', {
    headers,
    data: {
      departureId: String(departureId),
      tripType: 'roundTrip',
      adult: '2',
      child: '0',
      super3: '0',
      reduced: '0',
      audioGuides: '0',
      name: 'Late',
      surnames: 'Payer',
      email,
      phone: '+34 600 000 000',
      mobilePhone: '633 444 555',
      locale,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { reference } = (await created.json()) as { reference: string };
  const started = await request.post(`/api/shop/holds/${reference}/payment`, { headers });
  const { form } = (await started.json()) as { form: { fields: Record<string, string> } };
  return { reference, fields: form.fields };
}

const late = {
  ca: {
    title: 'El pagament va arribar tard',
    refund:
      /T'hem retornat [\d,]+\s€ (?:el |l')\d+ d(?:e |’)\S+\. El banc sol mostrar-ho a la targeta en 5 a 10 dies laborables, com a molt tard (?:el |l')\d+/,
    view: 'Veure la teva reserva',
    history: 'Què ha passat',
  },
  fr: {
    title: 'Votre paiement est arrivé trop tard',
    refund:
      /Nous vous avons remboursé [\d,]+\s€ le \d+ \S+\. Les banques l'affichent en général sur la carte sous 5 à 10 jours ouvrés, au plus tard le \d+/,
    view: 'Voir votre réservation',
    history: "Ce qui s'est passé",
  },
} as const;

for (const locale of ['ca', 'fr'] as const) {
  test(`a payment that lands after its departure was cancelled is shown as refunded, never confirmed (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const admin = { Authorization: `JWT ${await staffToken(request)}` };
    const trip = await departure(request, admin, `truth-late-${locale}`, 6);
    const email = `late-${locale}-${Date.now()}@example.com`;
    const { reference, fields } = await holdAndOpenPayment(request, trip.id, locale, email);
    // While the visitor is on the bank's page, the office cancels the departure (wind).
    const cancelled = await request.post(`/api/ops/departures/${trip.id}/cancel`, {
      headers: admin,
      data: { reason: 'wind' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    // The bank takes the money, tells the shop, and sends the visitor back to the thank-you page.
    const paid = await request.post('/api/payments/sandbox', {
      form: { ...fields, decision: 'pay', card: '4548 8100 0000 0003' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await page.goto(paid.headers().location!);
    const t = late[locale];
    const state = page.getByTestId('booking-state');
    await expect(state.getByText(t.title, { exact: true })).toBeVisible({ timeout: 20_000 });
    // The page's heading is what happened, not a thank-you for a booking there is not (issue 43).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await expect(state).toHaveAttribute('data-view', /cancelled|refunding/);
    // Two adults at the staff tour's fare, in the language's own format.
    await expect(state).toContainText(
      `${String(trip.adultCents * 2).slice(0, -2)},${String(trip.adultCents * 2).slice(-2)}`,
    );
    await expect(page.locator('body')).not.toContainText(/confirmad|confirmée|processada|processed|traitée/i);
    await page.screenshot({ path: `${shots}/thanks-late-payment-${locale}-390.png`, fullPage: true });

    // The booking page opens (it used to say "this link is not valid") and tells the same story.
    await state.getByRole('link', { name: t.view }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
    await expect(page.getByTestId('booking-state')).toContainText(t.title);
    await expect(page.getByTestId('booking-state')).toContainText(t.refund);
    await expect(page.getByRole('heading', { name: t.history })).toBeVisible();
    expect(await page.getByTestId('booking-history').locator('li').count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: `${shots}/booking-page-late-payment-${locale}-390.png`, fullPage: true });
  });
}

const office = {
  es: {
    cancelled: 'Nuestra oficina ha cancelado tu reserva',
    refunded: /Te hemos devuelto [\d,]+\s€ de la reserva/,
    pageTitle: 'Esta reserva está cancelada',
    history: 'Cancelada por nuestra oficina',
    moved: 'Nuestra oficina ha cambiado tu reserva',
    void: 'Los billetes anteriores ya no son válidos',
  },
  en: {
    cancelled: 'Our office has cancelled your booking',
    refunded: /We have refunded €[\d.]+ of booking/,
    pageTitle: 'This booking is cancelled',
    history: 'Cancelled by our office',
    moved: 'Our office has moved your booking',
    void: 'Your previous tickets are no longer valid',
  },
} as const;

for (const locale of ['es', 'en'] as const) {
  test(`office changes reach the customer as notices that say what changed (${locale})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const t = office[locale];
    const admin = { Authorization: `JWT ${await staffToken(request)}` };
    const first = await departure(request, admin, `truth-office-${locale}`, 7);
    const second = await departure(request, admin, `truth-office2-${locale}`, 8);

    // A move by the office: one e-mail, the new tickets, with the change as its opening.
    const movedEmail = `moved-${locale}-${Date.now()}@example.com`;
    const movedRef = await paidBooking(request, first.id, { email: movedEmail, locale });
    await expect.poll(() => outboxMessagesMentioning(`${movedRef}.pdf`).length, { timeout: 90_000 }).toBe(1);
    const moved = await request.post(`/api/ops/bookings/${movedRef}/move`, {
      headers: admin,
      data: { departure: second.id },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    await expect.poll(() => outboxMessagesMentioning(`${movedRef}.pdf`).length, { timeout: 90_000 }).toBe(2);
    const notices = outboxMessagesMentioning(movedRef).map(readable);
    const moveNotice = notices.find((m) => m.includes(t.moved))!;
    expect(moveNotice).toContain(t.void);
    expect(
      emlAttachments(outboxMessagesMentioning(movedRef).find((m) => readable(m).includes(t.moved))!)
        .map((a) => a.filename)
        .sort(),
    ).toEqual([`${movedRef}.ics`, `${movedRef}.pdf`]);

    // A cancellation with a full refund: the notice, then the refund, and the page opens.
    const cancelEmail = `cancel-${locale}-${Date.now()}@example.com`;
    const reference = await paidBooking(request, first.id, { email: cancelEmail, locale });
    const cancelled = await request.post(`/api/ops/bookings/${reference}/cancel`, {
      headers: admin,
      data: { refund: 'full', reason: 'customer called' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await expect
      .poll(() => mailsTo(cancelEmail).filter((m) => t.refunded.test(m)).length, {
        timeout: 90_000,
      })
      .toBe(1);
    const cancelNotice = mailsTo(cancelEmail).find((m) => m.includes(t.cancelled))!;
    expect(cancelNotice).toBeDefined();
    const link = linkFromOutbox(cancelEmail, new RegExp(`https?://[^\\s"<]+/reserva/${reference}\\?firma=[\\w.-]+`));
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByTestId('booking-state')).toContainText(t.pageTitle);
    await expect(page.getByTestId('booking-history')).toContainText(t.history);
    await page.screenshot({ path: `${shots}/booking-page-office-cancelled-${locale}-390.png`, fullPage: true });
    // The move sent its notice with the tickets, and no second, ordinary ticket e-mail.
    expect(outboxMessagesMentioning(`${movedRef}.pdf`)).toHaveLength(2);
  });
}

const phone = {
  ca: { error: 'Aquest número no pot rebre SMS', shop: shopCa.shop },
  en: { error: 'This number cannot receive text messages', shop: shopEn.shop },
} as const;

for (const locale of ['ca', 'en'] as const) {
  test(`a mobile that cannot get an SMS is refused in the form, keeping what was typed (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { shop } = phone[locale];
    expect(shop.errors.notMobile).toContain(phone[locale].error);
    await page.goto(`${localePrefix(locale)}/tour/puerto-y-litoral-60-min`);
    await page.getByRole('button', { name: shop.form.title }).click();
    const day = await bookableDay(page);
    await day.click();
    await page.locator('input[name=departure]:not([disabled])').first().check();
    await page.getByLabel(shop.form.adult, { exact: true }).fill('1');
    await page.getByLabel(shop.form.name, { exact: true }).fill('Joana');
    await page.getByLabel(shop.form.surnames, { exact: true }).fill('Serra');
    await page.getByLabel(shop.form.email, { exact: true }).fill(`phone-${locale}@example.com`);
    await page.getByLabel(shop.form.phone, { exact: true }).fill('933 000 000');
    const mobile = page.getByLabel(shop.form.mobilePhone, { exact: true });
    await mobile.fill('933 000 000');
    await page.getByRole('button', { name: shop.form.submit }).click();
    await expect(page.getByText(shop.errors.notMobile)).toBeVisible();
    await expect(mobile).toHaveValue('933 000 000');
    await page.screenshot({ path: `${shots}/checkout-not-mobile-${locale}-390.png`, fullPage: true });
  });
}
