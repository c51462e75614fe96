import { expect, test } from '@playwright/test';

import boardingCa from '../../src/i18n/messages/boarding/ca.json' with { type: 'json' };
import opsCa from '../../src/i18n/messages/ops/ca.json' with { type: 'json' };
import contentFr from '../../src/i18n/messages/content/fr.json' with { type: 'json' };
import shopFr from '../../src/i18n/messages/shop/fr.json' with { type: 'json' };
import ticketsFr from '../../src/i18n/messages/tickets/fr.json' with { type: 'json' };
import { madridToday } from '../../src/i18n/time';

import { PHONE, signIn } from './boarding-helpers';
import { doorList, partnerDoor } from './door-helpers';
import { paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'combined-tour');

/**
 * Issue 44, end to end on a phone: a visitor buys a combined tour in French on the website, pays
 * at the sandbox and sees the partner's admission on the booking page; the partner's door, in
 * Catalan, admits that code once and then says it is already used; the office cancels another
 * combined booking and its admission is cancelled at the door; the month's settlement counts
 * what was sold, used and voided. On a combined tour no other spec books (the Poble Espanyol's),
 * combined with a partner of this test's own, so the settlement's counts are exactly this test's.
 */
const TOUR = 'puerto-y-litoral-poble-espanyol';
const door = boardingCa.door;
const shop = shopFr.shop;
const tickets = ticketsFr.tickets;
const prefixOf = (template: string) => template.split('{')[0]!.trim();

test('a combined tour bought in French, checked at the partner’s door in Catalan, cancelled, and settled', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const { door: doorStaff, partnerId, run } = await partnerDoor(request, TOUR);
  const partner = `Museu de la Màgia ${run}`;
  const today = madridToday(new Date());
  // Tonight: the admission is valid on the trip's day, so the door can check it today.
  const { id: departureId } = await addStaffDeparture(request, admin, {
    date: today,
    time: '23:51',
    capacity: 20,
    key: `combined-${run}`,
    tour: TOUR,
  });

  // 1. The visitor buys one adult ticket in French on the website and pays at the sandbox.
  const email = `combined-fr-${run}@example.com`;
  await page.goto(`/fr/tour/${TOUR}`);
  await page.getByRole('button', { name: shop.form.title }).click();
  await page.locator(`button[data-date="${today}"]`).click();
  await page.locator(`input[name=departure][value="${departureId}"]`).check();
  await page.getByLabel(shop.form.adult, { exact: true }).fill('1');
  await page.getByLabel(shop.form.name, { exact: true }).fill('Camille');
  await page.getByLabel(shop.form.surnames, { exact: true }).fill('Martin');
  await page.getByLabel(shop.form.email, { exact: true }).fill(email);
  await page.getByLabel(shop.form.phone, { exact: true }).fill('+33 6 12 34 56 78');
  await page.getByLabel(shop.form.mobilePhone, { exact: true }).fill('+33 6 12 34 56 79');
  await page.getByRole('button', { name: shop.form.submit }).click();
  await expect(page.getByRole('heading', { name: shop.review.title })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${prefixOf(shop.review.pay)}`) }).click();
  await page.waitForURL(/\/pago-de-prueba\/pagar/);
  await page.getByLabel(shop.sandbox.card).fill('4548810000000003');
  await page.getByRole('button', { name: new RegExp(`^${shop.sandbox.pay}`) }).click();
  await page.waitForURL(/\/gracias#reserva=/);
  const reference = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('reserva')!;
  await expect(page.getByText(contentFr.content.thanks.success)).toBeVisible();
  await page.getByRole('link', { name: tickets.viewTickets }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tickets.pageTitle.replace('{reference}', reference));

  // The booking page shows the included admission, in French, with the partner's name and its code.
  const section = page.getByTestId('booking-admissions');
  await expect(section.getByRole('heading', { name: tickets.admissions.pageHeading })).toBeVisible();
  const ticket = section.locator('li[data-admission]');
  await expect(ticket).toHaveCount(1);
  await expect(ticket).toContainText(tickets.admissions.title.replace('{partner}', partner));
  await expect(ticket).toContainText(tickets.admissions.status.valid);
  const code = (await ticket.getAttribute('data-admission'))!;
  // French puts a narrow no-break space before the colon, as on every other line of the card.
  await expect(ticket).toContainText(`${tickets.code}\u202f: ${code}`);
  await expect(ticket.getByRole('img', { name: new RegExp(partner) })).toBeVisible();
  // The door's list has it too, as the visitor's booking's.
  expect((await doorList(request, doorStaff)).find((a) => a.code === code)?.reference).toBe(reference);

  // 2. The partner's door, in Catalan (the staff member's account language, in an English browser).
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  try {
    const staff = await context.newPage();
    await signIn(staff, doorStaff, '/staff/door');
    await expect(staff.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(staff.getByRole('heading', { name: door.title })).toBeVisible();
    await expect(staff.getByTestId('door-partner')).toContainText(partner);
    const answer = staff.getByTestId('answer');
    const check = async (typed: string) => {
      await staff.getByLabel(door.codeLabel).fill(typed);
      await staff.getByRole('button', { name: door.check, exact: true }).click();
    };

    await check(code);
    await expect(answer).toHaveAttribute('data-result', 'admitted');
    await expect(answer).toContainText(door.result.admitted);
    await expect(answer).toContainText('Camille Martin');

    // Typed again (a fresh page, so not the answer just shown): already used, when and by whom.
    await staff.reload();
    await check(code);
    await expect(answer).toHaveAttribute('data-result', 'already-used');
    await expect(answer).toContainText(door.result['already-used']);
    await expect(answer).toContainText(/Utilitzada: .+, \d{2}:\d{2}, per Porta Màgia/);

    // The visitor's page says it is used.
    await page.reload();
    await expect(page.getByTestId('booking-admissions').locator(`li[data-admission="${code}"]`)).toContainText(
      tickets.admissions.status.used,
    );

    // 3. Another combined booking (two adults), which the office cancels with a full refund:
    // its admissions are cancelled at the door.
    const other = await paidBooking(request, departureId, {
      email: `combined-other-${run}@example.com`,
      locale: 'fr',
      name: 'Louis',
      surnames: 'Bernard',
    });
    await expect
      .poll(async () => (await doorList(request, doorStaff)).filter((a) => a.reference === other).length)
      .toBe(2);
    const [otherCode] = (await doorList(request, doorStaff)).filter((a) => a.reference === other).map((a) => a.code);
    const cancelled = await request.post(`/api/ops/bookings/${other}/cancel`, {
      headers: admin,
      data: { refund: 'full', reason: 'customer called' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await check(otherCode!);
    await expect(answer).toHaveAttribute('data-result', 'cancelled');
    await expect(answer).toContainText(door.result.cancelled);
    await expect(answer).toContainText(door.cancelledDetail);
  } finally {
    await context.close();
  }

  // 4. This month's settlement, as the office downloads it and as the partner's staff do: three
  // admissions sold (one + two), the two of the cancelled booking voided, one used, none unused yet.
  const month = today.slice(0, 7);
  const office = await request.get(`/api/ops/partners/${partnerId}/settlements/${month}.csv`, { headers: admin });
  expect(office.status(), await office.text()).toBe(200);
  expect(office.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const csv = (await office.text()).replace(/^\uFEFF/, '');
  const lines = csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  // The partner's language (Catalan): day, category, sold, voided, used, unused, part, owed.
  const s = opsCa.ops.partnerSettlement;
  expect(lines[0]!.slice(0, 6)).toEqual([s.day, s.category, s.sold, s.voided, s.used, s.unused]);
  expect(lines.at(-1)!.slice(0, 6)).toEqual([s.total, '', '3', '2', '1', '0']);
  const own = await request.get(`/api/partner/settlements/${month}.csv`, {
    headers: { Authorization: `JWT ${await staffToken(request, doorStaff)}` },
  });
  expect(own.status(), await own.text()).toBe(200);
  expect((await own.text()).replace(/^\uFEFF/, '')).toBe(csv);
});
