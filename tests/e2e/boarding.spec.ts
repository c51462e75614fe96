import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, expect, test } from '@playwright/test';

import { baseURL, chromiumPath } from '../../playwright.config';
import boardingCa from '../../src/i18n/messages/boarding/ca.json' with { type: 'json' };
import boardingEn from '../../src/i18n/messages/boarding/en.json' with { type: 'json' };

import { madridToday } from '../../src/i18n/time';

import { crewAccount, crewList, paidBookingTonight, PHONE, qrVideo, signIn } from './boarding-helpers';
import { addStaffDeparture, staffToken } from './staff-departures';
import { SHOTS } from './shots';

/**
 * The crew at the gangway on a 390×844 phone: sign in, pick today's departure, board one ticket
 * by typing its code (a second time: "already boarded"), one by pointing the camera at its QR
 * (Chromium's fake camera plays a video of the QR; left in view, it stays one scan), and one while
 * the phone is offline, which the server has once the network is back. The page speaks the crew
 * member's language as their account says, whatever the browser's.
 */
test('the crew boards by typed code, by camera and offline, on a phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const crew = await crewAccount(request, 'camera', 'ca');
  const { departureId } = await paidBookingTonight(browser, request, 3);
  // The gateway's notification confirms the booking and issues its tickets on the server.
  await expect.poll(async () => (await crewList(request, departureId, crew)).length).toBe(3);
  const tickets = await crewList(request, departureId, crew);
  const [typed, filmed, offline] = tickets.map((ticket) => ticket.code) as [string, string, string];

  const dir = path.join(tmpdir(), `boarding-e2e-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const video = path.join(dir, 'qr.y4m');
  qrVideo(filmed, video);
  const phone = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await phone.newContext({
      baseURL,
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      // An English browser: the page follows the account (Catalan), not the browser.
      locale: 'en-US',
    });
    await context.grantPermissions(['camera'], { origin: baseURL });
    const page = await context.newPage();
    const t = boardingCa.boarding;

    await signIn(page, crew);
    await expect(page.getByRole('heading', { name: t.pickDeparture })).toBeVisible();
    // The newest departure at 23:59 (a rerun against the same server finds the earlier ones too).
    await page.getByRole('link', { name: /23:59/ }).last().click();
    const answer = page.getByTestId('answer');
    const code = page.getByLabel(t.codeLabel);

    // By typed code, in lower case as a crew member might type it.
    await code.fill(typed.toLowerCase());
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'boarded');
    await expect(answer).toContainText(t.result.boarded);
    await expect(answer).toContainText('Núria Casals Puig');
    await expect(page.getByTestId('on-board')).toHaveText('1 de 3 a bord');

    // Typed again at once (a passenger showing the same ticket twice): the same answer, not a
    // second passenger "already boarded" on it.
    await code.fill(typed);
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'boarded');
    await expect(page.getByTestId('on-board')).toHaveText('1 de 3 a bord');

    // By camera: the QR in view boards the ticket. Chromium here has no BarcodeDetector: the ZXing
    // decoder loads on first use, and with the rest of the suite running alongside, reading the
    // first frames took over 15 s in CI. The panel still shows the typed ticket's green answer
    // until the camera reads, so it is the count that says the camera's scan has landed.
    await page.getByRole('button', { name: t.scan }).click();
    await expect(page.getByTestId('on-board')).toHaveText('2 de 3 a bord', { timeout: 45_000 });
    await expect(answer).toHaveAttribute('data-result', 'boarded');
    const firstAnswer = await answer.innerText();
    // With the camera on, the actions are on screen, in the lower half (the thumb's).
    for (const button of [
      page.getByRole('button', { name: t.check, exact: true }),
      page.getByRole('button', { name: t.stopCamera }),
    ]) {
      const box = (await button.boundingBox())!;
      expect(box.y).toBeGreaterThan(PHONE.height / 2);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    await page.screenshot({ path: path.join(SHOTS, 'boarding-ca-camera-boarded.png') });
    // Left in front of the camera, the QR is read again and again: it stays one scan, the answer
    // green "Boarded" as first given (it used to turn into "already boarded" by this crew member).
    await page.waitForTimeout(7000);
    await expect(answer).toHaveAttribute('data-result', 'boarded');
    expect(await answer.innerText()).toBe(firstAnswer);
    await page.getByRole('button', { name: t.stopCamera }).click();

    // Offline: the phone answers from its list and queues the check-in…
    await context.setOffline(true);
    await expect(page.getByText(t.offline)).toBeVisible();
    await code.fill(offline);
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'boarded');
    await expect(answer).toContainText(t.offlineAnswer);
    await expect(page.getByTestId('network')).toContainText('1 embarcament per enviar');
    await page.screenshot({ path: path.join(SHOTS, 'boarding-ca-offline.png') });
    // …and sends it when the network is back.
    await context.setOffline(false);
    await expect(page.getByTestId('network')).toHaveText(t.online);
    await expect
      .poll(async () => (await crewList(request, departureId, crew)).map((ticket) => ticket.state))
      .toEqual(['boarded', 'boarded', 'boarded']);

    // The same page in English once the crew member's account says so, on a 24-hour clock.
    await crewAccount(request, 'camera', 'en');
    await page.reload();
    const en = boardingEn.boarding;
    await page.getByLabel(en.codeLabel).fill(filmed);
    await page.getByRole('button', { name: en.check, exact: true }).click();
    await expect(answer).toContainText(en.result['already-boarded']);
    await expect(answer).toContainText(/At \d{2}:\d{2} by Crew camera/);
    await expect(answer).not.toContainText(/AM|PM/);
    await expect(page.getByTestId('refreshed')).toHaveText(/^List updated: .+, \d{2}:\d{2} \(Barcelona time\)$/);
    await page.screenshot({ path: path.join(SHOTS, 'boarding-en-already-boarded.png') });
    await page.getByRole('button', { name: en.changeDeparture }).click();
    await expect(page.getByRole('heading', { name: en.pickDeparture })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'boarding-en-departures.png') });
    await context.close();
  } finally {
    await phone.close();
  }
});

test('a departure tapped before the page has come alive still opens', async ({ browser, request }) => {
  const crew = await crewAccount(request, 'early-tap', 'ca');
  const auth = { Authorization: `JWT ${await staffToken(request)}` };
  await addStaffDeparture(request, auth, {
    date: madridToday(new Date()),
    time: '23:54',
    capacity: 20,
    key: 'early-tap',
  });
  // No worker: the held scripts below must be the page's own requests.
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await signIn(page, crew);

    // A slow phone: the list is on screen, its scripts have not run yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_next\/static\/.*\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.reload({ waitUntil: 'commit' });
    const departure = page.getByRole('link', { name: /23:54/ }).last();
    await departure.click({ noWaitAfter: true });
    await page.waitForURL(/departure=/, { waitUntil: 'commit' });
    release();

    await expect(page.getByTestId('on-board')).toHaveText('0 de 0 a bord');
    // The address drops the choice once the app has it: a reload keeps the phone's remembered one.
    await expect.poll(() => new URL(page.url()).search).toBe('');
  } finally {
    await context.close();
  }
});
