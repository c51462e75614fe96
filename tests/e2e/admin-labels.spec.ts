import { expect, test } from '../fixtures/staff-page';

import { SHOTS } from './shots';

/**
 * The back office in the staff's language: an admin switches their account to Català and the
 * labels of our own collections and fields follow (src/collections/labels.ts), not only
 * Payload's buttons. Screenshots go to var/e2e-shots for the lead's note.
 */

test.describe('admin labels in Catalan', () => {
  for (const size of ['phone', 'desktop'] as const) {
    test(`an admin switches to Català and sees bookings and a tour in Catalan, ${size}`, async ({
      page,
      staffPage,
    }) => {
      // Sign-in, the account page and three of Payload's admin pages with full-page screenshots:
      // over the 30 s default when the suite shares the machine's two cores with the server.
      test.setTimeout(150_000);
      if (size === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      else await page.setViewportSize({ width: 1366, height: 900 });
      // Its own admin per test: the language chosen below is kept on the user.
      await staffPage('admin');

      await page.goto('/admin/account');
      await page.locator('.payload-settings__language .rs__control').click();
      // Payload's own language list spells it "Catala".
      await page.getByRole('option', { name: /^Catal/ }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ca');

      await page.goto('/admin/collections/bookings');
      await expect(page.getByRole('heading', { name: 'Reserves', exact: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/labels-bookings-${size}-ca.png`, fullPage: size === 'desktop' });

      await page.goto('/admin/collections/tours');
      await page.locator('.cell-title a').first().click();
      await expect(page.locator('label.field-label', { hasText: 'Durada (minuts)' })).toBeVisible();
      await expect(page.getByText('Venda de bitllets', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Duration Minutes')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/labels-tour-${size}-ca.png`, fullPage: true });
    });
  }
});

test.describe('admin dates on Barcelona’s clock', () => {
  // A laptop set to New York must still see Barcelona's times: Payload's own cells would shift them six hours.
  test.use({ timezoneId: 'America/New_York' });

  test('the list shows each instant in Europe/Madrid time, whatever the browser’s zone', async ({
    page,
    staffPage,
  }) => {
    test.setTimeout(90_000);
    await staffPage('admin');

    await page.goto('/admin/collections/pages');
    const cells = page.locator('td.cell-updatedAt');
    await expect(cells.first()).not.toBeEmpty();
    const language = (await page.locator('html').getAttribute('lang')) ?? 'ca';
    const { docs } = (await (await page.request.get('/api/pages?limit=100&depth=0')).json()) as {
      docs: { updatedAt: string }[];
    };
    const inZone = (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(
        new Date(iso),
      );
    const madrid = new Set(docs.map((d) => inZone(d.updatedAt, 'Europe/Madrid')));
    const newYork = new Set(docs.map((d) => inZone(d.updatedAt, 'America/New_York')));
    for (const text of await cells.allInnerTexts()) {
      expect(madrid).toContain(text.trim());
      expect(newYork).not.toContain(text.trim());
    }
  });
});
