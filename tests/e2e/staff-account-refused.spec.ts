import opsCa from '../../src/i18n/messages/ops/ca.json' with { type: 'json' };
import opsEs from '../../src/i18n/messages/ops/es.json' with { type: 'json' };

import { expect, test } from '../fixtures/staff-page';

/**
 * The Users "create" page for someone who may not create staff accounts, on a 390 px phone: an
 * office member signed in is told what their role may not do, not Payload's "not authorised, sign
 * in" (which read as if their session had ended); an admin still gets the form, and a visitor who
 * is not signed in still goes to the login.
 */
const PHONE = { width: 390, height: 844 };
const languages = { ca: opsCa.ops, es: opsEs.ops } as const;
const CREATE = '/admin/collections/users/create';

for (const [language, t] of Object.entries(languages) as [keyof typeof languages, (typeof languages)['ca']][]) {
  test(`an office member opening "create user" is told only admins create accounts, in ${language}`, async ({
    page,
    staffPage,
  }) => {
    await page.setViewportSize(PHONE);
    await staffPage('office', { language });
    await page.goto(CREATE);
    const refusal = page.getByTestId('staff-account-refused');
    await expect(refusal.getByRole('heading', { level: 1 })).toHaveText(t.users.createForbidden);
    await expect(refusal).toContainText(t.users.createForbiddenHelp);
    // Payload's generic refusal is gone, and the member is still signed in, at the same address.
    await expect(page.locator('.unauthorized')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(CREATE);
    await expect(page.locator('input[name="email"]')).toHaveCount(0);
    // Fits the phone: nothing wider than the screen, once the admin's styles have all applied (a
    // loaded CI machine measured 546 px once while they were still arriving).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await refusal.getByRole('link', { name: t.users.backToUsers }).click();
    await expect(page).toHaveURL(/\/admin\/collections\/users(\?|$)/);
  });
}

test('an admin still gets the form to create a staff account', async ({ page, staffPage }) => {
  await page.setViewportSize(PHONE);
  await staffPage('admin', { language: 'ca' });
  await page.goto(CREATE);
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await expect(page.getByTestId('staff-account-refused')).toHaveCount(0);
});

test('a visitor who is not signed in is sent to the login', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(CREATE);
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByTestId('staff-account-refused')).toHaveCount(0);
});
