import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { benchNginxConfig, findNginx, makeBenchCertificate } from '../../scripts/bench-nginx.mjs';

import { startExtraServer, type ExtraServer } from './extra-server';
import { paidBooking } from './paid-booking';
import { addStaffDeparture, staffToken } from './staff-departures';

/**
 * Issue 42: with TRUSTED_PROXY_HOPS=1, a client that reached an instance directly chose its own
 * address with X-Forwarded-For (30 holds, rotating it, held 200 seats). Now only a connection
 * from TRUSTED_PROXIES may name the client (docs/decisions/166-trusted-proxies.md).
 *
 * All of 127.0.0.0/8 is this machine's loopback: the "proxy" and the "visitor" connect from
 * addresses of their own in it, new each run (hold claims outlive a run in the suite's database).
 */
const run = Math.floor(Math.random() * 250) + 1;
const PROXY = `127.42.${run}.1`;
const VISITOR = `127.43.${run}.1`;
const root = path.resolve(import.meta.dirname, '..', '..');

type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

/** A request from a given local address (fetch cannot choose one). */
function send(
  url: string,
  {
    from,
    method = 'GET',
    headers = {},
    json,
  }: { from: string; method?: string; headers?: Record<string, string>; json?: unknown },
): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        localAddress: from,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.end(body);
  });
}

const ipSeen = async (origin: string, from: string, forwarded?: string) =>
  (
    JSON.parse(
      (await send(`${origin}/api/test/client-ip`, { from, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }))
        .body,
    ) as { ip: string }
  ).ip;

function holdBody(departureId: number) {
  return {
    departureId: String(departureId),
    tripType: 'roundTrip',
    adult: '2',
    child: '0',
    super3: '0',
    reduced: '0',
    audioGuides: '0',
    name: 'Pere',
    surnames: 'Serra',
    email: `proxies-${run}@example.com`,
    phone: '+34 600 000 000',
    mobilePhone: '+34 600 000 002',
    locale: 'ca',
  };
}

function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.describe.configure({ mode: 'serial' });

let server: ExtraServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer('127.0.0.1', {
    TRUSTED_PROXIES: `${PROXY}, fd00:42::/32`,
    HOLD_SEATS_PER_VISITOR: '4',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a client reaching the instance directly cannot choose its address; our proxy can name it', async () => {
  for (let i = 1; i <= 5; i++) expect(await ipSeen(server.origin, VISITOR, `198.51.100.${i}`)).toBe(VISITOR);
  expect(await ipSeen(server.origin, VISITOR)).toBe(VISITOR);
  // Our proxy appended the client it saw; what the client wrote left of it is ignored.
  expect(await ipSeen(server.origin, PROXY, '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
  expect(await ipSeen(server.origin, PROXY, '::ffff:203.0.113.10')).toBe('203.0.113.10');
});

test('the per-visitor seat limit holds for a direct client rotating X-Forwarded-For', async ({ request }) => {
  test.setTimeout(90_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const departure = await addStaffDeparture(request, admin, {
    date: dayAhead(7),
    time: '16:27',
    capacity: 40,
    key: `trusted-proxies-${run}`,
  });
  const hold = (from: string, forwarded: string) =>
    send(`${server.origin}/api/shop/holds`, {
      from,
      method: 'POST',
      headers: { 'x-forwarded-for': forwarded },
      json: holdBody(departure.id),
    });
  // HOLD_SEATS_PER_VISITOR=4: two holds of two seats, then no more, whatever the header says.
  const direct = [];
  for (let i = 1; i <= 4; i++) direct.push(await hold(VISITOR, `198.18.${run}.${i}`));
  expect(direct.map((a) => a.status)).toEqual([201, 201, 429, 429]);
  expect(JSON.parse(direct[2]!.body)).toMatchObject({ error: 'holdLimitReached', limit: 4 });
  // Through our proxy, each client it names is a visitor of its own, and is limited as one.
  const proxied = [];
  for (let i = 1; i <= 3; i++) proxied.push(await hold(PROXY, `198.19.${run}.${i}`));
  expect(proxied.map((a) => a.status)).toEqual([201, 201, 201]);
  const same = [];
  for (let i = 1; i <= 3; i++) same.push(await hold(PROXY, `forged-${i}, 198.19.${run}.200`));
  expect(same.map((a) => a.status)).toEqual([201, 201, 429]);
});

/**
 * deploy/nginx.conf in front of an instance listening on 127.0.0.1, with TRUSTED_PROXIES naming
 * nginx (127.0.0.1): the Catalan pages answer (no redirect loop), and the client address is the
 * one nginx saw, not the one the visitor wrote. Runs where nginx is installed, as `npm run bench` does.
 */
test('behind deploy/nginx.conf: Catalan pages answer and the client is who nginx saw', async ({ request }) => {
  const nginx = findNginx();
  test.skip(!nginx, 'nginx is not installed (apt-get install -y nginx-light)');
  test.setTimeout(180_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const departure = await addStaffDeparture(request, admin, {
    date: dayAhead(8),
    time: '15:13',
    capacity: 6,
    key: `behind-nginx-${run}`,
  });
  const reference = await paidBooking(request, departure.id, { email: `nginx-${run}@example.com`, locale: 'ca' });
  const issued = await request.post(`/api/ops/bookings/${reference}/link`, { headers: admin });
  const firma = new URL(((await issued.json()) as { url: string }).url).searchParams.get('firma')!;

  const behind = await startExtraServer('127.0.0.1', { TRUSTED_PROXIES: '127.0.0.1' });
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-nginx-'));
  const confFile = path.join(dir, 'nginx.conf');
  try {
    const certificate = makeBenchCertificate(dir);
    test.skip(!certificate, 'openssl could not make a certificate for nginx');
    const listenPort = behind.port + 1000 > 65_000 ? behind.port - 1000 : behind.port + 1000;
    writeFileSync(
      confFile,
      benchNginxConfig(readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8'), {
        listenPort,
        tlsPort: listenPort + 1,
        ...certificate!,
        upstreamPort: behind.port,
        dir,
        staticDir: dir,
        user: process.getuid?.() === 0 ? 'root' : null,
      }),
    );
    const started = spawnSync(nginx!, ['-p', dir, '-c', confFile], { encoding: 'utf8' });
    expect(started.status, started.stderr).toBe(0);
    const front = `http://127.0.0.1:${listenPort}`;
    for (let i = 0; i < 50 && (await fetch(`${front}/healthz`).catch(() => null))?.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const answers: string[] = [];
    for (const page of ['/', '/es', '/gracias', `/reserva/${reference}?firma=${firma}`]) {
      const answer = await send(`${front}${page}`, { from: VISITOR, headers: { 'accept-language': 'ca' } });
      answers.push(`${page.replace(/firma=.*/, 'firma=…')} ${answer.status} ${answer.headers.location ?? ''}`.trim());
    }
    expect(answers).toEqual(['/ 200', '/es 200', '/gracias 200', `/reserva/${reference}?firma=… 200`]);
    // nginx appends the address it was reached from; the visitor's own entry is ignored.
    for (const forged of ['198.51.100.1', '198.51.100.2, 198.51.100.3']) {
      expect(await ipSeen(front, VISITOR, forged)).toBe(VISITOR);
    }
  } finally {
    if (existsSync(path.join(dir, 'nginx.pid'))) spawnSync(nginx!, ['-p', dir, '-c', confFile, '-s', 'stop']);
    await behind.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
