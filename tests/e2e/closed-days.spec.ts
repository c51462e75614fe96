import { expect, test } from '@playwright/test';

import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };

/** Issue 14: 25 December is closed for the whole fleet in the demo data (src/seed/shop.ts). */
test('25 December is shown closed on the calendar and is not on sale through the API', async ({ page }) => {
  const t = shopEn.shop;
  const slug = 'barcelona-port-40-min';
  const body = await (await page.request.get(`/api/shop/tours/${slug}/availability?month=2026-12&locale=en`)).json();
  expect(body.closedDates).toContain('2026-12-25');
  expect(body.days.map((d: { date: string }) => d.date)).not.toContain('2026-12-25');

  await page.goto(`/en/tour/${slug}`);
  await page.getByRole('button', { name: t.form.title }).click();
  while (!(await page.getByText(/December 2026/i).isVisible())) {
    await page.getByRole('button', { name: t.form.nextMonth, exact: true }).click();
  }
  const christmas = page.getByRole('button', { name: new RegExp(`December 25, 2026 — ${t.form.closed}`) });
  await expect(christmas).toBeDisabled();
  await expect(page.getByRole('button', { name: /December 24, 2026$/ })).toBeEnabled();
});
