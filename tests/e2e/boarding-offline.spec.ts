import path from 'node:path';

import { expect, test } from '@playwright/test';

import { FILES_CACHE, PAGE_CACHE } from '../../src/components/staff-app/offline-app';
import boardingCa from '../../src/i18n/messages/boarding/ca.json' with { type: 'json' };
import boardingEn from '../../src/i18n/messages/boarding/en.json' with { type: 'json' };

import { madridToday } from '../../src/booking/time';

import { crewAccount, crewList, paidBookingTonight, PHONE, signIn } from './boarding-helpers';
import { addStaffDeparture, staffToken } from './staff-departures';
import { SHOTS } from './shots';

/**
 * The quay has no signal and the phone was switched off: the crew open the boarding page cold,
 * with no network, and board from the list the phone kept; the server has it once the network is
 * back. On a 390×844 phone, in the crew member's own language (their account's, in a browser set
 * to another), twice: Catalan and English.
 */
const LANGUAGES = [
  {
    language: 'ca',
    browser: 'en-US',
    time: '23:57',
    t: boardingCa.boarding,
    onBoard: (n: number) => `${n} de 2 a bord`,
  },
  {
    language: 'en',
    browser: 'es-ES',
    time: '23:58',
    t: boardingEn.boarding,
    onBoard: (n: number) => `${n} of 2 on board`,
  },
] as const;

for (const { language, browser: browserLocale, time, t, onBoard } of LANGUAGES) {
  test(`the boarding page opens and boards with no network after a cold start (${language})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const crew = await crewAccount(request, `offline-${language}`, language);
    const { departureId } = await paidBookingTonight(browser, request, 2, time);
    await expect.poll(async () => (await crewList(request, departureId, crew)).length).toBe(2);
    const [first, second] = (await crewList(request, departureId, crew)).map((ticket) => ticket.code) as [
      string,
      string,
    ];

    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: browserLocale,
      serviceWorkers: 'allow',
    });
    try {
      const page = await context.newPage();
      await signIn(page, crew);
      await page
        .getByRole('link', { name: new RegExp(time) })
        .last()
        .click();
      await expect(page.getByTestId('on-board')).toHaveText(onBoard(0));
      await expect(page.getByTestId('refreshed')).toContainText(t.listUpdated.split(':')[0]!);

      // Online, the page installs its worker, which keeps the page and every build file it loaded.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect
        .poll(
          () =>
            page.evaluate(
              async ({ pageCache, filesCache }) => {
                const kept = await (await caches.open(pageCache)).match('/staff/boarding');
                const files = new Set(
                  (await (await caches.open(filesCache)).keys()).map((r) => new URL(r.url).pathname),
                );
                const loaded = performance
                  .getEntriesByType('resource')
                  .map((entry) => new URL(entry.name))
                  .filter((url) => url.origin === location.origin && url.pathname.startsWith('/_next/static/'));
                return Boolean(kept) && loaded.length > 0 && loaded.every((url) => files.has(url.pathname));
              },
              { pageCache: PAGE_CACHE, filesCache: FILES_CACHE },
            ),
          { timeout: 60_000 },
        )
        .toBe(true);
      await page.close();

      // The network goes; a new page opens the boarding page: the worker answers with what it kept.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const offlineSince = Date.now();
      await context.setOffline(true);
      const cold = await context.newPage();
      const response = await cold.goto('/staff/boarding');
      expect(response?.fromServiceWorker()).toBe(true);
      // The page the phone kept, not a fresh one: the server answered it before the network went.
      expect(Date.parse(response!.headers()['date']!)).toBeLessThan(offlineSince);

      await expect(cold.getByTestId('network')).toHaveText(t.offline);
      await expect(cold.getByTestId('on-board')).toHaveText(onBoard(0));
      // When its data was last refreshed: day and 24-hour Barcelona time, in the crew's language.
      await expect(cold.getByTestId('refreshed')).toHaveText(
        new RegExp(`^${t.listUpdated.split('{date}')[0]!}.+, \\d{2}:\\d{2} `),
      );
      await expect(cold.getByTestId('refreshed')).not.toContainText(/AM|PM/);

      await cold.getByLabel(t.codeLabel).fill(first.toLowerCase());
      const board = cold.getByRole('button', { name: t.check, exact: true });
      const box = (await board.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      await board.click();
      const answer = cold.getByTestId('answer');
      await expect(answer).toHaveAttribute('data-result', 'boarded');
      await expect(answer).toContainText(t.offlineAnswer);
      await expect(cold.getByTestId('on-board')).toHaveText(onBoard(1));
      await cold.screenshot({ path: path.join(SHOTS, `boarding-${language}-offline-cold-start.png`) });
      expect((await crewList(request, departureId, crew)).find((ticket) => ticket.code === first)?.state).toBe('valid');

      // The network is back: the check-in reaches the server, and the phone's list is the server's.
      await context.setOffline(false);
      await expect(cold.getByTestId('network')).toHaveText(t.online);
      await expect
        .poll(async () => (await crewList(request, departureId, crew)).find((ticket) => ticket.code === first)?.state)
        .toBe('boarded');
      expect((await crewList(request, departureId, crew)).find((ticket) => ticket.code === second)?.state).toBe(
        'valid',
      );
    } finally {
      await context.close();
    }
  });
}

test('offline, an old ticket of a booking moved away reads "replaced", as online, with no framework toast', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const crew = await crewAccount(request, 'offline-replaced', 'ca');
  const { departureId, reference } = await paidBookingTonight(browser, request, 2, '23:54');
  const old = (await crewList(request, departureId, crew)).map((ticket) => ticket.code);
  expect(old).toHaveLength(2);
  // The office moves the booking to a later departure tonight: its old tickets are replaced.
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const later = await addStaffDeparture(request, admin, {
    date: madridToday(new Date()),
    time: '23:59',
    capacity: 20,
    key: 'replaced',
  });
  const moved = await request.post(`/api/ops/bookings/${reference}/move`, {
    headers: admin,
    data: { departure: later.id },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'ca-ES',
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await signIn(page, crew);
    await page.getByRole('link', { name: /23:54/ }).last().click();
    await expect(page.getByTestId('refreshed')).toContainText(boardingCa.boarding.listUpdated.split(':')[0]!);
    // The phone's list of the old departure carries the replaced tickets.
    await expect
      .poll(() =>
        page.evaluate(
          (id) => (JSON.parse(localStorage.getItem(`golondrinas.boarding.list.${id}`) ?? '{}').replaced ?? []).length,
          departureId,
        ),
      )
      .toBe(2);
    // Online first: the server's answer.
    const code = page.getByLabel(boardingCa.boarding.codeLabel);
    const check = page.getByRole('button', { name: boardingCa.boarding.check, exact: true });
    await code.fill(old[0]!);
    await check.click();
    const answer = page.getByTestId('answer');
    await expect(answer).toHaveAttribute('data-result', 'replaced');
    const online = (await answer.innerText()).trim();

    // The network goes, and the phone opens the page cold: the same answer from the phone's list.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(
        () =>
          page.evaluate(
            async ({ pageCache, filesCache }) => {
              const kept = await (await caches.open(pageCache)).match('/staff/boarding');
              const files = new Set((await (await caches.open(filesCache)).keys()).map((r) => new URL(r.url).pathname));
              const loaded = performance
                .getEntriesByType('resource')
                .map((entry) => new URL(entry.name))
                .filter((url) => url.origin === location.origin && url.pathname.startsWith('/_next/static/'));
              return Boolean(kept) && loaded.length > 0 && loaded.every((url) => files.has(url.pathname));
            },
            { pageCache: PAGE_CACHE, filesCache: FILES_CACHE },
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    await page.close();
    await context.setOffline(true);
    const cold = await context.newPage();
    await cold.goto('/staff/boarding');
    await expect(cold.getByTestId('network')).toHaveText(boardingCa.boarding.offline);
    await cold.getByLabel(boardingCa.boarding.codeLabel).fill(old[1]!);
    await cold.getByRole('button', { name: boardingCa.boarding.check, exact: true }).click();
    const offlineAnswer = cold.getByTestId('answer');
    await expect(offlineAnswer).toHaveAttribute('data-result', 'replaced');
    await expect(offlineAnswer).toContainText(boardingCa.boarding.result.replaced);
    await expect(offlineAnswer).toContainText(online.split('\n')[0]!);
    await expect(offlineAnswer).not.toContainText(boardingCa.boarding.result.unknown);
    // No toast of a framework over the camera button (the app has none), and no English.
    await cold.waitForTimeout(1500);
    await expect(cold.locator('.payload-toast-container li:visible')).toHaveCount(0);
    await expect(cold.locator('body')).not.toContainText(/Fetching user failed|Failed to fetch/, {
      useInnerText: true,
    });
    await cold.screenshot({ path: path.join(SHOTS, 'boarding-ca-offline-replaced.png') });
  } finally {
    await context.close();
  }
});

test('signing out forgets the boarding app and the passenger lists this phone kept', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const crew = await crewAccount(request, 'signout', 'ca');
  const { departureId } = await paidBookingTonight(browser, request, 1, '23:56');
  await expect.poll(async () => (await crewList(request, departureId, crew)).length).toBe(1);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'ca-ES' });
  try {
    const page = await context.newPage();
    await signIn(page, crew);
    await page.getByRole('link', { name: /23:56/ }).last().click();
    await expect(page.getByTestId('on-board')).toHaveText("0 d'1 a bord");
    const kept = () =>
      page.evaluate(async () => ({
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        caches: (await caches.keys()).filter((name) => name.startsWith('staff-') || name.startsWith('boarding-'))
          .length,
        lists: Object.keys(localStorage).filter((key) => key.startsWith('golondrinas.boarding.list.')).length,
      }));
    await expect.poll(async () => (await kept()).workers, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await kept()).caches, { timeout: 30_000 }).toBe(2);
    expect((await kept()).lists).toBeGreaterThan(0);

    await page.goto('/admin/logout');
    await page.waitForURL(/\/admin\/login/);
    await expect.poll(kept).toEqual({ workers: 0, caches: 0, lists: 0 });
  } finally {
    await context.close();
  }
});
