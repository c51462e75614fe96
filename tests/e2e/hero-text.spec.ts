import { expect, test } from '@playwright/test';

import { holdScripts } from '../fixtures/hold-scripts';
import { recordLayoutShifts, rightAfter, servePageInTwoParts } from '../fixtures/page-in-two-parts';

// A phone: the hero is as tall as its text there, and a shift is a large part of the screen.
test.use({ viewport: { width: 390, height: 844 } });

// The title over the hero picture is anchored to the picture's foot (decision 156).
const afterTheTitle = rightAfter('-hero__text"', '</h1>');

for (const { pagePath, book } of [
  { pagePath: '/en/tour/puerto-y-litoral-60-min', book: 'Book your tickets' },
  { pagePath: '/fr', book: 'Achetez vos billets' },
]) {
  test(`${pagePath}: a hero whose text is still arriving is drawn whole, so its title never moves up`, async ({
    page,
    baseURL,
  }) => {
    const split = await servePageInTwoParts(baseURL!, pagePath, afterTheTitle, 1500);
    try {
      const release = await holdScripts(page);
      await page.addInitScript(recordLayoutShifts);
      await page.goto(split.url, { waitUntil: 'commit' });
      const title = page.getByRole('heading', { level: 1 });
      const hero = page.locator('header[class$="-hero"]');
      // Asked in the page itself: with the document cut this early, Playwright's locators (run in
      // their own world) answered only once it was whole, and so read the finished page.
      const titleMidParse = () =>
        page.evaluate(() => {
          const h1 = document.querySelector('h1');
          return {
            parsed: Boolean(h1),
            restArrived: Boolean(document.querySelector('[data-hero-text-end]')),
            drawn: h1?.checkVisibility({ visibilityProperty: true }) ?? false,
            headerDrawn: document.querySelector('nav')?.checkVisibility({ visibilityProperty: true }) ?? false,
          };
        });
      // The first part is parsed (the title is in the page, the menu above the hero is drawn), and
      // the title is not drawn while the rest of its text has not come.
      await expect.poll(async () => (await titleMidParse()).parsed, { intervals: [50] }).toBe(true);
      // The rule that hides it is in the site's stylesheet: until that has loaded (slow on a busy CI
      // machine) nothing is styled, and a title "drawn" then says nothing about the rule.
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ink').trim()), {
          intervals: [50],
        })
        .not.toBe('');
      await page.waitForTimeout(300);
      expect(await titleMidParse()).toEqual({ parsed: true, restArrived: false, drawn: false, headerDrawn: true });
      // Then the rest: the title and its call to action appear together, before any script runs.
      await expect(title).toBeVisible({ timeout: 5000 });
      await expect(hero.getByRole('link', { name: book })).toBeVisible();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      // Alive, it stays drawn (the marker it waits for is part of the page React keeps).
      release();
      await page.waitForLoadState('load');
      await expect(page.locator('[data-hero-text-end]')).toHaveCount(1);
      await expect(title).toBeVisible();
    } finally {
      await split.close();
    }
  });
}
