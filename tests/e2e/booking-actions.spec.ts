import { mkdirSync } from 'node:fs';

import type { Page } from '@playwright/test';

import { baseURL } from '../../playwright.config';
import { expect, test } from '../fixtures/staff-page';
import { formatEuros } from '../../src/booking/money';
import { madridToday } from '../../src/i18n/time';
import opsEn from '../../src/i18n/messages/ops/en.json' with { type: 'json' };

import { paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * The office on the phone with customers, on a 390 px phone: one moves their paid booking to a
 * later boat and gives a corrected e-mail, another cancels with a full refund, and two whose boat
 * was cancelled for wind are rebooked and refunded by staff acting for them.
 */
const t = opsEn.ops;
/** A tour no visitor spec books, cheaper than the staff specs' one. */
const CHEAP_TOUR = 'barcelona-port-40-min';
const a = t.bookingActions;

/** A day three days ahead, so every departure made here is still open for sale whatever the hour. */
function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Opens a booking's page and waits until its actions answer taps (the departures list loads then). */
async function openBooking(page: Page, reference: string) {
  await page.goto(`/admin/ops/bookings/${reference}`);
  const actions = page.getByTestId('booking-actions');
  await expect(actions).toBeVisible();
  await expect(actions.locator('.ops-departures, .ops-empty').first()).toBeAttached();
  return actions;
}

test('an office member on a phone moves, corrects, cancels and acts for disrupted visitors', async ({
  page,
  request,
  staffPage,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = { Authorization: `JWT ${await staffToken(request)}` };

  const date = dayAhead(3);
  const make = (time: string, tour?: string) =>
    addStaffDeparture(request, admin, { date, time, capacity: 12, key: 'actions', ...(tour ? { tour } : {}) });
  // The short port tour is the cheaper one: moving from it to the combined tour costs more.
  const cheap = await make('19:37', CHEAP_TOUR);
  const from = await make('20:07');
  const to = await make('20:37');
  const windy = await make('21:07');
  const later = await make('21:37');

  const moving = await paidBooking(request, cheap.id, { email: `move-${stamp}@example.com` });
  const cancelling = await paidBooking(request, from.id, { email: `cancel-${stamp}@example.com` });
  const rebooking = await paidBooking(request, windy.id, { email: `rebook-${stamp}@example.com` });
  const refunding = await paidBooking(request, windy.id, { email: `refund-${stamp}@example.com` });
  const cancelled = await request.post(`/api/ops/departures/${windy.id}/cancel`, {
    headers: admin,
    data: { reason: 'wind' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const total = formatEuros(2 * from.adultCents, 'en');

  await page.setViewportSize({ width: 390, height: 844 });
  const office = await staffPage('office', { language: 'en' });

  // 1. Move the paid booking to a dearer tour the same evening: the difference is collected at
  // the desk, by card terminal. Then correct its e-mail.
  let actions = await openBooking(page, moving);
  const outcome = page.getByTestId('action-outcome');
  await actions.locator('summary', { hasText: a.moveTitle }).click();
  const move = page.getByTestId('move-booking');
  await expect(move.getByLabel(a.moveDate)).toHaveValue(date);
  // Only its own tour at first, and never its own departure.
  await expect(move.locator(`input[type="radio"][value="${to.id}"]`)).toHaveCount(0);
  await expect(move.locator(`input[type="radio"][value="${cheap.id}"]`)).toHaveCount(0);
  const shots = process.env.OPS_SHOTS_DIR ?? testInfo.outputPath();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/booking-actions-en-390.png`, fullPage: true });
  await move.getByLabel(a.moveOtherTours).check();
  await move.locator(`input[type="radio"][value="${to.id}"]`).check();
  await move.getByRole('button', { name: a.moveSubmit }).click();
  const collect = page.getByTestId('collect-dialog');
  const difference = formatEuros(2 * (to.adultCents - cheap.adultCents), 'en');
  await expect(collect.getByRole('heading')).toHaveText(a.collectTitle.replace('{amount}', difference));
  await collect.getByLabel(t.sell.methods.terminal).check();
  await page.screenshot({ path: `${shots}/booking-actions-collect-en-390.png` });
  await collect.getByRole('button', { name: a.collectConfirm }).click();
  await expect(outcome).toHaveText(a.movedCollected.replace('{amount}', difference));
  await expect(collect).toBeHidden();
  await expect(page.getByTestId('booking-page')).toContainText('20:37');
  // The first tickets no longer board: the list says so next to the new ones.
  await expect(page.getByTestId('tickets').getByText(t.booking.voided)).toHaveCount(2);
  // The money the desk took is on the booking, with who took it.
  const terminalRow = page.getByTestId('money').getByRole('row').filter({ hasText: t.booking.methods.terminal });
  await expect(terminalRow).toContainText(difference);
  await expect(terminalRow).toContainText(office.email);
  await expectNoSidewaysScroll(page);

  await actions.locator('summary', { hasText: a.correctTitle }).click();
  const correct = page.getByTestId('correct-details');
  await correct.getByLabel(t.booking.email).fill(`right-${stamp}@example.com`);
  await correct.getByRole('button', { name: a.correctSubmit }).click();
  await expect(outcome).toHaveText(a.corrected);
  await expect(page.getByTestId('booking-page').locator('dd').nth(1)).toHaveText(`right-${stamp}@example.com`);

  // The same page in Catalan, for the record.
  await page.context().addCookies([{ name: 'payload-lng', value: 'ca', url: baseURL }]);
  actions = await openBooking(page, moving);
  await actions.locator('summary').nth(1).click();
  await page.screenshot({ path: `${shots}/booking-actions-ca-390.png`, fullPage: true });
  await page.context().addCookies([{ name: 'payload-lng', value: 'en', url: baseURL }]);

  // 2. Cancel another booking with everything paid given back through the gateway.
  actions = await openBooking(page, cancelling);
  await actions.locator('summary', { hasText: a.cancelTitle }).click();
  await page.getByRole('button', { name: a.cancelOpen }).click();
  const dialog = page.getByTestId('cancel-booking-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(a.cancelReason).fill('The customer is ill');
  await expect(dialog.getByLabel(new RegExp(a.refundFull))).toBeChecked();
  await dialog.getByRole('button', { name: a.cancelConfirm }).click();
  await expect(dialog).toBeHidden();
  await expect(outcome).toHaveText(a.cancelledRefund.replace('{amount}', total));
  await expect(page.getByTestId('booking-page').locator('.ops-sub').first()).toContainText(t.bookingStatus.cancelled);
  // The refund is on the booking too, and what was paid less what went back is nothing.
  await expect(page.getByTestId('money').getByRole('row').filter({ hasText: t.booking.eventRefund })).toContainText(
    `− ${total}`,
  );
  await expect(page.getByTestId('money-summary')).toHaveText(
    t.booking.moneySummary.replace('{paid}', total).replace('{refunded}', total).replace('{net}', formatEuros(0, 'en')),
  );

  // 3. The wind cancelled a boat: one visitor is rebooked on the later one, the other refunded.
  actions = await openBooking(page, rebooking);
  const choice = page.getByTestId('disruption-choice');
  await expect(choice).toBeVisible();
  await choice.locator(`input[type="radio"][value="${later.id}"]`).check();
  await choice.getByRole('button', { name: a.rebookSubmit }).click();
  await expect(outcome).toHaveText(a.rebooked);
  await expect(page.getByTestId('booking-page')).toContainText('21:37');
  await expect(page.getByTestId('booking-page').locator('.ops-sub').first()).toContainText(t.bookingStatus.paid);

  actions = await openBooking(page, refunding);
  await page.getByTestId('disruption-choice').getByRole('button', { name: a.refundAll }).click();
  const refund = page.getByTestId('disruption-refund-dialog');
  await refund.getByRole('button', { name: a.refundAllYes }).click();
  await expect(outcome).toHaveText(a.disruptionRefunded.replace('{amount}', total));
  await expect(page.getByTestId('disruption-choice')).toHaveCount(0);
});

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
