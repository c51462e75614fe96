import { expect, test } from '@playwright/test';

import { recordLayoutShifts } from '../fixtures/page-in-two-parts';

// A phone: long paragraphs wrap into many lines there, and a moved block is much of the screen.
test.use({ viewport: { width: 390, height: 844 } });

/**
 * A first visit on a slow connection: the web fonts arrive after the page is drawn. Long French
 * text moved when Inter replaced its fallback (a paragraph one line longer pushed the list under
 * it: CLS 0.064 on the terms page, 0.03 on the past page, over Roboto; decision 159). Whichever font
 * a page is drawn in, it is drawn once.
 */
for (const pagePath of ['/fr/terminos-y-condiciones', '/fr/nosotros/pasado']) {
  test(`${pagePath}: web fonts arriving late move nothing`, async ({ page }) => {
    let asked = 0;
    let served = 0;
    await page.route(/\.woff2(\?|$)/, async (route) => {
      asked += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
      served += 1;
    });
    await page.addInitScript(recordLayoutShifts);
    await page.goto(pagePath);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Both faces were asked for and have arrived; then the browser has had frames to use them.
    await expect.poll(() => asked).toBeGreaterThanOrEqual(2);
    await expect.poll(() => served, { timeout: 15_000 }).toBe(asked);
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(
      () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
    );

    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });
}
