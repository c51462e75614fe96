import { writeFileSync } from 'node:fs';

import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import QRCode from 'qrcode';

import { madridToday } from '../../src/i18n/time';
import shopCa from '../../src/i18n/messages/shop/ca.json' with { type: 'json' };

import { addStaffDeparture, staffToken } from './staff-departures';
import { visitorHeaders } from './own-visitor';

/** The crew account scripts/e2e-server.mjs makes (shared by the staff specs). */
export const CREW = { email: 'e2e-crew@example.com', password: 'e2e-crew-password' };
/** The crew's phone. */
export const PHONE = { width: 390, height: 844 };

/**
 * A crew account of one spec's own, in `language` (its account's back-office language): a spec
 * signing in as the shared crew account would race the others for its one session row.
 */
export async function crewAccount(request: APIRequestContext, key: string, language: string) {
  const who = { email: `e2e-crew-${key}@example.com`, password: 'e2e-crew-password-2031' };
  const auth = { Authorization: `JWT ${await staffToken(request)}` };
  const found = await request.get(`/api/users?where[email][equals]=${encodeURIComponent(who.email)}`, {
    headers: auth,
  });
  const [user] = ((await found.json()) as { docs: { id: number }[] }).docs;
  // An existing account only changes language: a new password would end its open sessions.
  const saved = user
    ? await request.patch(`/api/users/${user.id}`, { headers: auth, data: { language } })
    : await request.post('/api/users', {
        headers: auth,
        data: { ...who, name: `Crew ${key}`, role: 'crew', language },
      });
  expect(saved.ok(), await saved.text()).toBe(true);
  return who;
}

/** A raw YUV4MPEG2 video (what Chromium's fake camera plays) showing one QR code, black on white. */
export function qrVideo(text: string, file: string): void {
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
export async function paidBookingTonight(browser: Browser, request: APIRequestContext, adults: number, time = '23:59') {
  const admin = await staffToken(request);
  const auth = { Authorization: `JWT ${admin}` };
  const { id: departureId } = await addStaffDeparture(request, auth, {
    date: madridToday(new Date()),
    time,
    capacity: 20,
    key: 'boarding',
  });

  const headers = visitorHeaders('boarding');
  const hold = await request.post('/api/shop/holds', {
    headers,
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
  const payment = await request.post(`/api/shop/holds/${reference}/payment`, { headers });
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

export async function crewList(request: APIRequestContext, departureId: number, who = CREW) {
  const crew = await staffToken(request, who);
  const response = await request.get(`/api/boarding/departures/${departureId}/tickets`, {
    headers: { Authorization: `JWT ${crew}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tickets: { code: string; state: string; checkedInBy: string | null }[] })
    .tickets;
}

/**
 * Signs in at the back office's sign-in, which comes back to the staff app's `page` (the boarding
 * page unless told): the app is another root layout than Payload's, so the browser loads it whole.
 */
export async function signIn(page: Page, who: { email: string; password: string }, to = '/staff/boarding') {
  await page.goto(`/admin/login?redirect=${encodeURIComponent(to)}`);
  await page.locator('input[name=email]').fill(who.email);
  await page.locator('input[name=password]').fill(who.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === to);
  // The page reloads itself when reached by a client-side redirect (the camera needs its own document).
  await page.waitForFunction(
    (path) => new URL((performance.getEntriesByType('navigation')[0] as PerformanceEntry).name).pathname === path,
    to,
  );
}
