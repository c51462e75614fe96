// `npm run measure:mail`: how long a customer waits for an e-mail (issue 43, decision 171), on the
// build operators run, by hand, never part of `npm test`. Modelled on scripts/soak-invoicing.mjs:
//  1. creates `mail_<random>` on 127.0.0.1:5432 (user postgres, trust), migrates and seeds it as
//     `npm start` does, and makes an office user (scripts/soak-users.ts);
//  2. starts MEASURE_INSTANCES production servers (1 or 2, default 1) on MEASURE_PORTS (default
//     3461,3462), jobs on (on two, only the advisory-lock leader runs them), sandbox payments, mail
//     to a throwaway outbox folder; MEASURE_WAKE=0 starts them with JOBS_WAKE=0 (ticks only: the
//     numbers before the wake-up);
//  3. makes MEASURE_PURCHASES web purchases (default 50) paid at the sandbox bank, one after the
//     other (on two instances the hold on one, the payment on the other), then cancels
//     MEASURE_CANCELS of them at the office (default 50, a full refund each, alternating the
//     instances), and polls the outbox every 50 ms. The latency of one is from the moment its
//     request was sent (the visitor's "Pay" at the bank, the office's click) to the moment its
//     first e-mail is in the outbox: the tickets, the cancellation notice;
//  4. prints ONE JSON line on stdout (progress on stderr) with the median, 90th percentile and
//     worst of each, and exits 1 if one e-mail never came within MEASURE_WAIT_S (default 90 s) or
//     the worst is over the 10 s target; it stops the servers and drops the database on the way
//     out, on Ctrl-C and on failure too (MEASURE_KEEP=1 keeps them, in var/measure/<name>).
//
// It needs a production build in .next (`SKIP_BUILD_TYPECHECK=1 npx next build`). Every request
// goes to 127.0.0.1; every loop is bounded in count and time.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';

import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';
import { startServiceStub } from './weather-stub.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`Node ${process.versions.node} is too old: run this through npm (npm run measure:mail).`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const number = (name, fallback, min, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be a whole number from ${min} to ${max}.`);
    process.exit(2);
  }
  return value;
};
const INSTANCES = number('MEASURE_INSTANCES', 1, 1, 2);
const PURCHASES = number('MEASURE_PURCHASES', 50, 1, 500);
const CANCELS = Math.min(number('MEASURE_CANCELS', 50, 0, 500), PURCHASES);
const WAIT_S = number('MEASURE_WAIT_S', 90, 10, 600);
const PORTS = (process.env.MEASURE_PORTS ?? '3461,3462').split(',').map(Number).slice(0, INSTANCES);
const WAKE = process.env.MEASURE_WAKE !== '0';
const KEEP = process.env.MEASURE_KEEP === '1';
const TARGET_MS = 10_000;
const POLL_MS = 50;
const REQUEST_TIMEOUT_MS = 60_000;
const TEST_CARD = '4548 8100 0000 0003';
if (PORTS.length !== INSTANCES || PORTS.some((p) => !Number.isInteger(p) || p < 1024 || p > 65_000)) {
  console.error(`MEASURE_PORTS must name ${INSTANCES} port(s), e.g. 3461,3462.`);
  process.exit(2);
}

const log = (...parts) => console.error(`[mail ${new Date().toISOString().slice(11, 19)}]`, ...parts);

// ---------------------------------------------------------------------------------------------
// The run's database, folder and servers, and the clean-up that undoes them.

const name = `mail_${randomBytes(5).toString('hex')}`;
const adminUrl = process.env.MEASURE_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
const runDir = path.join(root, 'var', 'measure', name);
const outbox = path.join(runDir, 'outbox');
const office = { email: `${name}-office@example.com`, password: `measure ${randomBytes(9).toString('base64url')}` };

const children = new Set();
let databaseCreated = false;
let weatherStub = null;
let cleaning = null;
let interrupted = false;
let stoppingServers = false;

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function killChild(child, signal = 'SIGTERM') {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

async function stopChildren() {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const hard = setTimeout(() => killChild(child, 'SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(hard);
            resolve();
          });
          killChild(child);
        }),
    ),
  );
}

function cleanUp() {
  cleaning ??= (async () => {
    stoppingServers = true;
    await stopChildren();
    weatherStub?.close();
    if (databaseCreated && !KEEP) {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => log(`dropped database ${name}`),
        (error) => log(`could not drop database ${name}: ${error.message}`),
      );
    }
    if (!KEEP)
      for (const dir of ['outbox', 'sms', 'media', 'gateway'])
        rmSync(path.join(runDir, dir), { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping the servers and cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
process.on('exit', () => {
  for (const child of children) killChild(child, 'SIGKILL');
});

/** A command to completion, its output in the run's folder; rejects on a non-zero exit. */
function run(label, command, args, env) {
  return new Promise((resolve, reject) => {
    const logFile = path.join(runDir, `${label}.log`);
    const out = createWriteStream(logFile);
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const timer = setTimeout(() => killChild(child, 'SIGKILL'), 15 * 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${label} failed (exit ${code ?? signal}); log: ${logFile}`));
    });
  });
}

const instances = PORTS.map((port) => ({ port, child: null }));

function startServer(instance, env) {
  const out = createWriteStream(path.join(runDir, `server-${instance.port}.log`));
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'server.mjs'), '-p', String(instance.port), '-H', '127.0.0.1'],
    {
      cwd: root,
      env: { ...SERVER_ENV, ...env, PORT: String(instance.port), SITE_URL: `http://127.0.0.1:${instance.port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stoppingServers) log(`the server on ${instance.port} exited (${code ?? signal})`);
  });
  instance.child = child;
}

async function waitReady(instance, deadlineMs = 240_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (instance.child.exitCode !== null) throw new Error(`the server on ${instance.port} exited while starting`);
    try {
      const response = await fetch(`http://127.0.0.1:${instance.port}/api/users/me`, {
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the server on ${instance.port} did not answer within ${deadlineMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------
// HTTP to the instances, and the outbox watched.

let turn = 0;
const nextInstance = () => instances[turn++ % instances.length];

async function http(instance, method, pathname, { json, form, headers = {}, token } = {}) {
  const init = { method, headers: { accept: 'application/json', ...headers }, redirect: 'manual' };
  init.signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['content-type'] = 'application/json';
  } else if (form) {
    init.body = new URLSearchParams(form).toString();
    init.headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (token) init.headers.authorization = `JWT ${token}`;
  const response = await fetch(`http://127.0.0.1:${instance.port}${pathname}`, init);
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a redirect).
  }
  return { status: response.status, body, text, headers: response.headers };
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 400)}`);
}

/** Each .eml file the first time the poll saw it: { at, to }. */
const seen = new Map();
/** Files seen while still being written (no To: line yet): when they first appeared. */
const appeared = new Map();
function pollOutbox() {
  if (!existsSync(outbox)) return;
  for (const file of readdirSync(outbox)) {
    if (!file.endsWith('.eml') || seen.has(file)) continue;
    if (!appeared.has(file)) appeared.set(file, performance.now());
    const head = readFileSync(path.join(outbox, file), 'utf8').slice(0, 4000);
    const to = /lat-\d+@example\.com/.exec(head)?.[0];
    // A big message (the tickets' PDF) is read again on the next poll until its headers are in.
    if (!to) continue;
    seen.set(file, { at: appeared.get(file), to });
  }
}
/** When the first e-mail to `address` after `since` was seen, if it was. */
const firstMailAfter = (address, since) =>
  Math.min(...[...seen.values()].filter((m) => m.to === address && m.at >= since).map((m) => m.at), Infinity);

const madridDate = (offsetDays) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

async function sellableDepartures(token) {
  const departures = [];
  for (let day = 1; day <= 14 && departures.length < 3; day++) {
    const answer = await http(instances[0], 'GET', `/api/ops/departures?date=${madridDate(day)}`, { token });
    expectStatus(answer, 200, 'departures');
    for (const d of answer.body.departures) if (d.sellable && d.free > 10) departures.push({ id: d.id, free: d.free });
  }
  if (departures.length === 0) throw new Error('no sellable departure in the next 14 days');
  return departures;
}

/** One web purchase: the hold on one instance, the payment and the bank on the next. */
async function purchase(i, departures) {
  const departure = departures.find((d) => d.free >= 4);
  if (!departure) throw new Error('the departures are full');
  departure.free -= 2;
  const visitor = { 'x-test-client-ip': `measure-${name}-${i}` };
  const address = `lat-${i}@example.com`;
  const hold = await http(nextInstance(), 'POST', '/api/shop/holds', {
    headers: visitor,
    json: {
      departureId: String(departure.id),
      tripType: 'roundTrip',
      adult: '2',
      reduced: '0',
      child: '0',
      super3: '0',
      audioGuides: '0',
      name: 'Marta',
      surnames: 'Puig',
      email: address,
      phone: '+34 600 000 000',
      mobilePhone: '+34 600 000 002',
      locale: 'ca',
    },
  });
  expectStatus(hold, 201, 'hold');
  const at = nextInstance();
  const started = await http(at, 'POST', `/api/shop/holds/${hold.body.reference}/payment`, { headers: visitor });
  expectStatus(started, 200, 'payment');
  const sent = performance.now();
  const paid = await http(at, 'POST', '/api/payments/sandbox', {
    form: { ...started.body.form.fields, decision: 'pay', card: TEST_CARD },
  });
  expectStatus(paid, 303, 'sandbox payment');
  return { reference: hold.body.reference, address, sent, answered: performance.now() };
}

async function cancel(booking, token) {
  const sent = performance.now();
  const answer = await http(nextInstance(), 'POST', `/api/ops/bookings/${booking.reference}/cancel`, {
    token,
    json: { refund: 'full', reason: 'measure: the customer cannot come' },
  });
  expectStatus(answer, 200, 'cancel');
  return { address: booking.address, sent, answered: performance.now() };
}

/** Waits for each one's e-mail (bounded by WAIT_S) and returns the latencies in ms, null for none. */
async function latencies(actions) {
  const deadline = performance.now() + WAIT_S * 1000;
  const pending = () => actions.filter((a) => firstMailAfter(a.address, a.sent) === Infinity);
  while (!interrupted && pending().length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return actions.map((a) => {
    const at = firstMailAfter(a.address, a.sent);
    return at === Infinity ? null : Math.round(at - a.sent);
  });
}

function summary(values, requestMs) {
  const got = values.filter((v) => v !== null).sort((a, b) => a - b);
  const pick = (q) => (got.length ? got[Math.min(got.length - 1, Math.floor(q * got.length))] : null);
  return {
    n: values.length,
    missing: values.length - got.length,
    medianMs: got.length
      ? got.length % 2
        ? got[(got.length - 1) / 2]
        : Math.round((got[got.length / 2 - 1] + got[got.length / 2]) / 2)
      : null,
    p90Ms: pick(0.9),
    worstMs: got.at(-1) ?? null,
    overTarget: got.filter((v) => v > TARGET_MS).length,
    medianRequestMs: requestMs.sort((a, b) => a - b)[Math.floor(requestMs.length / 2)] ?? null,
  };
}

async function main() {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.error('No production build in .next. Build it first:\n  SKIP_BUILD_TYPECHECK=1 npx next build');
    process.exit(2);
  }
  mkdirSync(runDir, { recursive: true });
  log(
    `run ${name}: ${INSTANCES} instance(s) on ${PORTS.join(', ')}, wake-up ${WAKE ? 'on' : 'off'}; folder ${path.relative(root, runDir)}`,
  );
  const stubPort = PORTS[0] + 10;
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    APP_ENV: 'local',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    JOBS_AUTORUN: '1',
    JOBS_WAKE: WAKE ? '1' : '0',
    PAYMENT_PROVIDER: 'sandbox',
    VERIFACTU_ENDPOINT: 'sandbox',
    ENABLE_TEST_ROUTES: '1',
    HOLD_SEATS_PER_VISITOR: '1000',
    MAIL_OUTBOX_DIR: outbox,
    SMS_PROVIDER: 'outbox',
    SMS_OUTBOX_DIR: path.join(runDir, 'sms'),
    MEDIA_DIR: path.join(runDir, 'media'),
    SANDBOX_GATEWAY_DIR: path.join(runDir, 'gateway'),
    WEATHER_API_URL: `http://127.0.0.1:${stubPort}/weather`,
    MAP_TILE_URL: `http://127.0.0.1:${stubPort}/tiles/{z}/{x}/{y}.png`,
  };
  for (const unset of ['SITE_URL', 'SMTP_URL', 'GA_MEASUREMENT_ID', 'VERIFACTU_CERT_PATH', 'NODE_OPTIONS'])
    delete env[unset];

  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  databaseCreated = true;
  await run('migrate', bin('payload'), ['migrate'], env);
  await run('seed', bin('payload'), ['run', 'scripts/seed.ts'], env);
  await run('users', bin('tsx'), ['scripts/soak-users.ts'], {
    ...env,
    SOAK_USERS: JSON.stringify([{ ...office, role: 'office' }]),
  });
  log('database ready');
  weatherStub = startServiceStub(stubPort);
  for (const instance of instances) startServer(instance, env);
  await Promise.all(instances.map((instance) => waitReady(instance)));
  log('servers answer');
  const login = await http(instances[0], 'POST', '/api/users/login', { json: office });
  expectStatus(login, 200, 'login');
  const token = login.body.token;
  const departures = await sellableDepartures(token);
  // The first ticks elect the jobs leader; a purchase before that waits for it, not for a wake-up.
  await new Promise((resolve) => setTimeout(resolve, 20_000));

  const poller = setInterval(pollOutbox, POLL_MS);
  const purchases = [];
  for (let i = 1; i <= PURCHASES && !interrupted; i++) purchases.push(await purchase(i, departures));
  log(`${purchases.length} purchases paid; waiting for their tickets`);
  const ticketMs = await latencies(purchases);
  const cancels = [];
  for (const booking of purchases.slice(0, CANCELS)) {
    if (interrupted) break;
    cancels.push(await cancel(booking, token));
  }
  log(`${cancels.length} cancellations made; waiting for their notices`);
  const noticeMs = await latencies(cancels);
  clearInterval(poller);

  const tickets = summary(
    ticketMs,
    purchases.map((p) => p.answered - p.sent),
  );
  const notices = summary(
    noticeMs,
    cancels.map((c) => c.answered - c.sent),
  );
  const ok = [tickets, notices].every((s) => s.missing === 0 && s.overTarget === 0);
  return { ok, database: name, instances: INSTANCES, wake: WAKE, targetMs: TARGET_MS, tickets, notices };
}

let exitCode = 1;
try {
  const result = await main();
  await cleanUp();
  console.log(JSON.stringify(result));
  exitCode = result.ok ? 0 : 1;
} catch (error) {
  log(`failed: ${error?.stack ?? error}`);
  await cleanUp();
}
process.exit(interrupted ? 130 : exitCode);
