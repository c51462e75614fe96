import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import QRCode from 'qrcode';

import { baseURL } from '../../playwright.config';
import { madridToday } from '../../src/booking/time';
import boardingCa from '../../src/i18n/messages/boarding/ca.json' with { type: 'json' };
import boardingEn from '../../src/i18n/messages/boarding/en.json' with { type: 'json' };
import shopCa from '../../src/i18n/messages/shop/ca.json' with { type: 'json' };

import { addStaffDeparture, staffToken } from './staff-departures';
import { SHOTS } from './shots';

/**
 * The crew at the gangway on a 390×844 phone: sign in, pick today's departure, board one ticket
 * by typing its code (a second time: "already boarded"), one by pointing the camera at its QR
 * (Chromium's fake camera plays a video of the QR), and one while the phone is offline, which
 * the server has once the network is back.
 */
const CREW = { email: 'e2e-crew@example.com', password: 'e2e-crew-password' };
const PHONE = { width: 390, height: 844 };

const token = staffToken;

/** A raw YUV4MPEG2 video (what Chromium's fake camera plays) showing one QR code, black on white. */
function qrVideo(text: string, file: string): void {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor((height * 0.8) / (modules + 8));
  const size = (modules + 8) * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      const dark = row >= 0 && col >= 0 && row < modules && col < modules && qr.modules.get(row, col);
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
}

/** A paid booking of `adults` on a departure late tonight, bought through the shop and its test gateway. */
async function paidBookingTonight(browser: Browser, request: APIRequestContext, adults: number) {
  const admin = await token(request);
  const auth = { Authorization: `JWT ${admin}` };
  const { id: departureId } = await addStaffDeparture(request, auth, {
    date: madridToday(new Date()),
    time: '23:59',
    capacity: 20,
    key: 'boarding',
  });

  const hold = await request.post('/api/shop/holds', {
    data: {
      departureId: String(departureId),
      tripType: 'roundTrip',
      adult: String(adults),
      reduced: '',
      child: '0',
      super3: '0',
      audioGuides: '0',
      name: 'Núria',
      surnames: 'Casals Puig',
      email: 'nuria@example.com',
      phone: '933 000 000',
      mobilePhone: '600 000 000',
      comments: '',
      locale: 'ca',
    },
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const { reference } = (await hold.json()) as { reference: string };
  const payment = await request.post(`/api/shop/holds/${reference}/payment`);
  const { form } = (await payment.json()) as { form: { action: string; fields: Record<string, string> } };

  // The visitor's browser posts the signed form to the test gateway and pays with the test card.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.evaluate(({ action, fields }) => {
    const element = document.createElement('form');
    element.method = 'POST';
    element.action = action;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      element.append(input);
    }
    document.body.append(element);
    element.submit();
  }, form);
  await visitor.waitForURL(/pago-de-prueba/);
  await visitor.getByLabel(shopCa.shop.sandbox.card).fill('4548810000000003');
  await visitor.getByRole('button', { name: new RegExp(`^${shopCa.shop.sandbox.pay}`) }).click();
  await visitor.waitForURL(/reserva=/);
  await visitor.close();
  return { departureId, reference };
}

async function crewList(request: APIRequestContext, departureId: number) {
  const crew = await token(request, CREW);
  const response = await request.get(`/api/boarding/departures/${departureId}/tickets`, {
    headers: { Authorization: `JWT ${crew}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tickets: { code: string; state: string; checkedInBy: string | null }[] })
    .tickets;
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/login?redirect=%2Fadmin%2Fboarding');
  await page.locator('input[name=email]').fill(who.email);
  await page.locator('input[name=password]').fill(who.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/boarding$/);
  // The page reloads itself when reached by a client-side redirect (the camera needs its own document).
  await page.waitForFunction(
    () =>
      new URL((performance.getEntriesByType('navigation')[0] as PerformanceEntry).name).pathname === '/admin/boarding',
  );
}

test('the crew boards by typed code, by camera and offline, on a phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { departureId } = await paidBookingTonight(browser, request, 3);
  // The gateway's notification confirms the booking and issues its tickets on the server.
  await expect.poll(async () => (await crewList(request, departureId)).length).toBe(3);
  const tickets = await crewList(request, departureId);
  const [typed, filmed, offline] = tickets.map((ticket) => ticket.code) as [string, string, string];

  const dir = path.join(tmpdir(), `boarding-e2e-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const video = path.join(dir, 'qr.y4m');
  qrVideo(filmed, video);
  const phone = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      locale: 'ca-ES',
    });
    await context.grantPermissions(['camera'], { origin: baseURL });
    await context.addCookies([{ name: 'payload-lng', value: 'ca', url: baseURL }]);
    const page = await context.newPage();
    const t = boardingCa.boarding;

    await signIn(page, CREW);
    await expect(page.getByRole('heading', { name: t.pickDeparture })).toBeVisible();
    await page.getByRole('button', { name: /23:59/ }).click();
    const answer = page.getByTestId('answer');
    const code = page.getByLabel(t.codeLabel);

    // By typed code, in lower case as a crew member might type it.
    await code.fill(typed.toLowerCase());
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'boarded');
    await expect(answer).toContainText(t.result.boarded);
    await expect(answer).toContainText('Núria Casals Puig');
    await expect(page.getByTestId('on-board')).toHaveText('1 de 3 a bord');

    await code.fill(typed);
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(answer).toHaveAttribute('data-result', 'already-boarded');
    await expect(answer).toContainText('Marta Vidal');
    await page.screenshot({ path: path.join(SHOTS, 'boarding-ca-already-boarded.png') });

    // By camera: the QR in view boards the ticket, and read again a few seconds later it is already on board.
    // Chromium here has no BarcodeDetector: the ZXing decoder loads on first use, and with the
    // rest of the suite running alongside, reading the first frames took over 15 s in CI.
    await page.getByRole('button', { name: t.scan }).click();
    await expect(answer).toHaveAttribute('data-result', 'boarded', { timeout: 45_000 });
    await expect(page.getByTestId('on-board')).toHaveText('2 de 3 a bord');
    await page.screenshot({ path: path.join(SHOTS, 'boarding-ca-camera-boarded.png') });
    await expect(answer).toHaveAttribute('data-result', 'already-boarded', { timeout: 15_000 });
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
      .poll(async () => (await crewList(request, departureId)).map((ticket) => ticket.state))
      .toEqual(['boarded', 'boarded', 'boarded']);

    // The same page in English, for the crew member whose admin language it is.
    await context.addCookies([{ name: 'payload-lng', value: 'en', url: baseURL }]);
    await page.reload();
    const en = boardingEn.boarding;
    await page.getByLabel(en.codeLabel).fill(filmed);
    await page.getByRole('button', { name: en.check, exact: true }).click();
    await expect(answer).toContainText(en.result['already-boarded']);
    await page.screenshot({ path: path.join(SHOTS, 'boarding-en-already-boarded.png') });
    await page.getByRole('button', { name: en.changeDeparture }).click();
    await expect(page.getByRole('heading', { name: en.pickDeparture })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'boarding-en-departures.png') });
    await context.close();
  } finally {
    await phone.close();
  }
});
