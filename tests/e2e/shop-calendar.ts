import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The `index`-th bookable day of the booking form's calendar (0 = the first), paging to the next
 * month when the shown one has too few left. The calendar opens on the current month, so near a
 * month's end (the last evening of November, say) it may hold one bookable day or none.
 */
export async function bookableDay(page: Page, index = 0): Promise<Locator> {
  const calendar = page.locator('[role=group][aria-busy]');
  const days = calendar.locator('button[aria-pressed]:not([disabled])');
  for (let monthsPaged = 0; ; monthsPaged++) {
    await expect(calendar).toHaveAttribute('aria-busy', 'false');
    if ((await days.count()) > index || monthsPaged === 2) break;
    // The month navigation's last button pages forward, whatever the page's language.
    const monthLabel = page.locator('span[aria-live=polite]:has(~ button)');
    const shown = await monthLabel.textContent();
    await page.locator('div:has(> span[aria-live=polite]) > button').last().click();
    await expect(monthLabel).not.toHaveText(shown ?? '');
  }
  const day = days.nth(index);
  await expect(day).toBeVisible();
  return day;
}
