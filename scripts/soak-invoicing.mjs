// `npm run soak:invoicing`: a busy day of invoicing on the build operators run (issue 41), by hand,
// never part of `npm test`. It proves, on a throwaway PostgreSQL database, that two production
// instances selling, refunding, moving and annulling at once leave invoices and VERI*FACTU records
// an inspector would accept:
//  1. creates `soak_<random>` on 127.0.0.1:5432 (user postgres, trust), migrates and seeds it
//     (`payload migrate`, `payload run scripts/seed.ts`, as `npm start` does) and makes an admin and
//     an office user (scripts/soak-users.ts, as scripts/admin-create.ts does);
//  2. starts two production servers (scripts/server.mjs with scripts/server-flags.mjs, as
//     `npm run serve` does) on SOAK_PORTS (default 3401,3402), both with the jobs on (only the
//     advisory-lock leader runs them), sandbox payments, the built-in AEAT stand-in, mail and SMS to
//     a throwaway folder, ENABLE_TEST_ROUTES=1 for the `x-test-client-ip` header (each web purchase
//     is a visitor of its own, so the per-IP limits of the shop stay as they are);
//  3. drives a mixed load for SOAK_MINUTES (default 10) at SOAK_CONCURRENCY in flight (default 7),
//     alternating the instances, through the HTTP APIs only: web purchases paid at the sandbox bank
//     (some with the buyer's tax id at checkout: F1), full invoices asked later (F3), box-office
//     sales (cash, card terminal; some invoiced to a company), audio guides (21 % VAT) beside the
//     tickets (10 %), cancellations with full and partial refunds, moves to other departures
//     (dearer ones collected at the desk), annulments by the admin, and races: two desks cancelling
//     or moving one booking at the same instant, one on each instance; and browsing, the bulk of a
//     real day's requests (every sitemap page in the four languages, the office's today board and
//     search, back-office screens signed in; SOAK_BROWSE=0 leaves it out);
//  4. waits up to SOAK_DRAIN_MINUTES (default 5) for the sender job to have every record answered,
//     stops the servers, runs `npm run invoices:verify` on the database and checks: its exit 0;
//     every record 'Correcto' (any other status listed with its code and text); invoice numbers
//     gapless per series; issued_at non-decreasing with the number within a series; the records'
//     FechaHoraHusoGenRegistro non-decreasing with their position; the tests' own invariant check
//     on the whole database (scripts/check-invariants.ts: seats, tickets, admissions, and per
//     booking its invoices adding up to our share of payments − refunds) and each booking's
//     paid/refunded columns against its payment events; no 5xx, no dropped connection, no server exit;
//     each instance's RSS sampled every SOAK_RSS_SECONDS (default 60), under 400 MB throughout and
//     with no upward trend over the load's second half (least-squares slope ≤ 0.25 MB a minute; for
//     issue 42's hour: SOAK_MINUTES=60);
//  5. prints ONE summary JSON line on stdout (progress goes to stderr) and exits 1 if a check
//     failed; kills both servers and drops the database on the way out, on Ctrl-C and on failure
//     too (SOAK_KEEP=1 keeps the database and the run folder var/soak/<name>).
//
// It needs a production build in .next and refuses to start without one, saying how to make it:
// `SKIP_BUILD_TYPECHECK=1 npx next build` (about 3–10 minutes on 2 busy cores), or run it with
// SOAK_BUILD=1 to have it build first. Every request goes to 127.0.0.1; every loop is bounded in
// time (the deadline, request timeouts) and in count (SOAK_MAX_SCENARIOS).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';

import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';
import { startServiceStub } from './weather-stub.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run this through npm (npm run soak:invoicing), which uses the pinned Node 24.`,
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const number = (name, fallback, min, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`${name} must be a number from ${min} to ${max}.`);
    process.exit(2);
  }
  return value;
};
const MINUTES = number('SOAK_MINUTES', 10, 0.2, 240);
const CONCURRENCY = number('SOAK_CONCURRENCY', 7, 1, 32);
const DRAIN_MINUTES = number('SOAK_DRAIN_MINUTES', 5, 0, 60);
const MAX_SCENARIOS = number('SOAK_MAX_SCENARIOS', 100_000, 1, 1_000_000);
/** Days of departures to sell, from tomorrow (today's leave during the run and close for sale). */
const DAYS = number('SOAK_DAYS', 14, 1, 60);
const PORTS = (process.env.SOAK_PORTS ?? '3401,3402').split(',').map(Number);
const KEEP = process.env.SOAK_KEEP === '1';
/** SOAK_RACES=0 leaves out the two-desks races (to soak invoicing alone while a race bug is open). */
const RACES = process.env.SOAK_RACES !== '0';
const REQUEST_TIMEOUT_MS = 60_000;
/** RSS sampled each minute by default (issue 42 asks for a sample a minute over an hour). */
const RSS_EVERY_MS = number('SOAK_RSS_SECONDS', 60, 5, 600) * 1000;
/** The memory budget of one instance (DESIGN.md, issue 42) and the flatness asked of its last half. */
const RSS_BUDGET_MB = 400;
const RSS_TREND_LIMIT_MB_PER_MIN = 0.25;
/**
 * SOAK_HEAP_SNAPSHOTS=8,20,32: at those minutes of the load each server writes a V8 heap snapshot
 * to the run's folder (SIGUSR2, --heapsnapshot-signal), to compare what grows between them.
 */
const HEAP_SNAPSHOT_MINUTES = (process.env.SOAK_HEAP_SNAPSHOTS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((m) => Number.isFinite(m) && m > 0);
/**
 * SOAK_NODE_FLAGS="--flag --other": V8/Node flags added to the servers' own (server-flags.mjs), to
 * try a memory setting on a soak before making it every launcher's.
 */
const EXTRA_NODE_FLAGS = (process.env.SOAK_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
/** SOAK_BROWSE=0 leaves out the page views and staff screens (invoicing alone). */
const BROWSE = process.env.SOAK_BROWSE !== '0';
const TARGET_INVOICES_PER_10_MIN = 1000;
const TEST_CARD = '4548 8100 0000 0003';

if (PORTS.length !== 2 || PORTS.some((p) => !Number.isInteger(p) || p < 1024 || p > 65_000)) {
  console.error('SOAK_PORTS must be two ports, e.g. 3401,3402.');
  process.exit(2);
}

const log = (...parts) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...parts);

// ---------------------------------------------------------------------------------------------
// The run: its database, folder, child processes, and the clean-up that undoes them.

const name = `soak_${randomBytes(5).toString('hex')}`;
const adminUrl = process.env.SOAK_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
const runDir = path.join(root, 'var', 'soak', name);
const secret = randomBytes(32).toString('hex');
const staff = {
  admin: { email: `${name}-admin@example.com`, password: `soak admin ${randomBytes(9).toString('base64url')}` },
  office: { email: `${name}-office@example.com`, password: `soak office ${randomBytes(9).toString('base64url')}` },
};

const children = new Set();
let databaseCreated = false;
let weatherStub = null;
let cleaning = null;

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

/** Stops every child (SIGTERM, then SIGKILL after 10 s) and waits for them. */
async function stopChildren() {
  const waiting = [...children].map(
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
  );
  await Promise.all(waiting);
}

function cleanUp() {
  cleaning ??= (async () => {
    await stopChildren();
    weatherStub?.close();
    if (databaseCreated && !KEEP) {
      try {
        await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        log(`dropped database ${name}`);
      } catch (error) {
        log(`could not drop database ${name}: ${error.message}`);
      }
    }
    if (!KEEP) {
      // The servers' logs stay (small, and what a failure is read from); mail, media and the
      // sandbox bank's books go.
      for (const dir of ['outbox', 'sms', 'media', 'gateway'])
        rmSync(path.join(runDir, dir), { recursive: true, force: true });
    }
  })();
  return cleaning;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping the servers and cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort (an exception that escaped): no server outlives the script.
process.on('exit', () => {
  for (const child of children) killChild(child, 'SIGKILL');
});

/** A command to completion, its output in the run's log; rejects on a non-zero exit. */
function run(label, command, args, env, { timeoutMs = 15 * 60_000, allowFailure = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const logFile = path.join(runDir, `${label.replace(/\W+/g, '-')}.log`);
    const out = createWriteStream(logFile);
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    const keep = (chunk) => {
      out.write(chunk);
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => killChild(child, 'SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      out.end();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0 || allowFailure) {
        log(`${label}: exit ${code ?? signal} (${seconds} s)`);
        resolve({ code: code ?? 1, output });
      } else {
        reject(
          new Error(`${label} failed (exit ${code ?? signal}, ${seconds} s; log: ${logFile}):\n${output.slice(-3000)}`),
        );
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// What the load counts.

const counts = {
  scenarios: 0,
  webPurchases: 0,
  webF1: 0,
  fullInvoicesLater: 0,
  boxOfficeSales: 0,
  boxOfficeF1: 0,
  audioGuideSales: 0,
  cancellations: 0,
  partialRefunds: 0,
  moves: 0,
  annulments: 0,
  races: 0,
  pageViews: 0,
  staffViews: 0,
};
/** Answers the scenario expects now and then on a busy day (a full boat, a closed sale). */
const refusals = {};
const errors = { http5xx: 0, network: 0, unexpected: 0, scenario: 0 };
const endpointStats = {};
const problems = [];
let bugLog;

function note(map, key) {
  map[key] = (map[key] ?? 0) + 1;
}

/** A product bug or an unexpected answer: the request, the answer, which instance, kept in full in the log. */
function report(kind, detail) {
  // A request cut short by Ctrl-C is not the product's fault.
  if (interrupted) return;
  const line = JSON.stringify({ at: new Date().toISOString(), kind, ...detail });
  bugLog?.write(`${line}\n`);
  if (problems.length < 15) {
    problems.push(line.slice(0, 1500));
    log(`${kind}: ${line.slice(0, 600)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP, to the two instances only.

const instances = PORTS.map((port) => ({ port, child: null, rss: [], rssAt: [] }));
let turn = 0;
const nextInstance = () => instances[turn++ % instances.length];

async function http(instance, method, pathname, { json, form, headers = {}, token, label, context } = {}) {
  const url = `http://127.0.0.1:${instance.port}${pathname}`;
  const init = {
    method,
    headers: { accept: 'application/json', ...headers },
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['content-type'] = 'application/json';
  } else if (form) {
    init.body = new URLSearchParams(form).toString();
    init.headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (token) init.headers.authorization = `JWT ${token}`;
  const stats = (endpointStats[label] ??= { n: 0, totalMs: 0, maxMs: 0, statuses: {} });
  const started = performance.now();
  let response;
  let text;
  try {
    response = await fetch(url, init);
    text = await response.text();
  } catch (error) {
    errors.network++;
    report('network', { instance: instance.port, method, path: pathname, label, error: String(error?.cause ?? error) });
    throw new ScenarioAbort();
  }
  const ms = performance.now() - started;
  stats.n++;
  stats.totalMs += ms;
  stats.maxMs = Math.max(stats.maxMs, ms);
  note(stats.statuses, response.status);
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a redirect, an HTML error page): `text` has it.
  }
  const answer = { status: response.status, body, text, headers: response.headers };
  if (response.status >= 500) {
    errors.http5xx++;
    report('http5xx', {
      ...(context ? { context } : {}),
      instance: instance.port,
      method,
      path: pathname,
      request: json ?? (form ? redactCard(form) : undefined),
      status: response.status,
      answer: text.slice(0, 2000),
    });
    throw new ScenarioAbort();
  }
  return answer;
}

const redactCard = (form) => ({ ...form, Ds_MerchantParameters: '…', Ds_Signature: '…' });

/** Ends a scenario whose request already was counted and reported. */
class ScenarioAbort extends Error {}

/** A 2xx is fine; an expected refusal is counted; anything else is reported. */
function check(answer, { instance, what, ok = [200, 201], expected = {} }) {
  if (ok.includes(answer.status)) return true;
  const code = answer.body?.error ?? String(answer.status);
  if (expected[answer.status]?.includes(code) || expected[answer.status] === '*') {
    note(refusals, `${what}:${code}`);
    return false;
  }
  errors.unexpected++;
  report('unexpected', { instance: instance.port, what, status: answer.status, answer: answer.text.slice(0, 1500) });
  return false;
}

// ---------------------------------------------------------------------------------------------
// What is sold: departures of the next days, bookings paid and ready for what comes after.

const departures = [];
/** Paid bookings nobody is acting on: { reference, kind, firma, totalCents, full }. */
const paidBookings = [];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const chance = (p) => Math.random() < p;
const madridDate = (offsetDays) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

function sellableDeparture({ web, seats, except }) {
  const candidates = departures.filter((d) => d.free >= seats + 2 && (!web || d.web) && d.id !== except && !d.closed);
  return candidates.length ? pick(candidates) : null;
}

function refusedDeparture(departure, code) {
  if (!departure) return;
  if (code === 'capacityExhausted' || code === 'full') departure.free = 0;
  else if (code === 'notBookableOnline') departure.web = false;
  else if (['bookingClosed', 'departureUnavailable', 'departureNotFound', 'notSoldOnline'].includes(code))
    departure.closed = true;
}

function selection() {
  const adult = 1 + Math.floor(Math.random() * 3);
  const reduced = chance(0.3) ? 1 : 0;
  const child = chance(0.3) ? 1 : 0;
  const people = adult + reduced + child;
  // Audio guides (21 % VAT) beside tickets (10 %) on about a third of the sales.
  const audioGuides = chance(0.35) ? 1 + Math.floor(Math.random() * people) : 0;
  return { tripType: 'roundTrip', adult, reduced, child, super3: 0, audioGuides, people };
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A tax id with right check characters: mostly Spanish DNIs, some company and EU VAT numbers. */
function taxId() {
  if (chance(0.15)) return pick(['B12345674', 'FR40303265045', 'NL004495445B01']);
  const n = Math.floor(10_000_000 + Math.random() * 89_999_999);
  return `${n}${DNI_LETTERS[n % 23]}`;
}
const buyer = (i) => ({
  name: pick(['Marta', 'Jordi', 'Anna', 'Pau', 'Laura', 'Joan']),
  surnames: pick(['Puig', 'Vidal', 'Soler', 'Ferrer', 'Serra']),
  email: `soak-${i}@example.com`,
});
const company = () => ({
  name: pick(['Viatges Mar Blava SL', 'Escola del Port', 'Tours Barcelona SA']),
  taxId: taxId(),
  address: 'Carrer de la Mercè 1, 08002 Barcelona',
});

// ---------------------------------------------------------------------------------------------
// The scenarios.

let tokens;
let serial = 0;

/** A web purchase: hold on one instance, payment and the sandbox bank on the other (or the same). */
async function webPurchase({ f1 = false } = {}) {
  const sel = selection();
  const departure = sellableDeparture({ web: true, seats: sel.people });
  if (!departure) return note(refusals, 'web:noDepartureLeft');
  const id = ++serial;
  const visitor = { 'x-test-client-ip': `soak-${name}-${id}` };
  const details = f1 ? company() : null;
  const holdAt = nextInstance();
  const who = buyer(id);
  const hold = await http(holdAt, 'POST', '/api/shop/holds', {
    label: 'POST /api/shop/holds',
    headers: visitor,
    json: {
      departureId: String(departure.id),
      tripType: sel.tripType,
      adult: String(sel.adult),
      reduced: String(sel.reduced),
      child: String(sel.child),
      super3: '0',
      audioGuides: String(sel.audioGuides),
      ...who,
      phone: '+34 600 000 000',
      mobilePhone: '+34 600 000 002',
      locale: pick(['ca', 'es', 'en', 'fr']),
      ...(details
        ? { invoice: true, invoiceName: details.name, invoiceTaxId: details.taxId, invoiceAddress: details.address }
        : {}),
    },
  });
  if (
    !check(hold, {
      instance: holdAt,
      what: 'hold',
      ok: [201],
      expected: { 409: ['capacityExhausted', 'bookingClosed', 'departureUnavailable', 'notBookableOnline'] },
    })
  )
    return refusedDeparture(departure, hold.body?.error);
  departure.free -= sel.people;
  const { reference, totalCents } = hold.body;
  const payAt = nextInstance();
  const started = await http(payAt, 'POST', `/api/shop/holds/${reference}/payment`, {
    label: 'POST /api/shop/holds/{ref}/payment',
    headers: visitor,
  });
  if (!check(started, { instance: payAt, what: 'payment', ok: [200] })) return;
  const paid = await http(payAt, 'POST', '/api/payments/sandbox', {
    label: 'POST /api/payments/sandbox',
    form: { ...started.body.form.fields, decision: 'pay', card: TEST_CARD },
  });
  if (!check(paid, { instance: payAt, what: 'sandboxPay', ok: [303] })) return;
  const back = new URL(paid.headers.get('location') ?? '', `http://127.0.0.1:${payAt.port}`);
  const firma = back.searchParams.get('firma');
  if (!firma) {
    errors.unexpected++;
    return report('unexpected', {
      instance: payAt.port,
      what: 'sandboxPay: no firma in the return',
      location: back.href,
    });
  }
  counts.webPurchases++;
  if (f1) counts.webF1++;
  if (sel.audioGuides) counts.audioGuideSales++;
  paidBookings.push({ reference, kind: 'web', firma, totalCents, full: f1, departureId: departure.id });
}

/** A sale at the box office (cash or card terminal), some invoiced in full to a company. */
async function boxOfficeSale() {
  const sel = selection();
  const departure = sellableDeparture({ web: false, seats: sel.people });
  if (!departure) return note(refusals, 'boxOffice:noDepartureLeft');
  const id = ++serial;
  const details = chance(0.3) ? company() : null;
  const at = nextInstance();
  const sale = await http(at, 'POST', '/api/ops/bookings', {
    label: 'POST /api/ops/bookings',
    token: tokens.office,
    json: {
      departure: departure.id,
      tripType: sel.tripType,
      adult: sel.adult,
      reduced: sel.reduced,
      child: sel.child,
      super3: 0,
      audioGuides: sel.audioGuides,
      ...buyer(id),
      locale: 'ca',
      method: pick(['cash', 'terminal']),
      requestKey: randomUUID(),
      ...(details ? { invoiceTo: details.name, invoiceTaxId: details.taxId, invoiceAddress: details.address } : {}),
    },
  });
  if (
    !check(sale, {
      instance: at,
      what: 'boxOffice',
      ok: [201],
      expected: { 409: ['capacityExhausted', 'bookingClosed', 'departureUnavailable', 'notBookableOnline'] },
    })
  )
    return refusedDeparture(departure, sale.body?.error);
  departure.free -= sel.people;
  if (sale.body.status !== 'paid') {
    errors.unexpected++;
    return report('unexpected', { instance: at.port, what: 'boxOffice: not paid at once', answer: sale.text });
  }
  counts.boxOfficeSales++;
  if (details) counts.boxOfficeF1++;
  if (sel.audioGuides) counts.audioGuideSales++;
  paidBookings.push({
    reference: sale.body.reference,
    kind: 'box',
    firma: null,
    totalCents: sale.body.totalCents,
    full: Boolean(details),
    departureId: departure.id,
  });
}

/** A paid booking no one else is acting on, taken out of the list while this scenario runs. */
function takeBooking(filter = () => true) {
  const candidates = paidBookings.map((b, i) => [b, i]).filter(([b]) => filter(b));
  if (candidates.length === 0) return null;
  const [booking, index] = pick(candidates);
  paidBookings.splice(index, 1);
  return booking;
}

/** The visitor asks, from their booking link, for a full invoice of a simplified sale (F3). */
async function fullInvoiceLater() {
  const booking = takeBooking((b) => b.kind === 'web' && !b.full);
  if (!booking) return webPurchase();
  const at = nextInstance();
  const details = company();
  const asked = await http(at, 'POST', `/api/shop/bookings/${booking.reference}/invoice`, {
    label: 'POST /api/shop/bookings/{ref}/invoice',
    headers: { 'x-test-client-ip': `soak-${name}-invoice-${++serial}` },
    json: { firma: booking.firma, ...details },
  }).finally(() => paidBookings.push(booking));
  if (check(asked, { instance: at, what: 'fullInvoice', ok: [200], expected: { 409: ['notPaid', 'alreadyFull'] } })) {
    booking.full = true;
    counts.fullInvoicesLater++;
  }
}

/** The office cancels a paid booking with a full or a partial refund. */
async function cancellation() {
  const booking = takeBooking();
  if (!booking) return webPurchase();
  const partial = chance(0.35) && booking.totalCents >= 200;
  const refund = partial ? Math.floor(booking.totalCents / 2) : 'full';
  const at = nextInstance();
  const cancelled = await http(at, 'POST', `/api/ops/bookings/${booking.reference}/cancel`, {
    label: 'POST /api/ops/bookings/{ref}/cancel',
    token: tokens.office,
    json: { refund, reason: 'soak: the customer cannot come' },
  });
  if (check(cancelled, { instance: at, what: 'cancel', ok: [200] })) {
    counts.cancellations++;
    if (partial) counts.partialRefunds++;
  } else {
    paidBookings.push(booking);
  }
}

/** The office moves a paid booking to another departure (maybe another tour: a refund or a top-up at the desk). */
async function move() {
  const booking = takeBooking();
  if (!booking) return webPurchase();
  const target = sellableDeparture({ web: false, seats: 8, except: booking.departureId });
  if (!target) {
    paidBookings.push(booking);
    return note(refusals, 'move:noDepartureLeft');
  }
  const at = nextInstance();
  const moved = await http(at, 'POST', `/api/ops/bookings/${booking.reference}/move`, {
    label: 'POST /api/ops/bookings/{ref}/move',
    token: tokens.office,
    json: { departure: target.id, collect: pick(['cash', 'terminal']) },
  }).catch((error) => {
    paidBookings.push(booking);
    throw error;
  });
  if (
    check(moved, {
      instance: at,
      what: 'move',
      ok: [200],
      expected: { 409: ['full', 'notSoldOnline', 'bookingClosed', 'departureUnavailable'] },
    })
  ) {
    counts.moves++;
    booking.departureId = target.id;
    booking.totalCents = moved.body.totalCents ?? booking.totalCents;
  } else refusedDeparture(target, moved.body?.error);
  paidBookings.push(booking);
}

/** The admin annuls a booking's latest invoice (issued in error); the due document is issued again. */
async function annulment() {
  const booking = takeBooking();
  if (!booking) return webPurchase();
  try {
    const at = nextInstance();
    const listed = await http(at, 'GET', `/api/ops/invoices?booking=${encodeURIComponent(booking.reference)}`, {
      label: 'GET /api/ops/invoices?booking',
      token: tokens.office,
    });
    if (!check(listed, { instance: at, what: 'invoices', ok: [200] })) return;
    const candidates = listed.body.invoices.filter((invoice) => !invoice.annulled);
    if (candidates.length === 0) {
      errors.unexpected++;
      return report('unexpected', {
        instance: at.port,
        what: 'a paid booking without an invoice',
        answer: listed.text,
      });
    }
    const invoice = candidates[candidates.length - 1];
    const annulAt = nextInstance();
    const annulled = await http(annulAt, 'POST', `/api/ops/invoices/${invoice.id}/annul`, {
      label: 'POST /api/ops/invoices/{id}/annul',
      token: tokens.admin,
    });
    if (check(annulled, { instance: annulAt, what: 'annul', ok: [200] })) {
      counts.annulments++;
      // An annulled F3 leaves the simplified ones in force: the visitor may ask again.
      if (invoice.type === 'F3') booking.full = false;
    }
  } finally {
    paidBookings.push(booking);
  }
}

/**
 * Two desks act on one booking at the same instant, one on each instance: cancel and move, or
 * the same action twice (a double click, two tabs). One wins; the other is refused (409) or
 * answers what the first did; neither may fail (5xx) or leave the money and invoices apart.
 */
async function race() {
  const booking = takeBooking();
  if (!booking) return webPurchase();
  const target = sellableDeparture({ web: false, seats: 8, except: booking.departureId });
  const plans = [['cancel', 'cancel']];
  if (target) plans.push(['cancel', 'move'], ['move', 'cancel'], ['move', 'move']);
  const plan = pick(plans);
  const context = `race ${plan[0]} on ${instances[0].port} + ${plan[1]} on ${instances[1].port}`;
  const cancel = (instance) =>
    http(instance, 'POST', `/api/ops/bookings/${booking.reference}/cancel`, {
      context,
      label: 'POST /api/ops/bookings/{ref}/cancel',
      token: tokens.office,
      json: { refund: 'full', reason: 'soak: two desks at once' },
    });
  const moveTo = (instance) =>
    http(instance, 'POST', `/api/ops/bookings/${booking.reference}/move`, {
      context,
      label: 'POST /api/ops/bookings/{ref}/move',
      token: tokens.office,
      json: { departure: target.id, collect: 'terminal' },
    });
  const act = { cancel, move: moveTo };
  const settled = await Promise.allSettled(plan.map((kind, i) => act[kind](instances[i % instances.length])));
  counts.races++;
  let cancelled = false;
  settled.forEach((result, i) => {
    const kind = plan[i];
    if (result.status === 'rejected') {
      if (!(result.reason instanceof ScenarioAbort)) throw result.reason;
      return;
    }
    const answer = result.value;
    note(
      refusals,
      `race:${plan.join('+')}:${kind}:${answer.status}${answer.body?.error ? `:${answer.body.error}` : ''}`,
    );
    if (answer.status === 200 && kind === 'cancel') cancelled = true;
    else if (answer.status === 200 && kind === 'move') {
      booking.departureId = target.id;
      booking.totalCents = answer.body.totalCents ?? booking.totalCents;
    } else if (answer.status !== 409) {
      errors.unexpected++;
      report('unexpected', {
        instance: instances[i % instances.length].port,
        what: `race ${plan.join('+')}: ${kind}`,
        status: answer.status,
        answer: answer.text.slice(0, 1500),
      });
    }
  });
  if (!cancelled) paidBookings.push(booking);
}

// Browsing: what most requests on a real day are. Public pages in the four languages (every URL
// of the sitemap, as a crawler or a visitor would open them), the office's today board and search,
// and the back office's own pages signed in. They sell nothing; they are here because a leak in
// rendering (a cache without a bound, a listener per request) shows only under page views.
const publicPaths = [];
async function loadPublicPaths() {
  const answer = await http(nextInstance(), 'GET', '/sitemap.xml', { label: 'GET /sitemap.xml' });
  for (const [, loc] of answer.text.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    try {
      publicPaths.push(new URL(loc).pathname);
    } catch {
      // Not a URL: skip it.
    }
  }
  log(`${publicPaths.length} public pages to browse`);
  if (BROWSE && publicPaths.length < 10)
    throw new Error(`the sitemap lists ${publicPaths.length} pages: nothing to browse`);
}
const searchWords = ['Garcia', 'Martin', 'Dupont', 'Smith', 'lopez', 'GOL', 'soak', 'Rossi'];
const adminPaths = ['/admin', '/admin/ops/bookings', '/admin/collections/bookings', '/admin/collections/departures'];
async function browse() {
  const at = nextInstance();
  const r = Math.random();
  if (r < 0.7) {
    const pathname = pick(publicPaths);
    const page = await http(at, 'GET', pathname, { label: 'GET page', headers: { accept: 'text/html' } });
    if (check(page, { instance: at, what: `page ${pathname}`, ok: [200] })) counts.pageViews++;
    return;
  }
  counts.staffViews++;
  if (r < 0.8) {
    const today = await http(at, 'GET', `/api/ops/today?date=${madridDate(pick([0, 1, 2]))}`, {
      label: 'GET /api/ops/today',
      token: tokens.office,
    });
    check(today, { instance: at, what: 'today board', ok: [200] });
  } else if (r < 0.9) {
    const search = await http(at, 'GET', `/api/ops/bookings?q=${encodeURIComponent(pick(searchWords))}`, {
      label: 'GET /api/ops/bookings',
      token: tokens.office,
    });
    check(search, { instance: at, what: 'booking search', ok: [200] });
  } else {
    const pathname = pick(adminPaths);
    const screen = await http(at, 'GET', pathname, {
      label: 'GET admin screen',
      headers: { accept: 'text/html', cookie: `payload-token=${tokens.office}` },
    });
    check(screen, { instance: at, what: `admin ${pathname}`, ok: [200] });
  }
}

// Weights: sales first (they make the invoices), then what happens to some of them afterwards.
const SCENARIOS = [
  [webPurchase, 36],
  [() => webPurchase({ f1: true }), 8],
  [boxOfficeSale, 16],
  [fullInvoiceLater, 8],
  [cancellation, 12],
  [move, 12],
  [annulment, 8],
  ...(RACES ? [[race, 4]] : []),
  ...(BROWSE ? [[browse, 60]] : []),
];
const WEIGHT = SCENARIOS.reduce((sum, [, w]) => sum + w, 0);
function pickScenario() {
  // Follow-ups need paid bookings to act on: none yet, sell.
  if (paidBookings.length < 5) return chance(0.7) ? webPurchase : boxOfficeSale;
  let r = Math.random() * WEIGHT;
  for (const [scenario, weight] of SCENARIOS) {
    r -= weight;
    if (r < 0) return scenario;
  }
  return webPurchase;
}

// ---------------------------------------------------------------------------------------------
// The servers.

function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

function startServer(instance, env) {
  const out = createWriteStream(path.join(runDir, `server-${instance.port}.log`));
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...EXTRA_NODE_FLAGS,
      ...(HEAP_SNAPSHOT_MINUTES.length ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${runDir}`] : []),
      path.join(root, 'scripts', 'server.mjs'),
      '-p',
      String(instance.port),
      '-H',
      '127.0.0.1',
    ],
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
    if (!stoppingServers) {
      errors.serverExit = (errors.serverExit ?? 0) + 1;
      report('serverExit', { instance: instance.port, code, signal });
    }
  });
  instance.child = child;
}
let stoppingServers = false;

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

async function login(who) {
  const at = nextInstance();
  const answer = await http(at, 'POST', '/api/users/login', { label: 'POST /api/users/login', json: who });
  if (answer.status !== 200 || !answer.body?.token)
    throw new Error(`login of ${who.email}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body.token;
}

async function loadDepartures() {
  for (let day = 1; day <= DAYS; day++) {
    const date = madridDate(day);
    const at = nextInstance();
    const answer = await http(at, 'GET', `/api/ops/departures?date=${date}`, {
      label: 'GET /api/ops/departures',
      token: tokens.office,
    });
    if (answer.status !== 200) throw new Error(`departures of ${date}: ${answer.status} ${answer.text.slice(0, 300)}`);
    for (const d of answer.body.departures) {
      if (d.sellable && d.free > 10)
        departures.push({ id: d.id, tourId: d.tourId, free: d.free, web: true, closed: false });
    }
  }
  const seats = departures.reduce((sum, d) => sum + d.free, 0);
  log(`${departures.length} departures with ${seats} free seats over the next ${DAYS} days`);
  if (departures.length < 2) throw new Error('fewer than two sellable departures: nothing to soak');
}

// ---------------------------------------------------------------------------------------------
// The checks, on the database once the servers are stopped.

async function databaseChecks() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const q = async (sql) => (await db.query(sql)).rows;
    const byType = Object.fromEntries(
      (await q('SELECT type, COUNT(*)::int AS n FROM invoices GROUP BY type ORDER BY type')).map((r) => [r.type, r.n]),
    );
    const invoices = Object.values(byType).reduce((a, b) => a + b, 0);
    const [{ n: records }] = await q('SELECT COUNT(*)::int AS n FROM invoice_records');
    const [{ n: annulments }] = await q("SELECT COUNT(*)::int AS n FROM invoice_records WHERE kind = 'anulacion'");
    const [{ n: refunds }] = await q(
      "SELECT COUNT(*)::int AS n FROM payment_events WHERE kind = 'refund' AND status <> 'failed'",
    );
    const bookings = Object.fromEntries(
      (await q('SELECT status, COUNT(*)::int AS n FROM bookings GROUP BY status')).map((r) => [r.status, r.n]),
    );
    // Where each record stands with the AEAT; a record without a status row is counted as 'none'.
    const statusRows = await q(
      `SELECT COALESCE(s.status, 'none') AS status, s.error_code, s.error_text, COUNT(*)::int AS n
       FROM invoice_records r LEFT JOIN invoice_record_status s ON s.record_id = r.id
       GROUP BY 1, 2, 3 ORDER BY n DESC`,
    );
    const statuses = {};
    const notCorrect = [];
    for (const row of statusRows) {
      statuses[row.status] = (statuses[row.status] ?? 0) + row.n;
      if (row.status !== 'Correcto')
        notCorrect.push({ status: row.status, code: row.error_code, text: row.error_text?.slice(0, 300), n: row.n });
    }
    // Gapless numbers: per series, 1…max, each once (a unique index forbids twice).
    const series = await q(
      'SELECT series, COUNT(*)::int AS n, MIN(number)::int AS min, MAX(number)::int AS max FROM invoices GROUP BY series',
    );
    const gaps = series.filter((s) => s.min !== 1 || s.max !== s.n);
    // Within a series a higher number never carries an earlier issue time.
    const invoiceInversions = await q(
      `SELECT series, number, issued_at, previous_at FROM (
         SELECT series, number, issued_at, LAG(issued_at) OVER (PARTITION BY series ORDER BY number) AS previous_at
         FROM invoices) x
       WHERE issued_at < previous_at ORDER BY series, number LIMIT 20`,
    );
    const [{ n: invoiceInversionCount }] = await q(
      `SELECT COUNT(*)::int AS n FROM (
         SELECT issued_at, LAG(issued_at) OVER (PARTITION BY series ORDER BY number) AS previous_at FROM invoices) x
       WHERE issued_at < previous_at`,
    );
    // FechaHoraHusoGenRegistro (with its offset) never goes back along the chain.
    const recordTimes = await q(
      "SELECT position, record::jsonb->>'generatedAt' AS generated_at FROM invoice_records ORDER BY position",
    );
    const recordInversions = [];
    let latest = null;
    for (const row of recordTimes) {
      const at = Date.parse(row.generated_at);
      if (!Number.isFinite(at))
        recordInversions.push({ position: row.position, generatedAt: row.generated_at, problem: 'unreadable' });
      else if (latest && at < latest.at)
        recordInversions.push({ position: row.position, generatedAt: row.generated_at, after: latest.generatedAt });
      if (Number.isFinite(at) && (!latest || at >= latest.at)) latest = { at, generatedAt: row.generated_at };
    }
    // Also the invariant's first half: a booking's paid/refunded columns match its payment events.
    const columnMismatches = await q(
      `SELECT b.reference, b.paid_cents::int AS paid_cents, b.refunded_cents::int AS refunded_cents,
         (SELECT COALESCE(SUM(e.amount_cents), 0) FROM payment_events e
           WHERE e.booking_id = b.id AND e.kind = 'payment' AND e.status = 'succeeded')::int AS payments,
         (SELECT COALESCE(SUM(e.amount_cents), 0) FROM payment_events e
           WHERE e.booking_id = b.id AND e.kind = 'refund' AND e.status <> 'failed')::int AS refunds
       FROM bookings b`,
    ).then((rows) => rows.filter((r) => r.paid_cents !== r.payments || r.refunded_cents !== r.refunds));
    // The seats half of tests/fixtures/invariants.ts: a departure's counters are its bookings' seats.
    const seatMismatches = await q(
      `SELECT d.id, d.capacity::int AS capacity, d.seats_sold::int AS seats_sold, d.seats_held::int AS seats_held,
         ((SELECT COALESCE(SUM(b.seats), 0) FROM bookings b WHERE b.departure_id = d.id AND b.status = 'held')
          + (SELECT COALESCE(SUM(m.seats), 0) FROM booking_moves m WHERE m.to_departure_id = d.id AND m.status = 'pending'))::int AS held,
         (SELECT COALESCE(SUM(b.seats), 0) FROM bookings b
           WHERE b.departure_id = d.id AND b.status IN ('paid', 'disrupted'))::int AS sold
       FROM departures d`,
    ).then((rows) =>
      rows.filter(
        (d) => d.seats_sold !== d.sold || d.seats_held !== d.held || d.seats_sold + d.seats_held > d.capacity,
      ),
    );
    return {
      seatMismatches,
      invoices,
      records,
      byType,
      annulments,
      refunds,
      bookings,
      statuses,
      notCorrect,
      gaps,
      invoiceInversions,
      invoiceInversionCount,
      recordInversions,
      columnMismatches,
    };
  } finally {
    await db.end();
  }
}

async function pendingRecords() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT COUNT(*) FILTER (WHERE s.status = 'pending' OR s.status IS NULL)::int AS pending,
         COUNT(*)::int AS records,
         MAX(s.error_code) FILTER (WHERE s.status = 'pending') AS code,
         MAX(s.error_text) FILTER (WHERE s.status = 'pending') AS text
       FROM invoice_records r LEFT JOIN invoice_record_status s ON s.record_id = r.id`,
    );
    // The sender sends nothing before the first waiting record's own next attempt (sender.ts).
    const first = await db.query(
      `SELECT s.next_attempt_at FROM invoice_records r JOIN invoice_record_status s ON s.record_id = r.id
       WHERE s.status = 'pending' ORDER BY r.position LIMIT 1`,
    );
    return { ...rows[0], nextAttemptAt: first.rows[0]?.next_attempt_at ?? null };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The run itself.

async function main() {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    if (process.env.SOAK_BUILD !== '1') {
      console.error(
        'No production build in .next. Build it first:\n  SKIP_BUILD_TYPECHECK=1 npx next build\n' +
          'or run with SOAK_BUILD=1 to have this script build it (minutes on 2 busy cores).',
      );
      process.exit(2);
    }
  }
  mkdirSync(runDir, { recursive: true });
  bugLog = createWriteStream(path.join(runDir, 'problems.jsonl'));
  log(
    `run ${name}: ${MINUTES} min at ${CONCURRENCY} in flight on ports ${PORTS.join(', ')}; folder ${path.relative(root, runDir)}`,
  );

  const stubPort = PORTS[0] + 10;
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    PAYLOAD_SECRET: secret,
    APP_ENV: 'local',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    JOBS_AUTORUN: '1',
    PAYMENT_PROVIDER: 'sandbox',
    VERIFACTU_ENDPOINT: 'sandbox',
    ENABLE_TEST_ROUTES: '1',
    HOLD_SEATS_PER_VISITOR: '1000',
    MAIL_OUTBOX_DIR: path.join(runDir, 'outbox'),
    SMS_PROVIDER: 'outbox',
    SMS_OUTBOX_DIR: path.join(runDir, 'sms'),
    MEDIA_DIR: path.join(runDir, 'media'),
    // One bank for both instances: a refund asked of either is checked against what it authorised.
    SANDBOX_GATEWAY_DIR: path.join(runDir, 'gateway'),
    // The day board asks for the weather: a local stand-in, never the internet.
    WEATHER_API_URL: `http://127.0.0.1:${stubPort}/weather`,
    MAP_TILE_URL: `http://127.0.0.1:${stubPort}/tiles/{z}/{x}/{y}.png`,
  };
  for (const unset of ['SITE_URL', 'SMTP_URL', 'GA_MEASUREMENT_ID', 'VERIFACTU_CERT_PATH', 'NODE_OPTIONS'])
    delete env[unset];

  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    await run('build', bin('next'), ['build'], { ...env, SKIP_BUILD_TYPECHECK: '1' }, { timeoutMs: 30 * 60_000 });
  }

  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  databaseCreated = true;
  log(`created database ${name}`);
  await run('migrate', bin('payload'), ['migrate'], env);
  await run('seed', bin('payload'), ['run', 'scripts/seed.ts'], env);
  await run('users', bin('tsx'), ['scripts/soak-users.ts'], {
    ...env,
    SOAK_USERS: JSON.stringify([
      { ...staff.admin, role: 'admin' },
      { ...staff.office, role: 'office' },
    ]),
  });

  weatherStub = startServiceStub(stubPort);
  for (const instance of instances) startServer(instance, env);
  await Promise.all(instances.map((instance) => waitReady(instance)));
  log('both servers answer');

  const sampleRss = () => {
    for (const instance of instances) {
      const mb = instance.child?.pid ? rssMb(instance.child.pid) : null;
      if (mb === null) continue;
      instance.rss.push(mb);
      instance.rssAt.push(Date.now());
    }
  };
  sampleRss();
  const rssTimer = setInterval(sampleRss, RSS_EVERY_MS);

  tokens = { admin: await login(staff.admin), office: await login(staff.office) };
  await loadDepartures();
  if (BROWSE) await loadPublicPaths();

  // The load: CONCURRENCY workers, each one scenario at a time, until the deadline.
  const startedAt = Date.now();
  const deadline = startedAt + MINUTES * 60_000;
  const progress = setInterval(() => {
    const minutes = (Date.now() - startedAt) / 60_000;
    log(
      `${minutes.toFixed(1)} min: ${counts.scenarios} scenarios, web ${counts.webPurchases}, box ${counts.boxOfficeSales}, ` +
        `pages ${counts.pageViews}, staff ${counts.staffViews}, F3 ${counts.fullInvoicesLater}, cancel ${counts.cancellations}, move ${counts.moves}, annul ${counts.annulments}, ` +
        `5xx ${errors.http5xx}, unexpected ${errors.unexpected}, RSS ${instances.map((i) => i.rss.at(-1)).join('/')} MB`,
    );
  }, 30_000);
  const snapshotTimers = HEAP_SNAPSHOT_MINUTES.map((minute) =>
    setTimeout(() => {
      for (const instance of instances) instance.child?.kill('SIGUSR2');
      log(`heap snapshots asked at minute ${minute} (RSS ${instances.map((i) => i.rss.at(-1)).join('/')} MB)`);
    }, minute * 60_000),
  );
  const worker = async () => {
    while (!interrupted && Date.now() < deadline && counts.scenarios < MAX_SCENARIOS) {
      counts.scenarios++;
      try {
        await pickScenario()();
      } catch (error) {
        if (!(error instanceof ScenarioAbort)) {
          errors.scenario++;
          report('scenarioError', { error: String(error?.stack ?? error).slice(0, 1500) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  for (const timer of snapshotTimers) clearTimeout(timer);
  clearInterval(progress);
  const loadSeconds = (Date.now() - startedAt) / 1000;
  log(`load over after ${loadSeconds.toFixed(0)} s; waiting for the sender (up to ${DRAIN_MINUTES} min)`);

  // The sender runs each minute (at :50) on the jobs leader: wait for every record to be answered.
  const drainUntil = Date.now() + DRAIN_MINUTES * 60_000;
  let pending = await pendingRecords();
  while (!interrupted && pending.pending > 0 && Date.now() < drainUntil) {
    log(
      `${pending.pending} of ${pending.records} records pending${pending.code ? ` (last error ${pending.code}: ${String(pending.text).slice(0, 120)})` : ''}`,
    );
    if (pending.nextAttemptAt && pending.nextAttemptAt.getTime() > drainUntil) {
      log(
        `the first waiting record backs off until ${pending.nextAttemptAt.toISOString()}, past the wait: not waiting`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    pending = await pendingRecords();
  }
  sampleRss();
  clearInterval(rssTimer);
  stoppingServers = true;
  await stopChildren();
  log('servers stopped');

  const verify = await run('invoices-verify', bin('payload'), ['run', 'scripts/invoices-verify.ts'], env, {
    allowFailure: true,
    timeoutMs: 10 * 60_000,
  });
  const db = await databaseChecks();
  // The tests' invariant check itself, so that the soak's money check follows the product's rules
  // (a combined tour's partner parts, resold bookings) instead of a copy of their SQL.
  const invariants = await run('invariants', bin('payload'), ['run', 'scripts/check-invariants.ts'], env, {
    allowFailure: true,
    timeoutMs: 10 * 60_000,
  });
  const invariantProblems = (() => {
    const line = invariants.output.split('\n').find((l) => l.startsWith('{"problems"'));
    return line
      ? JSON.parse(line).problems
      : [`scripts/check-invariants.ts exited ${invariants.code} without its report`];
  })();

  const timeInversions = db.invoiceInversionCount + db.recordInversions.length;
  const checks = {
    verifyExit: verify.code === 0,
    allCorrecto: db.records > 0 && Object.keys(db.statuses).every((status) => status === 'Correcto'),
    gapless: db.gaps.length === 0,
    timeOrder: timeInversions === 0,
    money: invariants.code === 0 && invariantProblems.length === 0 && db.columnMismatches.length === 0,
    seats: db.seatMismatches.length === 0,
    noServerErrors: errors.http5xx === 0 && errors.network === 0 && !errors.serverExit && errors.scenario === 0,
  };
  // Memory: under the budget throughout, and no upward trend over the load's second half (a least
  // squares line through the samples taken then; warm-up caches fill in the first half).
  const loadEndsAt = startedAt + loadSeconds * 1000;
  const memory = instances.map((instance) => {
    const half = startedAt + (loadEndsAt - startedAt) / 2;
    const points = instance.rssAt
      .map((at, i) => [(at - startedAt) / 60_000, instance.rss[i]])
      .filter(
        ([minute]) => minute >= (half - startedAt) / 60_000 && minute <= (loadEndsAt - startedAt) / 60_000 + 0.01,
      );
    const n = points.length;
    const meanX = points.reduce((sum, [x]) => sum + x, 0) / Math.max(1, n);
    const meanY = points.reduce((sum, [, y]) => sum + y, 0) / Math.max(1, n);
    const sxx = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
    const sxy = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
    const slope = n >= 3 && sxx > 0 ? sxy / sxx : null;
    return {
      port: instance.port,
      maxMb: instance.rss.length ? Math.max(...instance.rss) : null,
      lastHalfSamples: n,
      lastHalfMbPerMinute: slope === null ? null : Math.round(slope * 1000) / 1000,
      samplesMb: instance.rss,
    };
  });
  checks.memory = memory.every(
    (m) =>
      m.maxMb !== null &&
      m.maxMb < RSS_BUDGET_MB &&
      (m.lastHalfMbPerMinute === null || m.lastHalfMbPerMinute <= RSS_TREND_LIMIT_MB_PER_MIN),
  );
  const failed = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([check]) => check);
  const invoicesPer10Min = Math.round((db.invoices / loadSeconds) * 600);
  const summary = {
    ok: failed.length === 0,
    failed,
    database: name,
    minutes: MINUTES,
    loadSeconds: Math.round(loadSeconds),
    concurrency: CONCURRENCY,
    invoices: db.invoices,
    records: db.records,
    byType: db.byType,
    annulments: db.annulments,
    refunds: db.refunds,
    moves: counts.moves,
    invoicesPer10Min,
    targetPer10Min: TARGET_INVOICES_PER_10_MIN,
    targetReached: invoicesPer10Min >= TARGET_INVOICES_PER_10_MIN,
    verifyExit: verify.code,
    verifyOutput: verify.output.trim().split('\n').slice(-3).join(' | ').slice(0, 600),
    statuses: db.statuses,
    notCorrect: db.notCorrect.slice(0, 10),
    gaps: db.gaps.length,
    gapSeries: db.gaps.slice(0, 10),
    timeInversions,
    invoiceTimeInversions: db.invoiceInversions.slice(0, 5),
    recordTimeInversions: db.recordInversions.slice(0, 5),
    moneyMismatches: invariantProblems.length + db.columnMismatches.length,
    moneyMismatchExamples: [...invariantProblems, ...db.columnMismatches].slice(0, 5),
    seatMismatches: db.seatMismatches.length,
    seatMismatchExamples: db.seatMismatches.slice(0, 5),
    bookings: db.bookings,
    counts,
    refusals,
    errors,
    problems: problems.slice(0, 5),
    rssEverySeconds: RSS_EVERY_MS / 1000,
    rssBudgetMb: RSS_BUDGET_MB,
    rssTrendLimitMbPerMinute: RSS_TREND_LIMIT_MB_PER_MIN,
    rss: memory,
    latencyMs: Object.fromEntries(
      Object.entries(endpointStats).map(([label, s]) => [
        label,
        { n: s.n, avg: Math.round(s.totalMs / Math.max(1, s.n)), max: Math.round(s.maxMs), statuses: s.statuses },
      ]),
    ),
    runDir: path.relative(root, runDir),
  };
  return summary;
}

let exitCode = 1;
try {
  const summary = await main();
  bugLog?.end();
  await cleanUp();
  console.log(JSON.stringify(summary));
  exitCode = summary.ok ? 0 : 1;
} catch (error) {
  log(`failed: ${error?.stack ?? error}`);
  bugLog?.end();
  await cleanUp();
  exitCode = 1;
}
process.exit(interrupted ? 130 : exitCode);
