import { createHash } from 'node:crypto';

import { expect, test, type APIRequestContext } from '@playwright/test';
import { unzipSync } from 'fflate';

import { madridToday } from '../../src/i18n/time';
import ca from '../../src/i18n/messages/tickets/ca.json' with { type: 'json' };
import fr from '../../src/i18n/messages/tickets/fr.json' with { type: 'json' };
import { linkFromOutbox, paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * A visitor on a 390 px phone, in two languages, finds "Add to Apple Wallet" and "Add to Google
 * Wallet" on the booking page (the e2e server runs with made-up wallet credentials, see
 * scripts/e2e-server.mjs); the .pkpass is a signed pass with the booking's time, place and QR. The
 * office then moves the booking: Apple's web service hands the phone the pass with the new time,
 * and the phone is pushed (to the local APNs stand-in).
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const pushesUrl = `http://127.0.0.1:${port + 3}/pushes`;

function dayAhead(days: number): string {
  const [y, m, d] = madridToday(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

type PassJson = {
  serialNumber: string;
  passTypeIdentifier: string;
  authenticationToken: string;
  relevantDate: string;
  locations?: { latitude: number; longitude: number; relevantText: string }[];
  barcodes: { format: string; message: string }[];
  eventTicket: Record<string, { key: string; label: string; value: string }[]>;
};

async function openPass(body: Buffer): Promise<{ pass: PassJson; files: Record<string, Uint8Array> }> {
  const files = unzipSync(new Uint8Array(body));
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Record<string, string>;
  for (const [name, hash] of Object.entries(manifest))
    expect(createHash('sha1').update(files[name]!).digest('hex'), name).toBe(hash);
  expect(files.signature?.byteLength).toBeGreaterThan(1000);
  return { pass: JSON.parse(new TextDecoder().decode(files['pass.json'])) as PassJson, files };
}

const field = (pass: PassJson, key: string) =>
  Object.values(pass.eventTicket)
    .flat()
    .find((f) => f.key === key);

async function latestPass(request: APIRequestContext, pass: PassJson) {
  return request.get(`/api/wallet/apple/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, {
    headers: { Authorization: `ApplePass ${pass.authenticationToken}` },
  });
}

for (const [locale, t, times] of [
  ['fr', fr.tickets, { from: '18:13', to: '19:43' }],
  ['ca', ca.tickets, { from: '18:23', to: '19:53' }],
] as const) {
  test(`a visitor (${locale}) adds the tickets to a wallet; a moved booking's pass shows the new time`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const admin = { Authorization: `JWT ${await staffToken(request)}` };
    const date = dayAhead(4);
    const from = await addStaffDeparture(request, admin, {
      date,
      time: times.from,
      capacity: 6,
      key: `wallet-${locale}`,
    });
    const to = await addStaffDeparture(request, admin, { date, time: times.to, capacity: 6, key: `wallet-${locale}` });
    const email = `wallet-${locale}-${Date.now()}@example.com`;
    const reference = await paidBooking(request, from.id, { email, locale });
    const link = await request.post(`/api/ops/bookings/${reference}/link`, { headers: admin });
    expect(link.ok(), await link.text()).toBe(true);
    const { url } = (await link.json()) as { url: string };

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL(url).pathname + new URL(url).search);
    const apple = page.getByRole('link', { name: t.wallet.addApple });
    const google = page.getByRole('link', { name: t.wallet.addGoogle });
    await expect(apple).toBeVisible();
    await expect(google).toBeVisible();
    await expect(page.getByText(t.wallet.intro)).toBeVisible();
    // Both badges fit the phone's width, side by side or stacked.
    for (const badge of [apple, google]) {
      const box = (await badge.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await google.getAttribute('href')).toMatch(
      /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    await page.getByTestId('wallet-badges').screenshot({ path: testInfo.outputPath(`wallet-badges-${locale}.png`) });

    // The pass, as the phone downloads it from the badge.
    const download = await request.get((await apple.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    expect(download.headers()['cache-control']).toBe('private, no-store');
    const body = await download.body();
    testInfo.annotations.push({ type: 'pkpass bytes', description: String(body.byteLength) });
    const { pass } = await openPass(body);
    expect(pass.serialNumber).toBe(reference);
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: reference });
    expect(pass.relevantDate).toBe(`${date}T${times.from}:00${pass.relevantDate.slice(-6)}`);
    expect(pass.relevantDate).toMatch(/\+0[12]:00$/);
    expect(field(pass, 'departure')).toMatchObject({ label: t.departure, value: times.from });
    expect(field(pass, 'passengers')).toMatchObject({
      label: t.wallet.passengers,
      value: t.wallet.count.replace('{count}', '2').replace('{category}', t.category.adult),
    });
    expect(pass.locations?.[0]?.latitude).toEqual(expect.any(Number));
    expect(pass.locations?.[0]?.relevantText).toContain(field(pass, 'boardingPoint')!.value);

    // The phone registers for updates, as Wallet does when the pass is added.
    const device = `e2e-device-${locale}-${Date.now()}`;
    const pushToken = `e2etoken${locale}${Date.now()}`;
    const registered = await request.post(
      `/api/wallet/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      {
        headers: { Authorization: `ApplePass ${pass.authenticationToken}` },
        data: { pushToken },
      },
    );
    expect(registered.status()).toBe(201);
    const before = await request.get(`/api/wallet/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}`);
    const { lastUpdated } = (await before.json()) as { lastUpdated: string };

    // The office moves the booking to the later departure.
    const moved = await request.post(`/api/ops/bookings/${reference}/move`, {
      headers: admin,
      data: { departure: to.id },
    });
    expect(moved.ok(), await moved.text()).toBe(true);

    const changed = await request.get(
      `/api/wallet/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}?passesUpdatedSince=${lastUpdated}`,
    );
    expect(changed.status()).toBe(200);
    expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([reference]);
    const fresh = await latestPass(request, pass);
    expect(fresh.status()).toBe(200);
    const { pass: updated } = await openPass(await fresh.body());
    expect(field(updated, 'departure')).toMatchObject({ value: times.to });
    expect(updated.relevantDate).toBe(`${date}T${times.to}:00${updated.relevantDate.slice(-6)}`);
    // The phone that holds the pass is told, through the jobs queue, within seconds.
    await expect
      .poll(
        async () =>
          ((await (await request.get(pushesUrl)).json()) as { path: string; topic: string }[]).filter(
            (push) => push.path === `/3/device/${pushToken}`,
          ),
        { timeout: 30_000 },
      )
      .toEqual([expect.objectContaining({ topic: pass.passTypeIdentifier })]);

    // The tickets e-mail (the new one, after the move) offers both wallets too.
    await expect.poll(() => linkFromOutbox(email, /\/wallet\.pkpass\?firma=[\w-]+/), { timeout: 30_000 }).toBeTruthy();
  });
}
