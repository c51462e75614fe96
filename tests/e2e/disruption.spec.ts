import type { APIRequestContext } from '@playwright/test';

import { expect, test } from '../fixtures/staff-page';
import { SHOTS as shots } from './shots';
import { linkFromOutbox, paidBooking } from './paid-booking';
import { staffToken } from './staff-departures';

/**
 * A windy morning: staff cancel a departure from the day's board; two visitors open the link
 * from their e-mail on a phone; one moves to another departure, the other takes the refund.
 */

type Departure = { id: number; time: string; seatsLeft: number; bookable: boolean; date: string };

async function bookableDepartures(request: APIRequestContext, slug: string): Promise<Departure[]> {
  const now = new Date();
  const found: Departure[] = [];
  for (let i = 0; i < 2; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    const response = await request.get(
      `/api/shop/tours/${slug}/availability?month=${d.toISOString().slice(0, 7)}&locale=en`,
    );
    const body = (await response.json()) as { days: { date: string; departures: Departure[] }[] };
    found.push(
      ...body.days
        .flatMap((day) => day.departures.map((dep) => ({ ...dep, date: day.date })))
        .filter((dep) => dep.bookable && dep.seatsLeft >= 5),
    );
  }
  return found;
}

const changeLink = (email: string) => linkFromOutbox(email, /https?:\/\/[^\s"<]+\/cambio\?firma=[\w-]+/);

test('staff cancel a departure; on a phone one visitor rebooks, another takes the refund', async ({
  page,
  request,
  staffPage,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const departures = await bookableDepartures(request, 'puerto-y-litoral-60-min');
  expect(departures.length).toBeGreaterThan(3);
  const cancelled = departures[1]!;
  const spanish = `es-${stamp}@example.com`;
  const english = `en-${stamp}@example.com`;
  const esReference = await paidBooking(request, cancelled.id, {
    locale: 'es',
    email: spanish,
    name: 'Wind',
    surnames: 'Visitor',
  });
  const enReference = await paidBooking(request, cancelled.id, {
    locale: 'en',
    email: english,
    name: 'Wind',
    surnames: 'Visitor',
  });

  const auth = { authorization: `JWT ${await staffToken(request)}` };

  // The office cancels it from the board of its day, on a phone, through the dialog.
  await page.setViewportSize({ width: 390, height: 844 });
  await staffPage('office', { language: 'en' });
  await page.goto(`/admin?date=${cancelled.date}`);
  const row = page.getByTestId(`departure-${cancelled.id}`);
  const dialog = page.getByRole('dialog');
  // A tap before the board has hydrated does nothing, as it would for staff: tap again.
  await expect(async () => {
    await row.getByRole('button', { name: 'Cancel departure' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    dialog.getByRole('heading', { name: new RegExp(`Cancel the ${cancelled.time} departure`) }),
  ).toBeVisible();
  // Counted when the dialog opens: who is told, in which languages.
  await expect(dialog).toContainText('2 bookings, 4 people will be told by e-mail and SMS in their language');
  await expect(dialog).toContainText('Their languages: Español 1 · English 1.');
  await dialog.getByLabel('Wind').check();
  await page.screenshot({ path: `${shots}/board-cancel-dialog-en-390.png` });
  await dialog.getByRole('button', { name: 'Cancel it' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Cancelled');
  await expect(page.getByText('Departure cancelled: 2 bookings told.')).toBeVisible();
  await expect(page.getByTestId(`follow-up-${cancelled.id}`)).toHaveText(
    '2 disrupted: 0 rebooked, 0 refunded, 2 not answered',
  );
  await page.screenshot({ path: `${shots}/board-cancelled-en-390.png`, fullPage: true });

  // The jobs queue delivers the e-mails within seconds.
  await expect.poll(() => changeLink(spanish), { timeout: 90_000 }).toBeDefined();
  await expect.poll(() => changeLink(english), { timeout: 90_000 }).toBeDefined();

  await page.goto(changeLink(spanish)!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Tu salida se ha cancelado' })).toBeVisible();
  await expect(page.getByText(/el viento fuerte/)).toBeVisible();
  await page.screenshot({ path: `${shots}/disruption-choice-es-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Cambiar a esta salida' }).first().click();
  await expect(page.getByRole('heading', { name: /^Hecho: tienes plaza el/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/disruption-moved-es-390.png`, fullPage: true });
  await page.getByRole('link', { name: 'Ver tus billetes' }).click();
  await expect(page.getByText(esReference).first()).toBeVisible();

  await page.goto(changeLink(english)!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Your departure was cancelled' })).toBeVisible();
  await page.screenshot({ path: `${shots}/disruption-choice-en-390.png`, fullPage: true });
  await page.getByRole('button', { name: /^Refund / }).click();
  await expect(page.getByRole('heading', { name: 'Your refund is on its way' })).toBeVisible();
  await page.screenshot({ path: `${shots}/disruption-refunded-en-390.png`, fullPage: true });

  const report = await request.get(`/api/ops/departures/${cancelled.id}/disruption`, { headers: auth });
  const body = (await report.json()) as {
    totals: Record<string, number>;
    bookings: { reference: string; choice: string }[];
  };
  expect(body.totals).toMatchObject({ disrupted: 2, undecided: 0, moved: 1, refunded: 1 });
  expect(body.bookings.find((b) => b.reference === enReference)?.choice).toBe('refunded');
});
