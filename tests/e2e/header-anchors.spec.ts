import { expect, test, type Page } from '@playwright/test';

import { baseURL } from '../../playwright.config';
import { locales, localePrefix, type Locale } from '../../src/i18n/locales';
import { tourSeeds } from '../../src/seed/catalog';
import { rejectOptionalCookies } from '../fixtures/consent';

/**
 * The header stays at the top of the screen while the page scrolls, and it is two rows tall on a
 * phone (three at 320 px). A link to a place in a page (the hero's "Our tours", "Book tickets" to a
 * tour's #reservar) must bring that place into view below the header, not under it.
 */
async function gapBelowHeader(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    return Math.round(document.querySelector(target)!.getBoundingClientRect().top - header.bottom);
  }, selector);
}

const screens: { width: number; locales: readonly Locale[] }[] = [
  { width: 320, locales },
  { width: 390, locales },
  { width: 700, locales: ['en'] },
  { width: 1280, locales: ['ca'] },
];

for (const { width, locales: shown } of screens) {
  for (const locale of shown) {
    test(`at ${width} px in ${locale}, a link to a place in the page lands below the sticky header`, async ({
      page,
      context,
    }) => {
      await rejectOptionalCookies(context, baseURL);
      await page.setViewportSize({ width, height: 740 });

      await page.goto(localePrefix(locale) || '/');
      await page.locator('.home-hero a[href="#featured-heading"]').click();
      // Below the header, and close under it: the heading starts the screen.
      await expect.poll(() => gapBelowHeader(page, '#featured-heading'), { timeout: 5_000 }).toBeGreaterThanOrEqual(0);
      expect(await gapBelowHeader(page, '#featured-heading')).toBeLessThanOrEqual(48);

      await page.goto(`${localePrefix(locale)}/tour/${tourSeeds[0]!.slug}#reservar`);
      await expect.poll(() => gapBelowHeader(page, '#reservar'), { timeout: 5_000 }).toBeGreaterThanOrEqual(0);
      expect(await gapBelowHeader(page, '#reservar')).toBeLessThanOrEqual(48);
    });
  }
}
