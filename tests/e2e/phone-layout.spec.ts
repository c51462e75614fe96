import { expect, test, type Page } from '@playwright/test';

import { baseURL } from '../../playwright.config';
import { locales, localePrefix, type Locale } from '../../src/i18n/locales';
import { alternatesFor, publicRouteNames, type RouteName } from '../../src/i18n/routes';
import shopCa from '../../src/i18n/messages/shop/ca.json' with { type: 'json' };
import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };
import shopEs from '../../src/i18n/messages/shop/es.json' with { type: 'json' };
import shopFr from '../../src/i18n/messages/shop/fr.json' with { type: 'json' };
import siteEn from '../../src/i18n/messages/site/en.json' with { type: 'json' };
import ticketsFr from '../../src/i18n/messages/tickets/fr.json' with { type: 'json' };
import { schoolTourSeeds, tourSeeds } from '../../src/seed/catalog';
import { shopSeeds } from '../../src/seed/shop';
import { rejectOptionalCookies } from '../fixtures/consent';
import { holdScripts } from '../fixtures/hold-scripts';
import { expectFitsScreen, PHONE_WIDTHS } from '../fixtures/layout';
import { bookableDay } from './shop-calendar';
import { ownVisitor } from './own-visitor';

ownVisitor(test, 'phone-layout');

/**
 * Issue 14, the phone layout: no page, in any state, scrolls sideways at 320, 360 and 390 px;
 * the phone menu opens fully on screen and behaves like a menu; the calendar's month buttons
 * have names in the page's language.
 */
const shop = { ca: shopCa.shop, es: shopEs.shop, en: shopEn.shop, fr: shopFr.shop } satisfies Record<Locale, unknown>;

const tickets = { fr: ticketsFr };

const onRequestTour = tourSeeds.find((tour) => shopSeeds[tour.menuKey]?.mode === 'onRequest');
const paramSets: Partial<Record<RouteName, Record<string, string>[]>> = {
  tour: [{ id: tourSeeds[0]!.slug }, ...(onRequestTour ? [{ id: onRequestTour.slug }] : [])],
  tourTest: [{ id: tourSeeds[0]!.slug }],
  school: schoolTourSeeds.map((school) => ({ id: school.slug })),
};

const LONG = {
  name: 'Maximilianaelisabettamariadelcarmen',
  surnames: 'de la Santíssima Trinitat i Puigdollers-Vallespir-Montsenyacompanyada',
  email: 'maximiliana.elisabetta.delcarmen.santissimatrinitat@un-domini-molt-llarg-de-proves.example.com',
};

for (const locale of locales) {
  test(`every public route fits the screen at ${PHONE_WIDTHS.join(', ')} px (${locale})`, async ({ page }) => {
    // Seventeen pages: about 75 s when three workers share the CI machine's two cores.
    test.setTimeout(180_000);
    for (const name of publicRouteNames) {
      for (const params of paramSets[name] ?? [undefined]) {
        const path = alternatesFor(name, params)[locale];
        await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 800 });
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // One load, three widths: the layout reflows on resize as it would on load, for a third
        // of the page loads (which were most of this spec's time).
        for (const width of PHONE_WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expectFitsScreen(page, `${path} at ${width} px`);
        }
      }
    }
  });
}

/** Checks the page at each phone width, then leaves it at the narrowest, where the steps run. */
async function fitsEveryWidth(page: Page, what: string) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectFitsScreen(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 800 });
}

test('every booking step fits the screen, with long names and e-mail', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 800 });
  const t = shop.fr;
  await page.goto(`${localePrefix('fr')}/tour/${tourSeeds[0]!.slug}`);
  await page.getByRole('button', { name: t.form.title }).click();
  const day = await bookableDay(page);
  await fitsEveryWidth(page, 'calendar');
  await day.click();
  await page.locator('input[name=departure]:not([disabled])').first().check();
  await page.getByLabel(t.form.adult, { exact: true }).fill('2');
  await page.getByLabel(t.form.child, { exact: true }).fill('1');
  await page.getByLabel(t.form.name, { exact: true }).fill(LONG.name);
  await page.getByLabel(t.form.surnames, { exact: true }).fill(LONG.surnames);
  await page.getByLabel(t.form.email, { exact: true }).fill(LONG.email);
  await page.getByLabel(t.form.phone, { exact: true }).fill('+34 600 111 222');
  await page.getByLabel(t.form.mobilePhone, { exact: true }).fill('+34 600 111 333');
  await fitsEveryWidth(page, 'filled form');

  await page.getByRole('button', { name: t.form.submit }).click();
  await expect(page.getByRole('heading', { name: t.review.title })).toBeVisible();
  await fitsEveryWidth(page, 'review step');

  await page.getByRole('button', { name: new RegExp(`^${t.review.pay.split('{')[0]!.trim()}`) }).click();
  await page.waitForURL(/\/pago-de-prueba\/pagar/);
  await fitsEveryWidth(page, 'sandbox payment page');
  await page.getByLabel(t.sandbox.card).fill('4548810000000003');
  await page.getByRole('button', { name: new RegExp(`^${t.sandbox.pay}`) }).click();
  await page.waitForURL(/\/gracias#reserva=/);
  await fitsEveryWidth(page, 'thank-you page');
  await page.getByRole('link', { name: tickets.fr.tickets.viewTickets }).click();
  await page.waitForURL(/\/reserva\//);
  await fitsEveryWidth(page, 'booking page');
});

test.describe('booking page with long values', () => {
  test.use({ viewport: { width: 320, height: 800 } });
  test('the booking page and a wrong link with a long reference fit at 320 px', async ({ page }) => {
    await page.goto(`/en/reserva/${'REFERENCE'.repeat(8)}?firma=${'x'.repeat(64)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsScreen(page, 'booking page, invalid link');
  });
});

async function openMenu(page: Page) {
  await page.getByText(siteEn.common.menu, { exact: true }).click();
  const nav = page.getByRole('navigation', { name: siteEn.common.mainNavigation });
  await expect(nav).toBeVisible();
  return nav;
}

test.describe('phone menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens fully on screen, traps focus, closes on Escape and after navigating', async ({
    page,
    context,
    baseURL,
  }) => {
    await rejectOptionalCookies(context, baseURL!);
    await page.goto('/en');
    // Escape and the focus trap are the menu's script: wait for the page to have come alive.
    await expect(page.locator('[data-arriving]')).toHaveCount(0);
    const nav = await openMenu(page);
    const box = (await nav.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const link of await nav.getByRole('link').all()) {
      const b = (await link.boundingBox())!;
      expect(b.x, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    await expectFitsScreen(page, 'open menu');

    // Focus never leaves the open menu: Tab past the last link comes back to the toggle.
    const toggle = page.locator('summary.site-menu__toggle');
    await toggle.focus();
    const links = await nav.getByRole('link').count();
    for (let i = 0; i < links + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('details.site-menu')))).toBe(true);
    }
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.site-nav')))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    const reopened = await openMenu(page);
    await reopened.getByRole('link', { name: siteEn.nav.contact }).click();
    await page.waitForURL(/\/en\/contacto$/);
    await expect(page.getByRole('navigation', { name: siteEn.common.mainNavigation })).toBeHidden();
  });

  test('the menu opened before the page has come alive stays open once it has', async ({ page, context, baseURL }) => {
    await rejectOptionalCookies(context, baseURL!);
    // Scripts start after the first paint (decision 115): the <details> menu opens without them.
    const release = await holdScripts(page);
    await page.goto('/en', { waitUntil: 'domcontentloaded' });
    const nav = await openMenu(page);
    release();
    await expect(page.locator('[data-arriving]')).toHaveCount(0);
    // Hydrated: Escape (the menu's script) closes it, so it was open all along with its handlers.
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });
});

test('the calendar’s month buttons are named in the page’s language', async ({ page }) => {
  for (const locale of locales) {
    const t = shop[locale];
    await page.goto(`${localePrefix(locale)}/tour/${tourSeeds[0]!.slug}`);
    await page.getByRole('button', { name: t.form.title }).click();
    await expect(page.getByRole('button', { name: t.form.nextMonth, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t.form.previousMonth, exact: true })).toBeVisible();
  }
});

// A departure's time is what a visitor on the quay reads first: at 390 px the board's time column
// was narrower than "10:30" in the site's font, and every time broke as "10:3" over "0".
// The board is given departures of its own (the answer to its refresh), so the check does not
// depend on the hour: in the evening the shop has no departures left today.
const BOARD = {
  ok: true,
  at: new Date().toISOString(),
  time: '10:04',
  departures: [
    ['10:30', '10:15'],
    ['12:00', '11:45'],
    ['18:30', '18:15'],
    ['20:45', '20:30'],
  ].map(([time, boardingTime], i) => ({
    id: 900_000 + i,
    tourSlug: tourSeeds[0]!.slug,
    tourTitle: 'Port i litoral + Il Mercante di Venezia',
    time,
    boardingTime,
    seatsLeft: i === 2 ? 3 : 148,
    state: i === 2 ? 'few' : 'available',
    bookable: true,
    departed: false,
  })),
};

test(`today's departures keep each time on one line at ${PHONE_WIDTHS.join(', ')} px`, async ({ page }) => {
  await page.route('**/api/shop/today?*', (route) => route.fulfill({ json: BOARD }));
  for (const locale of locales) {
    // The root is the Catalan home only for a visitor whose language is Catalan: the language a
    // page remembers (the previous locale's visit) would send it on.
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: locale, url: baseURL }]);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(localePrefix(locale) || '/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.evaluate(() => document.fonts.ready);
      const times = page.locator('section.todays-departures li > span:first-child');
      await expect(times).toHaveText(BOARD.departures.map((departure) => departure.time!));
      const lines = await times.evaluateAll((spans) =>
        spans.map((span) => {
          const range = document.createRange();
          range.selectNodeContents(span);
          return `${span.textContent} ${new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size}`;
        }),
      );
      expect(lines, `${locale}, ${width} px`).toEqual(lines.map((line) => `${line.split(' ')[0]} 1`));
    }
  }
});
