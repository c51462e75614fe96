import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { addDays, madridToday } from '../../src/booking/time';
import { e2eOutbox } from '../fixtures/eml';
import { expect, test } from '../fixtures/staff-page';
import { linkFromOutbox, paidBooking } from './paid-booking';
import { SHOTS as shots } from './shots';
import { STAFF_SPEC_TOUR } from './staff-departures';

/**
 * Issue 43 (docs/decisions/170-schedule-changes-are-disruptions.md): on a phone, the office closes
 * a sold day in Spanish. The form shows who it strands before saving; "needs attention" cancels it
 * with the closed day's reason after the same count; the visitor who booked in French gets the
 * e-mail in French, saying why, and rebooks from it.
 */

type Departure = { id: number; time: string; seatsLeft: number; bookable: boolean };

/** The French e-mail's text, quoted-printable undone enough to read accented words. */
function mailTo(email: string): string | undefined {
  for (const file of readdirSync(e2eOutbox).filter((f) => f.endsWith('.eml'))) {
    const eml = readFileSync(path.join(e2eOutbox, file), 'utf8');
    if (!eml.includes(email)) continue;
    // Decoded before looking for the link: quoted-printable may break a line inside it.
    const body = Buffer.from(
      eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
    if (body.includes('/cambio?firma=')) return body;
  }
  return undefined;
}

test('the office closes a sold day in Spanish on a phone; the French visitor is told why and rebooks', async ({
  page,
  request,
  staffPage,
}) => {
  test.setTimeout(240_000);
  // Far enough ahead that no other spec sells or shows that day (they look at this month and the next).
  const day = addDays(madridToday(new Date()), 80);
  const answer = await request.get(
    `/api/shop/tours/${STAFF_SPEC_TOUR}/availability?month=${day.slice(0, 7)}&locale=fr`,
  );
  const { days } = (await answer.json()) as { days: { date: string; departures: Departure[] }[] };
  const departure = days.find((d) => d.date === day)?.departures.find((d) => d.bookable && d.seatsLeft >= 2);
  // The demo seeds 120 days of departures: none on sale that day is a failure, not a reason to skip.
  expect(departure, `a departure of ${STAFF_SPEC_TOUR} on sale on ${day}`).toBeDefined();
  const french = `fr-closed-${Date.now()}@example.com`;
  const reference = await paidBooking(request, departure!.id, {
    locale: 'fr',
    email: french,
    name: 'Camille',
    surnames: 'Martin',
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await staffPage('office', { language: 'es' });

  // Before saving, the form says who the closed day strands.
  await page.goto('/admin/collections/closed-days/create');
  await page.locator('#field-date').fill(day);
  const impact = page.getByTestId('schedule-impact');
  await expect(impact).toContainText('1 salida con pasajeros se queda sin navegar', { timeout: 15_000 });
  await expect(impact).toContainText('Se avisará a 1 reserva, 2 personas');
  await expect(impact).toContainText('Français 1');
  await page.screenshot({ path: `${shots}/closed-day-impact-es-390.png`, fullPage: true });
  await page.locator('#action-save').click();
  await expect(page).toHaveURL(/\/admin\/collections\/closed-days\/\d+/);

  // Nobody is told by the save: the departure waits under "needs attention".
  expect(mailTo(french)).toBeUndefined();
  await page.goto('/admin');
  const item = page.getByTestId(`attention-${departure!.id}`);
  await expect(item).toContainText('Día cerrado');
  const dialog = page.getByTestId('schedule-cancel-dialog');
  await expect(async () => {
    await item.getByRole('button', { name: 'Cancelar y avisar a todos…' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog).toContainText('porque ese día no navegamos');
  await expect(dialog).toContainText('Se avisará a 1 reserva, 2 personas');
  await page.screenshot({ path: `${shots}/closed-day-confirm-es-390.png` });
  await dialog.getByRole('button', { name: 'Cancelar y avisarles' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Salida cancelada. 1 reserva avisada.')).toBeVisible();

  // The French visitor's e-mail, in French, with the reason and the link to choose.
  await expect.poll(() => mailTo(french), { timeout: 90_000 }).toBeDefined();
  expect(mailTo(french)).toContain('car nous ne naviguons pas ce jour-là');
  const link = linkFromOutbox(french, /https?:\/\/[^\s"<]+\/cambio\?firma=[\w-]+/)!;
  expect(link).toContain(`/fr/reserva/${reference}/cambio`);

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Votre départ est annulé' })).toBeVisible();
  await expect(page.getByText(/car nous ne naviguons pas ce jour-là/)).toBeVisible();
  await page.getByRole('button', { name: 'Passer à ce départ' }).first().click();
  await expect(page.getByRole('heading', { name: /^C'est fait : vous partez le/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/closed-day-rebooked-fr-390.png`, fullPage: true });
});
