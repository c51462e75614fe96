import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';

import { locales, localePrefix } from '../../src/i18n/locales';
import { alternatesFor, publicRouteNames, routeNames, routes, type RouteName } from '../../src/i18n/routes';
import { schoolTourSeeds, tourSeeds } from '../../src/seed/catalog';
import { holdScripts } from '../fixtures/hold-scripts';
import { e2eAdmin } from './staff-departures';

const paramsFor: Partial<Record<RouteName, Record<string, string>>> = {
  tour: { id: tourSeeds[0]!.slug },
  tourTest: { id: tourSeeds[0]!.slug },
  school: { id: schoolTourSeeds[0]!.slug },
};

/** Where a redirect points, resolved like a browser would (Location may be relative). */
function locationOf(response: APIResponse): URL {
  return new URL(response.headers().location ?? '', response.url());
}

async function head(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  return request.get(path, { maxRedirects: 0, headers });
}

test.describe('routing', () => {
  for (const name of publicRouteNames) {
    test(`${name} renders its heading in every locale`, async ({ request }) => {
      const paths = alternatesFor(name, paramsFor[name]);
      for (const locale of locales) {
        const response = await head(request, paths[locale]);
        expect(response.status(), paths[locale]).toBe(200);
        const html = await response.text();
        expect(html, paths[locale]).toContain(`<html lang="${locale}"`);
        expect(html, paths[locale]).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      }
    });
  }

  test('a trailing slash and the explicit Catalan prefix answer 301 to the canonical path', async ({ request }) => {
    const slash = await head(request, '/en/contacto/');
    expect(slash.status()).toBe(301);
    expect(locationOf(slash).pathname).toBe('/en/contacto');
    const catalan = await head(request, '/ca/contacto');
    expect(catalan.status()).toBe(301);
    expect(locationOf(catalan).pathname).toBe('/contacto');
  });

  test('old URLs answer 301 with the current path in the matching language', async ({ request }) => {
    const cases: [string, string][] = [
      ['/ca/port-i-litoral', '/tour/puerto-y-litoral-60-min'],
      ['/es/puerto-y-litoral', '/es/tour/puerto-y-litoral-60-min'],
      ['/en/barcelona-port', '/en/tour/barcelona-port-40-min'],
    ];
    for (const [old, expected] of cases) {
      const response = await head(request, old);
      expect(response.status(), old).toBe(301);
      expect(locationOf(response).pathname, old).toBe(expected);
    }
    // Campaign parameters survive the redirect, though the page is rendered without them.
    const campaign = await head(request, '/en/barcelona-port?utm_source=quay&utm_medium=qr');
    expect(campaign.status()).toBe(301);
    expect(locationOf(campaign).search).toBe('?utm_source=quay&utm_medium=qr');
  });

  test('an unknown path answers 404 with the localized message and a way home', async ({ page }) => {
    const response = await page.goto('/en/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText('Page not found: /en/no-such-page')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/en$/);

    const catalan = await page.goto('/cap-pagina');
    expect(catalan?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(page.getByText('/cap-pagina')).toBeVisible();
  });

  test('an unknown tour or school page is a whole 404 page in the HTML, before any script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, lang, heading] of [
      ['/fr/tour/pas-de-balade', 'fr', 'Page introuvable'],
      ['/es/escuelas/ninguna', 'es', 'Página no encontrada'],
      ['/en/tour-test/no-such-tour', 'en', 'Page not found'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText(path, { exact: false })).toBeVisible();
      // The site's own header and footer, not a bare error document.
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
    await context.close();
  });

  test('an unknown tour answers 404 in the page language, naming the path as the visitor typed it', async ({
    page,
  }) => {
    const french = await page.goto('/fr/tour/pas-de-balade');
    expect(french?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page introuvable/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByText('Page introuvable : /fr/tour/pas-de-balade')).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/fr');

    // Catalan pages have no prefix, and neither does the path the page names.
    const catalan = await page.goto('/tour/cap-passeig');
    expect(catalan?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pàgina no trobada');
    await expect(page.getByText('/tour/cap-passeig', { exact: false })).toBeVisible();
    await expect(page.getByText('/ca/tour/cap-passeig', { exact: false })).toHaveCount(0);
  });

  test('the language is guessed only on the root path: cookie first, then Accept-Language', async ({ request }) => {
    const english = await head(request, '/', { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(english.status()).toBe(307);
    expect(locationOf(english).pathname).toBe('/en');
    const campaign = await head(request, '/?utm_source=quay', { 'Accept-Language': 'en' });
    expect(locationOf(campaign).pathname + locationOf(campaign).search).toBe('/en?utm_source=quay');

    const cookieWins = await head(request, '/', { 'Accept-Language': 'en', Cookie: 'NEXT_LOCALE=fr' });
    expect(locationOf(cookieWins).pathname).toBe('/fr');

    const catalanCookie = await head(request, '/', { 'Accept-Language': 'en', Cookie: 'NEXT_LOCALE=ca' });
    expect(catalanCookie.status()).toBe(200);

    // Both answers of the root depend on the cookie and Accept-Language, and the Catalan one is
    // shared-cacheable: without Vary a CDN would hand it to every visitor.
    const varies = (r: Awaited<ReturnType<typeof head>>) => (r.headers()['vary'] ?? '').toLowerCase();
    const catalan = await head(request, '/');
    expect(catalan.status()).toBe(200);
    expect(catalan.headers()['cache-control']).toContain('s-maxage');
    for (const answer of [catalan, english]) {
      expect(varies(answer)).toContain('cookie');
      expect(varies(answer)).toContain('accept-language');
    }

    const deepLink = await head(request, '/contacto', { 'Accept-Language': 'en' });
    expect(deepLink.status()).toBe(200);
    expect(await deepLink.text()).toContain('<html lang="ca"');
  });

  test('the language switcher keeps the page and remembers the choice for 365 days', async ({ page, context }) => {
    await page.goto('/nosotros/la-flota');
    const switcher = page.getByRole('navigation', { name: /idioma/i });
    await switcher.getByRole('link', { name: /English/ }).click();
    await expect(page).toHaveURL(/\/en\/nosotros\/la-flota$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('en');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);
  });

  test('a language chosen before the page has come alive is remembered too', async ({ page, context }) => {
    // Scripts start after the first paint (decision 115); the link works without them.
    const release = await holdScripts(page);
    await page.goto('/nosotros/la-flota', { waitUntil: 'domcontentloaded' });
    await page
      .getByRole('navigation', { name: /idioma/i })
      .getByRole('link', { name: /Français/ })
      .click();
    await expect(page).toHaveURL(/\/fr\/nosotros\/la-flota$/);
    release();
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('fr');
    expect((cookie!.expires - Date.now() / 1000) / 86400).toBeGreaterThan(364);
  });
});

test.describe('metadata', () => {
  // A Catalan browser: the root path only redirects visitors whose browser prefers another language.
  test.use({ locale: 'ca-ES' });

  test('the Catalan home page has the spec title, social tags, canonical and hreflang', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Las Golondrinas - Boat tours per Barcelona des de 1888');
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[property="og:type"]')).toBe('website');
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await meta('meta[name="description"]')).toMatch(/família/);
    expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/og-cover\.jpg$/);
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]),
      );
    expect(Object.fromEntries(hreflangs)).toEqual({ ca: '/', es: '/es', en: '/en', fr: '/fr', 'x-default': '/' });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^http:\/\/localhost:\d+\/?$/);
  });

  test('each locale has its own title and description', async ({ page }) => {
    const titles = new Set<string>();
    for (const locale of locales) {
      await page.goto(localePrefix(locale) || '/');
      titles.add(await page.title());
      expect(await page.locator('meta[property="og:locale"]').getAttribute('content')).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
    }
    expect(titles.size).toBe(4);
  });

  test('the sitemap lists every indexable page in every locale, robots.txt points at it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const indexable = routeNames.filter((n) => routes[n].sitemap && !routes[n].pattern.includes('['));
    expect(urls.length).toBe((indexable.length + tourSeeds.length + schoolTourSeeds.length) * locales.length);
    expect(urls).toContain('/fr/tour/puerto-y-litoral-aquarium');
    expect(urls.some((u) => u.includes('tour-test') || u.endsWith('gracias'))).toBe(false);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  });

  test('the test variant of a tour page is not indexed', async ({ page }) => {
    await page.goto(`/en/tour-test/${tourSeeds[0]!.slug}`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
  });
});

test.describe('layouts and behaviour', () => {
  test('a crash while rendering shows the error layout in the visitor language', async ({ page }) => {
    await page.goto('/en/test-error');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en');
  });

  test('navigation fades out then in, and lands at the top of the new page', async ({ page }) => {
    // Alive: a link followed before the page's scripts run (they start after the first paint,
    // decision 115) is an ordinary full navigation, without the transition under test.
    await page.goto('/en', { waitUntil: 'networkidle' });
    await expect(page.locator('[data-arriving]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'The fleet' });
    await footerLink.click();
    await expect(page.locator('.page-transition')).toHaveAttribute('data-phase', /leaving|entering|idle/);
    await expect(page).toHaveURL(/\/en\/nosotros\/la-flota$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a page prefetches nothing as it loads, and the page a visitor points at when they do', async ({ page }) => {
    // RSC requests: what next/link sent for every link in view (decision 111).
    const rsc: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['rsc'] || request.url().includes('_rsc=')) rsc.push(request.url());
    });
    await page.goto('/en', { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    expect(rsc).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'The fleet' }).hover();
    await expect.poll(() => rsc.some((url) => url.includes('/en/nosotros/la-flota'))).toBe(true);
  });

  test('with reduced motion there is no transition', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    // Alive, as above: before hydration the link would be a full (correct) navigation.
    await page.goto('/en', { waitUntil: 'networkidle' });
    await expect(page.locator('[data-arriving]')).toHaveCount(0);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'The fleet' }).click();
    await expect(page).toHaveURL(/\/en\/nosotros\/la-flota$/);
    await expect(page.locator('.page-transition')).toHaveAttribute('data-phase', 'idle');
    // Still a client-side navigation, not a reload.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.close();
  });

  test('the health check answers 200 with the database reachable', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
  });

  test('staff redirects made in the back office answer 301 without a deploy', async ({ request }) => {
    const login = await request.post('/api/users/login', {
      data: e2eAdmin(),
    });
    expect(login.ok()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    const from = `/promocio-${Date.now()}`;
    const created = await request.post('/api/redirects', {
      headers: { Authorization: `JWT ${token}` },
      data: { from, to: '/en/contacto' },
    });
    expect(created.status()).toBe(201);
    const response = await head(request, from);
    expect(response.status()).toBe(301);
    expect(locationOf(response).pathname).toBe('/en/contacto');

    // A renamed tour: its old address is a tour path, but no tour has that id any more.
    const oldTour = `/fr/tour/ancien-nom-${Date.now()}`;
    const renamed = await request.post('/api/redirects', {
      headers: { Authorization: `JWT ${token}` },
      data: { from: oldTour, to: '/fr/tour/barcelona-port-40-min' },
    });
    expect(renamed.status()).toBe(201);
    const moved = await head(request, oldTour);
    expect(moved.status()).toBe(301);
    expect(locationOf(moved).pathname).toBe('/fr/tour/barcelona-port-40-min');
  });

  for (const path of ['/', '/en/contacto', '/fr/nosotros/la-flota', '/es/no-existe']) {
    test(`no accessibility violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }
});
