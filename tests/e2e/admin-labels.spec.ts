import { mkdirSync } from 'node:fs';

import { expect, test } from '@playwright/test';

/**
 * The back office in the staff's language: an admin switches their account to Català and the
 * labels of our own collections and fields follow (src/collections/labels.ts), not only
 * Payload's buttons. Screenshots go to /work/wt/shots for the lead's note.
 */
const SHOTS = process.env.OPS_SHOTS_DIR ?? '/work/wt/shots';

test.describe('admin labels in Catalan', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  for (const size of ['phone', 'desktop'] as const) {
    test(`an admin switches to Català and sees bookings and a tour in Catalan, ${size}`, async ({ page }) => {
      // Sign-in, the account page and three of Payload's admin pages with full-page screenshots:
      // over the 30 s default when the suite shares the machine's two cores with the server.
      test.setTimeout(150_000);
      if (size === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      else await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto('/admin/login');
      // Its own user per viewport: the two run at once (see scripts/e2e-server.mjs).
      await page.locator('input[name="email"]').fill(`e2e-labels-${size}@example.com`);
      await page.locator('input[name="password"]').fill('e2e-labels-password');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));

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
