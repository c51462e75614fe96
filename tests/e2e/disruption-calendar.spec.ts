import { expect, test } from '@playwright/test';

import { madridToday } from '../../src/i18n/time';
import { SHOTS as shots } from './shots';
import { linkFromOutbox, paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * A windy day: two parties, in Catalan and in English, open their change link on a phone and move,
 * on the booking form's calendar, to a departure more than a month ahead (issue 28: the page used
 * to offer only the next 8 departures, never one this far).
 */

function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const changeLink = (email: string) => linkFromOutbox(email, /https?:\/\/[^\s"<]+\/cambio\?firma=[\w-]+/);

const cases = [
  {
    locale: 'ca',
    nextMonth: 'Mes següent',
    pickDay: 'Tria un dia',
    move: 'Canviar a aquesta sortida',
    done: /^Fet: tens plaça el/,
  },
  {
    locale: 'en',
    nextMonth: 'Next month',
    pickDay: 'Pick a day',
    move: 'Move to this departure',
    done: /^Done: you are booked on/,
  },
] as const;

test('disrupted visitors pick, on a phone calendar, a departure weeks ahead (ca, en)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const windy = await addStaffDeparture(request, admin, {
    date: dayAhead(3),
    time: '06:41',
    capacity: 12,
    key: 'calendar',
  });
  // Weeks ahead, in a later month than anything the soonest alternatives show.
  const farDate = dayAhead(45);
  const far = await addStaffDeparture(request, admin, { date: farDate, time: '06:43', capacity: 12, key: 'calendar' });
  const emails = Object.fromEntries(cases.map((c) => [c.locale, `calendar-${c.locale}-${stamp}@example.com`]));
  for (const c of cases) await paidBooking(request, windy.id, { email: emails[c.locale]!, locale: c.locale });
  const cancelled = await request.post(`/api/ops/departures/${windy.id}/cancel`, {
    headers: admin,
    data: { reason: 'wind' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const c of cases) {
    await expect.poll(() => changeLink(emails[c.locale]!), { timeout: 90_000 }).toBeDefined();
    await page.goto(changeLink(emails[c.locale]!)!.replace(/^https?:\/\/[^/]+/, ''));
    const calendar = page.getByRole('group', { name: c.pickDay });
    await expect(calendar).toBeVisible();
    // The soonest day is open already; the far one is a few months' taps away.
    const day = page.locator(`button[data-date="${farDate}"]`);
    await expect(async () => {
      if ((await day.count()) === 0) await page.getByRole('button', { name: c.nextMonth }).click();
      await expect(day).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await day.click();
    const choice = page.getByRole('listitem').filter({ hasText: '06:43' });
    await expect(choice).toHaveCount(1);
    await page.screenshot({ path: `${shots}/disruption-calendar-${c.locale}-390.png`, fullPage: true });
    await choice.getByRole('button', { name: c.move }).click();
    await expect(page.getByRole('heading', { name: c.done })).toContainText('06:43');
  }
  // Both parties (two people each) now sit on the far departure.
  const seats = await request.get(`/api/departures/${far.id}?depth=0`, { headers: admin });
  expect(((await seats.json()) as { seatsSold: number }).seatsSold).toBe(4);
});
