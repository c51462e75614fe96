import { createServer as createHttpServer, type Server } from 'node:http';
import http2 from 'node:http2';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { unzipSync } from 'fflate';
import type { Payload } from 'payload';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { GET as pkpassRoute } from '@/app/api/shop/bookings/[reference]/wallet.pkpass/route';
import { GET as updatedRoute } from '@/app/api/wallet/apple/v1/devices/[device]/registrations/[passTypeId]/route';
import {
  DELETE as unregisterRoute,
  POST as registerRoute,
} from '@/app/api/wallet/apple/v1/devices/[device]/registrations/[passTypeId]/[serial]/route';
import { GET as latestRoute } from '@/app/api/wallet/apple/v1/passes/[passTypeId]/[serial]/route';
import { anonymiseBooking, cancelBooking, correctBooking, moveBooking } from '@/operations/booking-actions';
import { bookingLinkSignature } from '@/booking/signature';
import { timeText } from '@/i18n/time';
import { resetWalletConfig } from '@/wallet/config';
import { WALLET_QUEUE } from '@/wallet/jobs';
import { authenticationTokenOf } from '@/wallet/pass-content';
import { walletLinksOf } from '@/wallet/passes';

import { makeWalletTestCredentials, TEST_PASS_TYPE_ID } from '../../scripts/wallet-test-credentials.mjs';
import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
let shop: { tourId: number; boatId: number };
let dir: string;

// APNs as a local HTTP/2 server (no TLS: the endpoint is http://), answering what `apnsStatus` says.
type Push = { path: string; topic: string; pushType: string };
const pushes: Push[] = [];
let apnsStatus = 200;
let apns: http2.Http2Server;
// Google's token endpoint and Wallet REST API as one local HTTP server.
type GoogleCall = { method: string; url: string; auth: string; body: Record<string, unknown> };
const googleCalls: GoogleCall[] = [];
let googleStatus = 200;
let google: Server;

const params = <T extends object>(value: T) => ({ params: Promise.resolve(value) });
const DEVICE = 'a1b2c3d4e5f6device';
const PUSH_TOKEN = 'f00dfeed0123456789abcdef';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'wallet-int-'));
  const credentials = makeWalletTestCredentials(dir);
  apns = http2.createServer();
  apns.on('stream', (stream, headers) => {
    pushes.push({
      path: String(headers[':path']),
      topic: String(headers['apns-topic']),
      pushType: String(headers['apns-push-type']),
    });
    stream.respond({ ':status': apnsStatus, 'content-type': 'application/json' });
    stream.end(
      apnsStatus === 200 ? '' : JSON.stringify({ reason: apnsStatus === 410 ? 'Unregistered' : 'InternalServerError' }),
    );
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  google = createHttpServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = request.headers['content-type']?.includes('json')
        ? (JSON.parse(raw) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(raw));
      googleCalls.push({ method: request.method!, url: request.url!, auth: request.headers.authorization ?? '', body });
      if (request.url === '/token') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: 'test-access-token', expires_in: 3600 }));
        return;
      }
      response.writeHead(googleStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify(googleStatus === 200 ? body : { error: { code: googleStatus } }));
    });
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  const googleBase = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  Object.assign(process.env, credentials.env, {
    WALLET_APPLE_APNS_URL: `http://127.0.0.1:${(apns.address() as AddressInfo).port}`,
    WALLET_GOOGLE_API_URL: googleBase,
    WALLET_GOOGLE_TOKEN_URL: `${googleBase}/token`,
  });
  resetWalletConfig();
  ({ payload, stop } = await startTestPayload());
  shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  const point = await payload.create({
    collection: 'boarding-points',
    locale: 'ca',
    data: {
      name: 'Portal de la Pau',
      slug: 'portal-de-la-pau-wallet',
      address: 'Moll de les Drassanes, s/n',
      latitude: 41.3755,
      longitude: 2.1779,
    } as never,
  });
  await payload.update({ collection: 'tours', id: shop.tourId, data: { boardingPoint: point.id } as never });
});
afterAll(async () => {
  await stop?.();
  await new Promise((resolve) => apns?.close(resolve));
  await new Promise((resolve) => google?.close(resolve));
  resetWalletConfig();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  pushes.length = 0;
  googleCalls.length = 0;
  apnsStatus = 200;
  googleStatus = 200;
});
checkInvariantsAfterEach(() => payload);

const auth = (serial: string) => ({ authorization: `ApplePass ${authenticationTokenOf(serial)}` });

async function download(reference: string): Promise<Response> {
  const firma = await bookingLinkSignature(payload, reference);
  return pkpassRoute(
    new Request(`http://localhost/api/shop/bookings/${reference}/wallet.pkpass?firma=${firma}`),
    params({ reference }),
  );
}

type PassJson = {
  voided?: boolean;
  relevantDate: string;
  eventTicket: Record<string, { key: string; value: string }[]>;
};

async function passOf(response: Response): Promise<PassJson> {
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return JSON.parse(new TextDecoder().decode(files['pass.json'])) as PassJson;
}

const field = (pass: PassJson, key: string) =>
  Object.values(pass.eventTicket)
    .flat()
    .find((f) => f.key === key)?.value;

async function register(serial: string, headers: Record<string, string> = auth(serial)) {
  return registerRoute(
    new Request(`http://localhost/api/wallet/apple/v1/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}/${serial}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ pushToken: PUSH_TOKEN }),
    }),
    params({ device: DEVICE, passTypeId: TEST_PASS_TYPE_ID, serial }),
  );
}

async function updatedSince(since?: string) {
  const query = since ? `?passesUpdatedSince=${since}` : '';
  return updatedRoute(
    new Request(`http://localhost/api/wallet/apple/v1/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}${query}`),
    params({ device: DEVICE, passTypeId: TEST_PASS_TYPE_ID }),
  );
}

async function latest(serial: string, ifModifiedSince?: string) {
  return latestRoute(
    new Request(`http://localhost/api/wallet/apple/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`, {
      headers: { ...auth(serial), ...(ifModifiedSince ? { 'if-modified-since': ifModifiedSince } : {}) },
    }),
    params({ passTypeId: TEST_PASS_TYPE_ID, serial }),
  );
}

const runWalletJobs = () => payload.jobs.run({ queue: WALLET_QUEUE, limit: 20, silent: true });

describe(`wallet passes on ${testDatabaseKind}`, () => {
  it('a moved booking: the web service lists the pass as updated, the new pass has the new time, the phones and Google hear of it', async () => {
    const firstAt = new Date(Date.now() + 5 * 24 * 3600_000);
    firstAt.setUTCHours(8, 30, 0, 0);
    const from = await addDeparture(payload, shop, { startsAt: firstAt });
    const laterAt = new Date(firstAt.getTime() + 24 * 3600_000 + 150 * 60_000);
    const to = await addDeparture(payload, shop, { startsAt: laterAt });
    const paid = await paidBooking(payload, from, { adults: 2, locale: 'en' });

    const response = await download(paid.reference);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const first = await passOf(response);
    expect(field(first, 'departure')).toBe(timeText(firstAt, 'en'));
    expect(field(first, 'passengers')).toBe('2 × Adult');
    expect(field(first, 'boardingPoint')).toBe('Portal de la Pau');

    // Only the pass's own token registers a device; registering twice is not a new registration.
    expect((await register(paid.reference, { authorization: 'ApplePass wrong-token-0000000000' })).status).toBe(401);
    expect((await register(paid.reference)).status).toBe(201);
    expect((await register(paid.reference)).status).toBe(200);
    const listed = await updatedSince();
    expect(listed.status).toBe(200);
    const { serialNumbers, lastUpdated } = (await listed.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([paid.reference]);
    expect((await updatedSince(lastUpdated)).status).toBe(204);
    const unchanged = await latest(paid.reference);
    const lastModified = unchanged.headers.get('last-modified')!;
    expect((await latest(paid.reference, lastModified)).status).toBe(304);

    const moved = await moveBooking(
      payload,
      { reference: paid.reference, departureId: to, by: 'user:1' },
      { provider },
    );
    expect(moved).toMatchObject({ ok: true });

    const since = await updatedSince(lastUpdated);
    expect(since.status).toBe(200);
    expect(((await since.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([paid.reference]);
    const fresh = await latest(paid.reference, lastModified);
    expect(fresh.status).toBe(200);
    const second = await passOf(fresh);
    expect(field(second, 'departure')).toBe(timeText(laterAt, 'en'));
    expect(second.relevantDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
    expect(new Date(second.relevantDate).getTime()).toBe(laterAt.getTime());
    expect(second.voided).toBeUndefined();

    await runWalletJobs();
    expect(pushes).toEqual([{ path: `/3/device/${PUSH_TOKEN}`, topic: TEST_PASS_TYPE_ID, pushType: 'background' }]);
    expect(googleCalls[0]).toMatchObject({ method: 'POST', url: '/token' });
    expect(googleCalls[0]!.body.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const patch = googleCalls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(
      `/walletobjects/v1/eventTicketObject/${encodeURIComponent(`${process.env.WALLET_GOOGLE_ISSUER_ID}.${paid.reference}`)}`,
    );
    expect(patch?.auth).toBe('Bearer test-access-token');
    expect(patch?.body).toMatchObject({ state: 'ACTIVE', barcode: { value: paid.reference } });
    expect(patch?.body.textModulesData).toContainEqual({
      id: 'departure',
      header: 'Departure',
      body: timeText(laterAt, 'en'),
    });

    // The device removes the pass: no more pushes to it.
    const gone = await unregisterRoute(
      new Request('http://localhost/x', { method: 'DELETE', headers: auth(paid.reference) }),
      params({ device: DEVICE, passTypeId: TEST_PASS_TYPE_ID, serial: paid.reference }),
    );
    expect(gone.status).toBe(200);
    expect((await updatedSince()).status).toBe(204);
  });

  it('a cancelled booking: its pass comes back voided and the Google ticket becomes inactive', async () => {
    const departure = await addDeparture(payload, shop);
    const paid = await paidBooking(payload, departure, { adults: 1, locale: 'ca' });
    expect((await download(paid.reference)).status).toBe(200);
    expect((await register(paid.reference)).status).toBe(201);

    const cancelled = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 'full', reason: 'customer', by: 'user:1' },
      { provider },
    );
    expect(cancelled).toMatchObject({ ok: true });
    const pass = await passOf(await latest(paid.reference));
    expect(pass.voided).toBe(true);
    expect(field(pass, 'departure')).toBe('Cancel·lada');
    // A cancelled booking's pass is not handed out anew, and the page offers no wallet.
    expect((await download(paid.reference)).status).toBe(404);
    expect(await walletLinksOf(payload, paid.reference, 'x')).toEqual({});

    await runWalletJobs();
    expect(pushes.map((push) => push.path)).toContain(`/3/device/${PUSH_TOKEN}`);
    expect(googleCalls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ state: 'INACTIVE' });
  });

  it('APNs or Google failing never stops the booking change: the jobs are retried later, a gone device is forgotten', async () => {
    const from = await addDeparture(payload, shop);
    const to = await addDeparture(payload, shop);
    const paid = await paidBooking(payload, from, { adults: 1, locale: 'es' });
    expect((await download(paid.reference)).status).toBe(200);
    expect((await register(paid.reference)).status).toBe(201);
    apnsStatus = 500;
    googleStatus = 503;
    expect(
      await moveBooking(payload, { reference: paid.reference, departureId: to, by: 'user:1' }, { provider }),
    ).toMatchObject({ ok: true });
    await runWalletJobs();
    expect(pushes).toHaveLength(1);
    // Google refused the first call (the class insert): the object was not touched.
    expect(googleCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /token',
      'POST /walletobjects/v1/eventTicketClass',
    ]);
    const waiting = await payload.find({
      collection: 'payload-jobs',
      where: { queue: { equals: WALLET_QUEUE }, completedAt: { exists: false } },
      overrideAccess: true,
    });
    expect(waiting.docs.map((job) => job.taskSlug).sort()).toEqual(['pushWalletPass', 'updateGoogleWalletObject']);
    for (const job of waiting.docs) expect(job.waitUntil).toBeTruthy();

    // The retry: APNs now says the device is gone; Google answers.
    apnsStatus = 410;
    googleStatus = 200;
    for (const job of waiting.docs)
      await payload.update({
        collection: 'payload-jobs',
        id: job.id,
        overrideAccess: true,
        data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
      });
    await runWalletJobs();
    expect(pushes).toHaveLength(2);
    expect(googleCalls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    const left = await payload.find({
      collection: 'payload-jobs',
      where: { queue: { equals: WALLET_QUEUE }, completedAt: { exists: false } },
      overrideAccess: true,
    });
    expect(left.docs).toHaveLength(0);
    expect((await updatedSince()).status).toBe(204);
  });

  it('a corrected or erased name leaves the Google ticket too; the Apple pass, which shows no name, is not pushed', async () => {
    const departure = await addDeparture(payload, shop);
    const paid = await paidBooking(payload, departure, { adults: 1, locale: 'fr' });
    expect((await download(paid.reference)).status).toBe(200);
    expect((await register(paid.reference)).status).toBe(201);

    expect(
      await correctBooking(payload, { reference: paid.reference, changes: { phone: '+34 600 111 222' }, by: 'user:1' }),
    ).toMatchObject({ ok: true });
    await runWalletJobs();
    expect(googleCalls).toEqual([]);

    expect(
      await correctBooking(payload, { reference: paid.reference, changes: { name: 'Claire' }, by: 'user:1' }),
    ).toMatchObject({ ok: true });
    await runWalletJobs();
    expect(googleCalls.find((call) => call.method === 'PATCH')?.body.ticketHolderName).toMatch(/^Claire\b/);

    googleCalls.length = 0;
    expect(await anonymiseBooking(payload, { reference: paid.reference, by: 'user:1' })).toEqual({ ok: true });
    await runWalletJobs();
    expect(googleCalls.find((call) => call.method === 'PATCH')?.body.ticketHolderName).toBe('—');
    expect(pushes).toEqual([]);
  });

  it('without the wallet configuration, no links and every wallet route answers 404', async () => {
    const departure = await addDeparture(payload, shop);
    const paid = await paidBooking(payload, departure, { adults: 1 });
    const saved = { ...process.env };
    for (const name of Object.keys(process.env)) if (name.startsWith('WALLET_')) delete process.env[name];
    resetWalletConfig();
    try {
      expect(await walletLinksOf(payload, paid.reference, 'x')).toEqual({});
      expect((await download(paid.reference)).status).toBe(404);
      expect((await register(paid.reference)).status).toBe(404);
      expect((await updatedSince()).status).toBe(404);
      expect((await latest(paid.reference)).status).toBe(404);
    } finally {
      Object.assign(process.env, saved);
      resetWalletConfig();
    }
    const links = await walletLinksOf(payload, paid.reference, 'x');
    expect(links.apple).toContain(`/api/shop/bookings/${paid.reference}/wallet.pkpass?firma=x`);
    expect(links.google).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
