import { readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

import { startGtagStub, type StubRequest } from '../fixtures/gtag-stub';
import { holdScripts } from '../fixtures/hold-scripts';
import { recordLayoutShifts, rightAfter, servePageInTwoParts } from '../fixtures/page-in-two-parts';

type ConsentMessages = typeof import('../../src/i18n/messages/consent/en.json');
function messages(locale: string): ConsentMessages {
  const file = path.join(import.meta.dirname, '../../src/i18n/messages/consent', `${locale}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as ConsentMessages;
}
const [ca, es, en, fr] = ['ca', 'es', 'en', 'fr'].map(messages) as [
  ConsentMessages,
  ConsentMessages,
  ConsentMessages,
  ConsentMessages,
];

// One stub host on a fixed port for the whole file, so the file runs in one worker.
test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3100);
const STUB_PORT = port + 9;
const MEASUREMENT_ID = 'G-E2ETEST01';
let stub: Awaited<ReturnType<typeof startGtagStub>>;

test.beforeAll(async () => {
  stub = await startGtagStub(STUB_PORT);
});
test.afterAll(async () => {
  await stub.close();
});

/** Every request the page makes to a host that is not ours. */
function recordForeignRequests(page: Page, baseURL: string): string[] {
  const ours = new URL(baseURL).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).origin !== ours) foreign.push(url);
  });
  return foreign;
}

function stubHits(since: number): StubRequest[] {
  return stub.requests.slice(since);
}

async function analyticsCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).filter((name) => /^_ga/.test(name));
}

// The first layer is our own bar; the preferences (#cc-main .pm) are the consent library's.
const banner = (page: Page) => page.getByTestId('consent-bar');
const reopen = (page: Page) => page.getByTestId('cookie-settings');

const LOCALES = [
  { path: '/', texts: ca.consent },
  { path: '/es', texts: es.consent },
  { path: '/en', texts: en.consent },
  { path: '/fr', texts: fr.consent },
];

test.describe('first visit', () => {
  // Catalan is unprefixed; a browser preferring another language at / would be redirected.
  test.use({ locale: 'ca-ES' });
  for (const { path, texts } of LOCALES) {
    test(`first visit to ${path}: banner in the page language, nothing requested from other hosts`, async ({
      page,
      context,
      baseURL,
    }) => {
      const foreign = recordForeignRequests(page, baseURL!);
      const before = stub.requests.length;
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByRole('heading', { name: texts.title })).toBeVisible();
      const buttons = [texts.acceptAll, texts.rejectAll, texts.customise].map((name) =>
        banner(page).getByRole('button', { name, exact: true }),
      );
      for (const button of buttons) await expect(button).toBeVisible();
      // No close button on the first layer: the three choices are the only way out.
      await expect(banner(page).getByRole('button')).toHaveCount(3);
      // Equal prominence: the same colours and type for all three.
      const looks = await Promise.all(
        buttons.map((b) =>
          b.evaluate((el) => {
            const s = getComputedStyle(el);
            return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, s.borderColor].join('|');
          }),
        ),
      );
      expect(new Set(looks).size).toBe(1);
      await expect(banner(page).getByRole('link', { name: texts.policyLink })).toHaveAttribute(
        'href',
        /\/politica-de-cookies$/,
      );
      await page.waitForLoadState('networkidle');
      expect(foreign).toEqual([]);
      expect(stubHits(before)).toEqual([]);
      expect(await analyticsCookies(context)).toEqual([]);
      await expect(reopen(page)).toHaveCount(0);
    });
  }
});

test.describe('on a phone', () => {
  test.use({ locale: 'ca-ES' });
  for (const { path, texts } of LOCALES) {
    test(`the bar at ${path} leaves most of a phone's screen to the page, every choice whole and within reach`, async ({
      page,
    }) => {
      for (const viewport of [
        { width: 320, height: 568 },
        { width: 360, height: 740 },
        { width: 390, height: 844 },
      ]) {
        const size = `${viewport.width}×${viewport.height}`;
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.evaluate(() => document.fonts.ready);
        const box = (await banner(page).boundingBox())!;
        // The smallest phones still in use get two rows of buttons: under half the screen.
        expect(box.height, size).toBeLessThanOrEqual(viewport.height * (viewport.width < 360 ? 0.5 : 0.3));
        const buttons = await Promise.all(
          [texts.acceptAll, texts.rejectAll, texts.customise].map(async (name) => {
            const button = banner(page).getByRole('button', { name, exact: true });
            const inside = await button.evaluate((el) => el.scrollWidth <= el.clientWidth);
            return { ...(await button.boundingBox())!, inside };
          }),
        );
        if (viewport.width >= 360) expect(new Set(buttons.map((b) => Math.round(b.y))).size, size).toBe(1);
        for (const b of buttons) {
          // No label spills out of its button (words are never broken inside).
          expect(b.inside, size).toBe(true);
          expect(b.height, size).toBeGreaterThanOrEqual(44);
          expect(b.x + b.width, size).toBeLessThanOrEqual(viewport.width);
        }
        // The page keeps the bar's height free at its foot, so nothing stays hidden behind it.
        await expect
          .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom)))
          .toBeGreaterThanOrEqual(box.height - 1);
      }
    });
  }
});

test('Reject all: no analytics at all, the choice is kept for 6 months, the settings button appears', async ({
  page,
  context,
  baseURL,
}) => {
  const foreign = recordForeignRequests(page, baseURL!);
  const before = stub.requests.length;
  await page.goto('/en');
  await banner(page).getByRole('button', { name: 'Reject all', exact: true }).click();
  await expect(banner(page)).toBeHidden();
  await expect(reopen(page)).toBeVisible();

  const stored = (await context.cookies()).find((c) => c.name === 'cc_cookie');
  expect(stored).toBeDefined();
  const days = (stored!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(180);
  expect(days).toBeLessThan(184);
  expect(JSON.parse(decodeURIComponent(stored!.value)).categories).toEqual(['necessary']);

  await page.reload();
  await expect(reopen(page)).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.goto('/en/contacto');
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
  expect(stubHits(before)).toEqual([]);
  expect(await analyticsCookies(context)).toEqual([]);
});

test('Accept all: gtag.js is requested once, from the configured host, with consent granted', async ({
  page,
  context,
}) => {
  const before = stub.requests.length;
  await page.goto('/en');
  await expect(banner(page)).toBeVisible();
  expect(stubHits(before)).toEqual([]);
  await banner(page).getByRole('button', { name: 'Accept all', exact: true }).click();
  await expect(banner(page)).toBeHidden();

  await expect.poll(() => stubHits(before).filter((r) => r.path === '/g/collect').length).toBeGreaterThan(0);
  const scripts = stubHits(before).filter((r) => r.path === '/gtag/js');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.params.id).toBe(MEASUREMENT_ID);
  const pageView = stubHits(before).find((r) => r.path === '/g/collect' && r.params.en === 'page_view');
  expect(pageView?.params.analytics_storage).toBe('granted');
  await expect.poll(() => analyticsCookies(context)).toContain('_ga');

  // Consent Mode v2 signals as the page sent them: analytics and ads granted with "accept all".
  const consent = await page.evaluate(() =>
    (window.dataLayer as IArguments[])
      .map((args) => Array.from(args))
      .filter((args) => args[0] === 'consent')
      .map((args) => [args[1], args[2]]),
  );
  expect(consent.at(-1)).toEqual([
    'update',
    { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
  ]);

  // A client-side navigation keeps the one loaded library.
  await page.locator('footer a[href="/en/contacto"]').click();
  await expect(page).toHaveURL(/\/en\/contacto$/);
  await page.waitForLoadState('networkidle');
  expect(stubHits(before).filter((r) => r.path === '/gtag/js')).toHaveLength(1);
});

test('Customise: analytics only; marketing stays denied', async ({ page }) => {
  const before = stub.requests.length;
  await page.goto('/es');
  await banner(page).getByRole('button', { name: 'Personalizar', exact: true }).click();
  const preferences = page.locator('#cc-main .pm');
  await expect(preferences).toBeVisible();
  await preferences.locator('input[value="analytics"]').check();
  await preferences.getByRole('button', { name: 'Guardar mi elección' }).click();
  await expect(preferences).toBeHidden();
  await expect.poll(() => stubHits(before).filter((r) => r.path === '/gtag/js').length).toBe(1);
  const last = await page.evaluate(() => {
    const calls = (window.dataLayer as IArguments[]).map((a) => Array.from(a)).filter((a) => a[0] === 'consent');
    return calls.at(-1)?.[2];
  });
  expect(last).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
});

test('the settings button reopens the banner; withdrawing removes the _ga cookies and stops reporting', async ({
  page,
  context,
}) => {
  const before = stub.requests.length;
  await page.goto('/fr');
  await banner(page).getByRole('button', { name: 'Tout accepter', exact: true }).click();
  await expect.poll(() => analyticsCookies(context)).toEqual(expect.arrayContaining(['_ga', '_ga_E2ETEST01']));

  await reopen(page).click();
  await expect(banner(page)).toBeVisible();
  await expect(reopen(page)).toHaveCount(0);
  await banner(page).getByRole('button', { name: 'Tout refuser', exact: true }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => analyticsCookies(context)).toEqual([]);

  const hitsAfterWithdrawal = stubHits(before).length;
  await page.reload();
  // The settings button is drawn once the stored choice has been applied on the new page.
  await expect(reopen(page)).toBeVisible();
  // With analytics granted, applying the stored choice injects gtag.js before the settings button
  // is drawn; once the network is idle, any such request would have reached the stub.
  await page.waitForLoadState('networkidle');
  expect(stubHits(before).length).toBe(hitsAfterWithdrawal);
  expect(await analyticsCookies(context)).toEqual([]);
});

/** Tabs through the page up to the bar: every element focused on the way shows above it. */
async function tabToTheBarClearOfIt(page: Page) {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const barTop = await banner(page).evaluate((el) => el.getBoundingClientRect().top);
  let reachedTheBar = false;
  for (let i = 0; i < 60 && !reachedTheBar; i += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      return {
        inBanner: !!el.closest('[data-testid="consent-bar"]'),
        top: r.top,
        bottom: r.bottom,
        text: el.textContent?.trim(),
      };
    });
    if (!state) continue;
    reachedTheBar = state.inBanner;
    if (reachedTheBar) break;
    // Not entirely hidden (2.4.11): some of it shows above the bar.
    expect(state.top, `focused "${state.text}" is hidden by the banner`).toBeLessThan(barTop);
  }
  expect(reachedTheBar, 'the bar is reached from the keyboard').toBe(true);
}

test('keyboard only: the banner can be reached and answered, and focus on the page is never under it', async ({
  page,
}) => {
  await page.goto('/en');
  await expect(banner(page)).toBeVisible();
  await tabToTheBarClearOfIt(page);

  // From the keyboard alone the choice can be made.
  await banner(page).getByRole('button', { name: 'Reject all', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  // Put away, the bar leaves no room reserved at the page's end.
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  await reopen(page).focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeVisible();
});

// A slow phone: the bar is drawn by the pre-paint script long before the page's scripts measure
// it. The footer's last links must already scroll clear of it (the page reserves room at its end).
test('keyboard only, before the page has come alive: focus is never under the bar either', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/en', { waitUntil: 'domcontentloaded' });
  await expect(banner(page)).toBeVisible();
  await tabToTheBarClearOfIt(page);
  release();
});

test('axe: no violations with the banner and with the preferences open', async ({ page }) => {
  await page.goto('/en');
  await expect(banner(page)).toBeVisible();
  const tags = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
  const first = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(tags)
    .analyze();
  expect(first.violations).toEqual([]);
  await banner(page).getByRole('button', { name: 'Customise', exact: true }).click();
  await expect(page.locator('#cc-main .pm')).toBeVisible();
  const second = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(tags)
    .include('#cc-main')
    .analyze();
  expect(second.violations).toEqual([]);
});

test('the preferences show the choice stored now, even one made in the bar after they were last open', async ({
  page,
}) => {
  await page.goto('/en');
  await banner(page).getByRole('button', { name: 'Customise', exact: true }).click();
  const preferences = page.locator('#cc-main .pm');
  await expect(preferences).toBeVisible();
  await preferences.locator('input[value="analytics"]').check();
  await preferences.getByRole('button', { name: 'Save my choice' }).click();
  await expect(preferences).toBeHidden();

  // Changed in the bar: the library, already loaded, must not keep showing the old choice.
  await reopen(page).click();
  await banner(page).getByRole('button', { name: 'Reject all', exact: true }).click();
  await expect(banner(page)).toBeHidden();
  await reopen(page).click();
  await banner(page).getByRole('button', { name: 'Customise', exact: true }).click();
  await expect(preferences).toBeVisible();
  await expect(preferences.locator('input[value="analytics"]')).not.toBeChecked();
});

test('when the preferences cannot load, the bar comes back and still takes a choice', async ({ page, context }) => {
  await page.goto('/en');
  await expect(banner(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The connection drops: the library's code, fetched only now, never arrives.
  await page.route('**/_next/static/**', (route) => route.abort());
  await banner(page).getByRole('button', { name: 'Customise', exact: true }).click();
  await expect(banner(page)).toBeVisible();
  await page.unroute('**/_next/static/**');
  await banner(page).getByRole('button', { name: 'Reject all', exact: true }).click();
  await expect(reopen(page)).toBeVisible();
  const stored = (await context.cookies()).find((c) => c.name === 'cc_cookie');
  expect(JSON.parse(decodeURIComponent(stored!.value)).categories).toEqual(['necessary']);
});

test('the bar is drawn with the page, before its scripts run, and a choice made then is kept', async ({
  page,
  context,
}) => {
  const release = await holdScripts(page);
  await page.goto('/es', { waitUntil: 'domcontentloaded' });
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('heading', { name: es.consent.title })).toBeVisible();
  await expect(reopen(page)).toHaveCount(0);
  // Not alive yet: the server's bar.
  await expect(banner(page)).toHaveAttribute('data-arriving', '');
  await banner(page).getByRole('button', { name: es.consent.rejectAll, exact: true }).click();
  await expect(banner(page)).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'cc_cookie')).toBeUndefined();

  release();
  await expect(reopen(page)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const stored = (await context.cookies()).find((c) => c.name === 'cc_cookie');
  expect(JSON.parse(decodeURIComponent(stored!.value)).categories).toEqual(['necessary']);
});

test('with a choice stored, the bar is not drawn, not even before the scripts run', async ({ page }) => {
  await page.goto('/en');
  await banner(page).getByRole('button', { name: 'Accept all', exact: true }).click();
  await expect(reopen(page)).toBeVisible();

  const release = await holdScripts(page);
  await page.goto('/en/contacto', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  release();
  await expect(reopen(page)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('a bar still arriving is not drawn half: the page does not shift when the rest of it comes', async ({
  page,
  baseURL,
}) => {
  // Cut inside the bar, after its heading: what a phone had when the first packets were parsed.
  const insideTheBar = rightAfter('data-testid="consent-bar"', '</h2>');
  const split = await servePageInTwoParts(baseURL!, '/en/tour/puerto-y-litoral-60-min', insideTheBar, 1500);
  try {
    const release = await holdScripts(page);
    await page.addInitScript(recordLayoutShifts);
    await page.goto(split.url, { waitUntil: 'commit' });
    // The first part is on screen (its heading drawn) while the bar's end has not come.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(banner(page)).toBeHidden();
    // Then the rest: the bar appears whole, before any script runs.
    await expect(banner(page)).toBeVisible({ timeout: 5000 });
    await expect(banner(page)).toHaveAttribute('data-arriving', '');
    await expect(banner(page).getByRole('button', { name: en.consent.customise, exact: true })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    release();
    await expect(banner(page)).not.toHaveAttribute('data-arriving', '');
  } finally {
    await split.close();
  }
});
