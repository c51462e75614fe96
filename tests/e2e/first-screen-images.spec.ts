import { expect, test } from '@playwright/test';

import { schoolTourSeeds, tourSeeds } from '../../src/seed/catalog';

/**
 * The pictures a visitor sees without scrolling are fetched with the page, and the largest of
 * them (the page's largest paint, LCP) first: a lazy picture on the first screen waits for layout
 * before it even starts downloading (the past page's first picture cost 0.9 s of LCP that way).
 */
const pages = [
  '/',
  `/en/tour/${tourSeeds[0]!.slug}`,
  `/es/escuelas/${schoolTourSeeds[0]!.slug}`,
  '/en/nosotros/pasado',
  '/fr/nosotros/la-flota',
];
const screens = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const screen of screens) {
  for (const path of pages) {
    test(`${path} on a ${screen.name}: first-screen pictures load at once, the largest first`, async ({ page }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);
      const onScreen = await page.evaluate(() =>
        [...document.images]
          .map((img) => {
            const box = img.getBoundingClientRect();
            const visibleHeight = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
            const visibleWidth = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
            return {
              src: img.getAttribute('src'),
              lazy: img.loading === 'lazy',
              high: img.getAttribute('fetchpriority') === 'high',
              area: visibleHeight > 0 && visibleWidth > 0 ? visibleHeight * visibleWidth : 0,
            };
          })
          .filter((img) => img.area > 0),
      );
      expect(onScreen.length, 'a picture on the first screen').toBeGreaterThan(0);
      expect(onScreen.filter((img) => img.lazy).map((img) => img.src)).toEqual([]);
      const largest = onScreen.reduce((a, b) => (b.area > a.area ? b : a));
      expect(largest, `${largest.src} asked for first`).toMatchObject({ high: true });
    });
  }
}
