import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import boardingCa from '../../src/i18n/messages/boarding/ca.json' with { type: 'json' };
import { madridToday } from '../../src/i18n/time';

import { PHONE, signIn } from './boarding-helpers';
import { paidBooking } from './paid-booking';
import { SHOTS } from './shots';
import { addStaffDeparture, staffToken } from './staff-departures';
import { DOOR_TOUR as TOUR, doorList, partnerDoor } from './door-helpers';

/**
 * A partner's door on a 390×844 phone, in Catalan (the door staff member's account language, in an
 * English browser): an admission of a combined tour typed at the door is admitted, typed again
 * it is already used (when, by whom), and one of a booking cancelled since is cancelled. With no
 * network the door answers from the day's list it keeps and queues the admission, which the
 * server has once the network is back. On a combined tour no other spec books.
 */
const t = boardingCa.door;

/** axe-core's WCAG 2.2 AA rules, as on every public page (docs/domain-rules.md#budgets). */
async function expectAccessible(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    state,
  ).toEqual([]);
}

test('a partner’s door on a phone in Catalan: admitted, already used, cancelled, and offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const { door, run } = await partnerDoor(request, TOUR);

  // Two bookings of two adults tonight: two admissions each.
  const { id: departureId } = await addStaffDeparture(request, admin, {
    date: madridToday(new Date()),
    time: '23:53',
    capacity: 20,
    key: `door-${run}`,
    tour: TOUR,
  });
  const first = await paidBooking(request, departureId, { email: `door-a-${run}@example.com`, locale: 'ca' });
  const second = await paidBooking(request, departureId, { email: `door-b-${run}@example.com`, locale: 'ca' });
  await expect.poll(async () => (await doorList(request, door)).length).toBeGreaterThanOrEqual(4);
  const admissions = await doorList(request, door);
  const [a1, a2] = admissions.filter((a) => a.reference === first).map((a) => a.code) as [string, string];
  const [b1] = admissions.filter((a) => a.reference === second).map((a) => a.code) as [string];

  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await signIn(page, door, '/staff/door');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(page.getByTestId('door-partner')).toContainText(`Museu de la Màgia ${run}`);
    await expect(page.getByTestId('refreshed')).toContainText(t.listUpdated.split(':')[0]!);
    await expectAccessible(page, 'waiting for a code');
    const answer = page.getByTestId('answer');
    const code = page.getByLabel(t.codeLabel);
    const check = page.getByRole('button', { name: t.check, exact: true });

    // Valid: admitted, in green, with the visitor's name.
    await code.fill(a1.toLowerCase());
    await check.click();
    await expect(answer).toHaveAttribute('data-result', 'admitted');
    await expect(answer).toContainText(t.result.admitted);
    await expect(answer).toContainText('Marta Puig');
    const box = (await check.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: path.join(SHOTS, 'door-ca-admitted.png') });
    await expectAccessible(page, 'admitted');

    // The same code later (a fresh page: no repeat of the answer just given): already used, when and by whom.
    await page.reload();
    await page.getByLabel(t.codeLabel).fill(a1);
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'already-used');
    await expect(answer).toContainText(t.result['already-used']);
    await expect(answer).toContainText(/Utilitzada: .+, \d{2}:\d{2}, per Porta Màgia/);
    await expect(answer).not.toContainText(/AM|PM/);
    await page.screenshot({ path: path.join(SHOTS, 'door-ca-already-used.png') });
    await expectAccessible(page, 'already used');

    // The office cancels the first booking: its admission not yet used is cancelled at the door.
    const cancelled = await request.post(`/api/ops/bookings/${first}/cancel`, {
      headers: admin,
      data: { refund: 'full', reason: 'customer called' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await page.getByLabel(t.codeLabel).fill(a2);
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'cancelled');
    await expect(answer).toContainText(t.result.cancelled);
    await expect(answer).toContainText(t.cancelledDetail);
    await page.screenshot({ path: path.join(SHOTS, 'door-ca-cancelled.png') });
    await expectAccessible(page, 'cancelled');

    // A code nobody issued.
    await page.getByLabel(t.codeLabel).fill('NOPE-1234');
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'unknown');

    // Offline: the door answers from its list and queues the admission…
    await context.setOffline(true);
    await expect(page.getByTestId('network')).toContainText(t.offline);
    await page.getByLabel(t.codeLabel).fill(b1);
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'admitted');
    await expect(answer).toContainText(t.offlineAnswer);
    await expect(page.getByTestId('network')).toContainText('1 entrada per enviar');
    expect((await doorList(request, door)).find((a) => a.code === b1)?.usedAt).toBeNull();
    await page.screenshot({ path: path.join(SHOTS, 'door-ca-offline.png') });
    // …and the server has it once, when the network is back.
    await context.setOffline(false);
    await expect(page.getByTestId('network')).toHaveText(t.online);
    await expect
      .poll(async () => (await doorList(request, door)).find((a) => a.code === b1)?.usedBy)
      .toBe('Porta Màgia');
    await expect(page.getByTestId('conflicts')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the door refuses, in the staff member’s language, an account that may not check admissions', async ({
  browser,
  request,
}) => {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const crew = { email: `e2e-door-crew-${Date.now()}@example.com`, password: 'e2e door crew password 2031' };
  const created = await request.post('/api/users', {
    headers: admin,
    data: { ...crew, name: 'Tripulant', role: 'crew', language: 'ca' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await signIn(page, crew, '/staff/door');
    await expect(page.getByTestId('staff-app-refused')).toContainText(boardingCa.staffApp.refusedTitle);
    await expect(page.getByTestId('staff-app-refused')).toContainText(boardingCa.staffApp.refusedDoor);
    await expectAccessible(page, 'refused');
    // The boarding page is theirs.
    await page.goto('/staff/boarding');
    await expect(page.getByRole('heading', { name: boardingCa.boarding.pickDeparture })).toBeVisible();
  } finally {
    await context.close();
  }
});
