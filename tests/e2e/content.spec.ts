import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { locales, type Locale } from '../../src/i18n/locales';
import { alternatesFor, publicRouteNames, type RouteName } from '../../src/i18n/routes';
import { schoolTourSeeds, tourSeeds } from '../../src/seed/catalog';
import { pageSeeds } from '../../src/seed/content-site';
import { e2eAdmin } from './staff-departures';

const tour = tourSeeds.find((t) => t.slug === 'puerto-y-litoral-aquarium')!;
const paramsFor: Partial<Record<RouteName, Record<string, string>>> = {
  tour: { id: tour.slug },
  tourTest: { id: tour.slug },
  school: { id: schoolTourSeeds[1]!.slug },
};
const path = (name: RouteName, locale: Locale) => alternatesFor(name, paramsFor[name])[locale];

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}
const typesOf = (items: Record<string, unknown>[]) => items.flatMap((item) => [item['@type']].flat() as string[]);

test.describe('every page in every language', () => {
  for (const name of publicRouteNames) {
    test(`${name}: 200, a heading and text in the page's own language`, async ({ request }) => {
      for (const locale of locales) {
        const response = await request.get(path(name, locale));
        expect(response.status(), path(name, locale)).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${locale}"`);
        expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      }
    });
  }

  test('a tour and the legal pages show the language asked for, not Catalan', async ({ page }) => {
    for (const locale of locales) {
      await page.goto(path('tour', locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tour.title[locale]);
      const privacy = pageSeeds.find((p) => p.key === 'privacy')!;
      await page.goto(path('privacy', locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacy.title[locale]);
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(privacy.body[locale][0]!.h2!);
    }
  });
});

test.describe('tour page', () => {
  test('has every section, the audio guide terms and its structured data', async ({ page }) => {
    await page.goto(path('tour', 'en'));
    for (const heading of [
      'About the tour',
      "What's included",
      'Departures',
      'Audio guide',
      'Boarding and reservation',
      'Boarding point and how to arrive',
      'Map',
      'Weather at the boarding point',
      'Frequently asked questions',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator('#reservar [data-slot="tour-booking"]')).toBeVisible();
    await expect(page.getByText('3.00 EUR')).toBeVisible();
    await expect(page.getByText(/Headphones are not included/)).toBeVisible();
    // The timetable is rendered from the timetable data, which sells this combination every day.
    await expect(page.locator('.timetable dt', { hasText: 'Every day' })).toBeVisible();
    await expect(page.getByText('Metro', { exact: true })).toBeVisible();

    const data = await jsonLd(page);
    expect(typesOf(data)).toEqual(expect.arrayContaining(['TouristTrip', 'FAQPage', 'BreadcrumbList']));
    const trip = data.find((d) => typesOf([d]).includes('TouristTrip'))!;
    // What checkout charges one adult (src/content/price-from.ts), not a typed figure.
    expect(trip.offers).toMatchObject({ priceCurrency: 'EUR', price: '34.00' });
  });

  test('the FAQ opens with the keyboard', async ({ page }) => {
    await page.goto(path('tour', 'en'));
    const question = page.getByText('Do children pay?');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/Club Super3 card travel free/)).toBeVisible();
  });

  test('the test variant puts booking first and is not indexed', async ({ page }) => {
    await page.goto(path('tourTest', 'en'));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const order = await page.locator('h2').allTextContents();
    expect(order.indexOf('Boarding and reservation')).toBeLessThan(order.indexOf('About the tour'));
  });

  test('the interactive map loads only when asked for', async ({ page }) => {
    const mapRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/tiles\/|leaflet/i.test(request.url())) mapRequests.push(request.url());
    });
    await page.goto(path('tour', 'en'));
    await expect(page.getByRole('img', { name: /Simplified drawing of the boarding point/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      /openstreetmap\.org/,
    );
    await page.waitForLoadState('networkidle');
    expect(mapRequests).toEqual([]);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);

    await page.getByRole('button', { name: 'Show interactive map' }).click();
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expect(page.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
    await expect.poll(() => mapRequests.some((url) => url.includes('/tiles/'))).toBe(true);
  });

  test('shows the forecast from the weather service', async ({ page }) => {
    await page.goto(path('tour', 'fr'));
    const weather = page.getByTestId('weather');
    await expect(weather.getByRole('heading', { name: 'Aujourd’hui' })).toBeVisible();
    // Today's sky (tomorrow's may be the same, depending on the hour the test runs).
    await expect(weather.getByText('Partiellement nuageux').first()).toBeVisible();
    await expect(weather.getByText(/°C/).first()).toBeVisible();
  });

  test('still renders fast, politely, when the weather service does not answer', async ({ page }) => {
    // The stub never answers for Port Fòrum, where the event tickets board.
    const started = Date.now();
    const response = await page.goto(alternatesFor('tour', { id: 'entradas-americas-cup' }).en);
    expect(response?.status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(8000);
    await expect(page.getByTestId('weather')).toContainText('The weather forecast is not available right now');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('other pages', () => {
  test('home: slogan, tours, today’s departures slot and LocalBusiness since 1888', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barcelona from the sea, since 1888');
    await expect(page.locator('[data-slot="todays-departures"]')).toBeVisible();
    for (const name of [
      'Our most popular tours',
      'Boat + visit',
      'From Port Fòrum',
      'More than a century in the port',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    const business = (await jsonLd(page)).find((d) => typesOf([d]).includes('LocalBusiness'));
    expect(business).toMatchObject({ foundingDate: '1888', name: 'Las Golondrinas' });
  });

  test('today’s departures are in the home page’s HTML, as the shop has them, before any script runs', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en');
    const board = page.locator('section.todays-departures');
    const rows = board.getByRole('listitem');
    const { departures } = (await (await request.get('/api/shop/today?locale=en')).json()) as {
      departures: { time: string; tourTitle: string; departed: boolean }[];
    };
    if ((await rows.count()) === 0) {
      await expect(board).toContainText('No more departures today');
    } else {
      // The page is cached for a few minutes while other tests add departures to today: its rows
      // are departures the shop has today, not necessarily its newest ones.
      const first = (await rows.first().textContent()) ?? '';
      expect(
        departures.some((departure) => first.includes(departure.time) && first.includes(departure.tourTitle)),
        `${first} is one of today's departures`,
      ).toBe(true);
      await expect(board).toContainText('Seats updated at');
      await expect(board).not.toContainText('Checking today');
    }
    await context.close();
  });

  test('a boat that leaves while the home page is open turns grey on the board instead of vanishing', async ({
    page,
  }) => {
    type Row = { id: number; time: string; tourTitle: string; departed: boolean; bookable: boolean };
    // The first departure still to sail when the page asks; other tests may add departures meanwhile.
    let leaving: Row | undefined;
    let answered = false;
    let leave = false;
    await page.route('**/api/shop/today?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { ok: boolean; departures: Row[] };
      if (!answered) leaving = body.departures.find((departure) => !departure.departed);
      answered = true;
      const departure = body.departures.find(({ id }) => id === leaving?.id);
      if (leave && departure) Object.assign(departure, { departed: true, bookable: false });
      await route.fulfill({ response, json: body });
    });
    await page.clock.install();
    await page.goto('/en');
    await expect.poll(() => answered, { message: 'the board asked for seats' }).toBe(true);
    test.skip(!leaving, 'no departure is left today at this hour: nothing can leave');
    const rows = page.locator('section.todays-departures li');
    const row = rows.filter({ hasText: leaving!.tourTitle }).filter({ hasText: leaving!.time }).first();
    await expect(row).not.toHaveAttribute('data-state', 'departed');
    const count = await rows.count();
    leave = true;
    // The board asks again every 30 s.
    await page.clock.runFor(31_000);
    await expect(row).toHaveAttribute('data-state', 'departed');
    await expect(row).toContainText('Sales closed');
    await expect(row.getByRole('link', { name: /^Book/ })).toHaveCount(0);
    expect(await rows.count()).toBeGreaterThanOrEqual(count);
  });

  test('fleet shows length, breadth, launching and capacity of each boat', async ({ page }) => {
    await page.goto('/en/nosotros/la-flota');
    const boat = page.locator('.boat', { has: page.getByRole('heading', { name: 'Encarnación' }) });
    await expect(boat).toContainText('19.8 m');
    await expect(boat).toContainText('5.2 m');
    await expect(boat).toContainText('1929');
    await expect(boat).toContainText('120 passengers');
  });

  test('images from the past open in a lightbox that works with the keyboard', async ({ page }) => {
    await page.goto('/en/nosotros/pasado');
    const first = page.getByRole('button', { name: 'Enlarge: 1888' });
    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Image from the past' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1888');
    await expect(dialog).toContainText('1 of 4');
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toContainText('1929');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toContainText('1988');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });

  test('school tour lists its programmes and marks the request form slot', async ({ page }) => {
    await page.goto('/en/escuelas/mar-a-la-vista');
    await expect(page.getByRole('heading', { name: 'Sea at sight 90 min Port Forum' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sea at sight 60 min Olympic Port' })).toBeVisible();
    await expect(page.getByText('Minimum of 40 students', { exact: true })).toBeVisible();
    await expect(page.locator('#reservar [data-slot="school-request"]')).toBeVisible();
  });

  test('contact shows address, phone, opening times and the form slot', async ({ page }) => {
    await page.goto('/es/contacto');
    await expect(page.getByText('Moll de les Drassanes, s/n, 08039 Barcelona').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '+34 934 423 106' }).first()).toHaveAttribute(
      'href',
      'tel:+34934423106',
    );
    await expect(page.getByText(/Taquilla del muelle/)).toBeVisible();
    await expect(page.locator('[data-slot="contact-form"]')).toBeVisible();
  });
});

test('a staff edit in the back office shows on the public page without a restart', async ({ page, request }) => {
  const login = await request.post('/api/users/login', {
    data: e2eAdmin(),
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `JWT ${token}` };
  const found = await request.get('/api/tours?where[slug][equals]=puerto-y-litoral-museo-de-cera&depth=0', { headers });
  const id = ((await found.json()) as { docs: { id: number }[] }).docs[0]!.id;

  const target = alternatesFor('tour', { id: 'puerto-y-litoral-museo-de-cera' }).es;
  const heading = async () => {
    await page.goto(target);
    return page.getByRole('heading', { level: 1 }).textContent();
  };
  // A title no earlier run can have cached, then back to the seeded one: both must show up.
  const edited = `Museo de Cera, editado ${Date.now()}`;
  for (const title of [edited, 'Puerto y litoral + Museo de Cera']) {
    const saved = await request.patch(`/api/tours/${id}?locale=es`, { headers, data: { title } });
    expect(saved.ok()).toBe(true);
    await expect.poll(heading, { timeout: 15_000 }).toBe(title);
  }
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  // Every page once, the languages taken in turn (each on a quarter of the pages): the same
  // templates in four languages were half the browser suite's time, while what differs between
  // languages is text, checked above for all four on every page.
  const sweeps = publicRouteNames.map((name, i) => ({ name, locale: locales[i % locales.length]! }));
  for (const { name, locale } of sweeps) {
    test(`${name} in ${locale}`, async ({ page }) => {
      await page.goto(path(name, locale));
      const results = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
  test('the open lightbox and the interactive map', async ({ page }) => {
    await page.goto('/en/nosotros/pasado');
    await page.getByRole('button', { name: 'Enlarge: 1929' }).click();
    let results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.goto(path('tour', 'en'));
    await page.getByRole('button', { name: 'Show interactive map' }).click();
    await expect(page.locator('.leaflet-container')).toBeVisible();
    results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
