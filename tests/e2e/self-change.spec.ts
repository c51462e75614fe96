import { expect, test } from '@playwright/test';

import { madridToday } from '../../src/i18n/time';
import { SHOTS as shots } from './shots';
import { linkFromOutbox, paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * Plans change: a visitor (Catalan, English) opens their booking page from the tickets e-mail on
 * a phone, taps "change date or time", picks a day on the calendar and a time, and lands on their
 * new tickets; the old departure gets its seats back, the e-mail says what changed (issue 28).
 */

function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const bookingLink = (email: string) => linkFromOutbox(email, /https?:\/\/[^\s"<]+\/reserva\/[A-Z0-9]+\?firma=[\w-]+/);

const cases = [
  {
    locale: 'ca',
    offer: 'Canvi de plans?',
    open: 'Canviar el dia o l’hora',
    pickDay: 'Tria un dia',
    nextMonth: 'Mes següent',
    month: /^[A-Z][a-z]+ del \d{4}$/,
    move: 'Canviar a aquesta sortida',
    done: /la reserva ja ha canviat/,
    samePrice: 'El preu no canvia.',
  },
  {
    locale: 'en',
    offer: 'Change of plans?',
    open: 'Change date or time',
    pickDay: 'Pick a day',
    nextMonth: 'Next month',
    month: /^[A-Z][a-z]+ \d{4}$/,
    move: 'Change to this departure',
    done: /your booking has moved/,
    samePrice: 'The price stays the same.',
  },
] as const;

test('a visitor changes the date of their own booking from the booking page, on a phone (ca, en)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const booked = await addStaffDeparture(request, admin, {
    date: dayAhead(4),
    time: '06:51',
    capacity: 12,
    key: 'own',
  });
  const laterDate = dayAhead(6);
  // A time of its own, so that a second run on the same server finds one departure at it.
  const laterTime = `05:${String(10 + (stamp % 50)).padStart(2, '0')}`;
  const later = await addStaffDeparture(request, admin, { date: laterDate, time: laterTime, capacity: 12, key: 'own' });
  const emails = Object.fromEntries(cases.map((c) => [c.locale, `own-change-${c.locale}-${stamp}@example.com`]));
  for (const c of cases) await paidBooking(request, booked.id, { email: emails[c.locale]!, locale: c.locale });

  await page.setViewportSize({ width: 390, height: 844 });
  // A visitor of its own: a change of date counts as a payment request, whose per-address allowance
  // the other browser specs (all from this machine) spend.
  await page.setExtraHTTPHeaders({ 'x-test-client-ip': `self-change-${stamp}` });
  for (const c of cases) {
    await expect.poll(() => bookingLink(emails[c.locale]!), { timeout: 90_000 }).toBeDefined();
    await page.goto(bookingLink(emails[c.locale]!)!.replace(/^https?:\/\/[^/]+/, ''));
    const offer = page.getByTestId('self-change-offer');
    await expect(offer.getByRole('heading', { name: c.offer })).toBeVisible();
    await offer.getByRole('link', { name: c.open }).click();

    await expect(page.getByTestId('self-change-price')).toHaveText(c.samePrice);
    await expect(page.getByRole('group', { name: c.pickDay })).toBeVisible();
    const day = page.locator(`button[data-date="${laterDate}"]`);
    // The soonest day is open; the later one may be in the next month.
    await expect(async () => {
      if ((await day.count()) === 0) await page.getByRole('button', { name: c.nextMonth }).click();
      await expect(day).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // The month reads as a sentence in every language ("Desembre del 2026", not "Desembre Del 2026").
    await expect(page.getByRole('group', { name: c.pickDay }).locator('[aria-live="polite"]')).toHaveText(c.month, {
      useInnerText: true,
    });
    await day.click();
    const choice = page.getByRole('listitem').filter({ hasText: laterTime });
    await expect(choice).toHaveCount(1);
    // The button a thumb taps is on the first screen of a 390×844 phone once the day is picked.
    await choice.getByRole('button', { name: c.move }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/self-change-${c.locale}-390.png`, fullPage: true });
    await choice.getByRole('button', { name: c.move }).click();

    await expect(page.getByRole('status').filter({ hasText: c.done })).toBeVisible();
    await expect(page.getByText(laterTime, { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/self-change-done-${c.locale}-390.png`, fullPage: true });
  }
  // Both parties (two people each) moved: the old departure is empty, the new one has four.
  const seat = async (id: number) =>
    ((await (await request.get(`/api/departures/${id}?depth=0`, { headers: admin })).json()) as { seatsSold: number })
      .seatsSold;
  expect(await seat(booked.id)).toBe(0);
  expect(await seat(later.id)).toBe(4);
});
