// `npm run bench`: the performance budgets of docs/domain-rules.md#budgets, measured on this machine and printed as
// one table (a benchmark, not a test: it never fails a build, it reports; exit code 0 unless it cannot run at all).
//   - Lighthouse (mobile, default throttling) of the public pages in the four locales: scores, LCP, TBT, CLS and
//     the JavaScript transferred; of the staff's phone app (boarding page, partner's door, and the office's daily
//     screens: today, bookings, a booking, sell, till) signed in as members made for the run; and of a blank page (a heading and a paragraph, nothing else), the machine's
//     floor: what any page costs Chromium here before ours adds anything (docs/decisions/153-the-machines-floor.md);
//   - nginx with deploy/nginx.conf in front of the production server (scripts/bench-nginx.mjs): a cached page
//     through nginx against the same bytes served by nginx as a static file;
//   - the origin alone: cached pages and the availability API, requests per second and p99, and its memory
//     (RSS) under that load;
//   - the office's interactions on a throttled phone (scripts/bench-office-flow.mjs): search as you type,
//     choosing a departure and confirming a sale, each its INP;
//   - booking holds per second and the 500-buyers-for-10-seats race on a throwaway PostgreSQL database.
// It serves the current production build (run `npm run build` first) on a fresh SQLite database.
// Results: var/bench/latest.json and var/bench/bench-<time>.json.
//
// Environment:
//   BENCH_PORT       origin port (default 3190; nginx listens on BENCH_PORT + 1, and with TLS and HTTP/2 on + 2;
//                    the bare Node server on + 3 and, without nginx, the blank page's server on + 4)
//   BENCH_PAGES      which pages Lighthouse audits: `routes` (default: one page of each public route, in each
//                    locale), `all` (every URL of the sitemap), `none`, or a comma-separated list of paths
//   BENCH_DURATION   seconds per load run (default 10)
//   BENCH_RUNS       Lighthouse runs per page, reported as each figure's median (default 3)
//   BENCH_CPU_REFERENCE  the benchmark index Lighthouse's CPU slowdown is calibrated to (default 1750:
//                    each run is slowed 4 × the machine's median index so far / 1750); `off`: Lighthouse's 4×
//   BENCH_LOAD_RUNS  runs of each load test, reported as the median run (default 3)
//   BENCH_SKIP       comma-separated parts to skip: lighthouse, flow, office, nginx, origin, holds
//   NGINX_BIN        the nginx binary (default: found on PATH or /usr/sbin)
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';

import { measureBookingFlow } from './bench-flow.mjs';
import { measureOfficeFlow } from './bench-office-flow.mjs';
import { chromiumPath } from './chromium.mjs';
import {
  calibratedSlowdown,
  calibrationIndex,
  FLOOR_TBT_MS,
  floorIsClear,
  machineSpeed,
  medianLoadRun,
  medianOfRuns,
  REFERENCE_BENCHMARK_INDEX,
  SLOW_MACHINE_FACTOR,
  slowRuns,
} from './bench-median.mjs';
import { benchNginxConfig, findNginx, makeBenchCertificate, NGINX_MISSING, STATIC_PREFIX } from './bench-nginx.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const port = Number(process.env.BENCH_PORT ?? 3190);
const nginxPort = port + 1;
// The documented TLS and HTTP/2 listener: browsers are measured through it, as visitors come.
const nginxTlsPort = port + 2;
const base = `http://127.0.0.1:${port}`;
const outDir = path.join(root, 'var', 'bench');
const dbFile = path.join(outDir, 'site.db');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
// The machine speed Lighthouse's runs are calibrated to (bench-median.mjs); `off`: Lighthouse's constant 4×.
const cpuReference =
  process.env.BENCH_CPU_REFERENCE === 'off'
    ? null
    : Number(process.env.BENCH_CPU_REFERENCE ?? REFERENCE_BENCHMARK_INDEX);
// Rounds of taking again the Lighthouse runs measured while the machine was much slower than usual.
const SLOW_RETRY_ROUNDS = 3;
// Lighthouse runs that only measure the machine before the first reported one (its index's median).
const CALIBRATION_RUNS = 3;
// Load tests too: this machine's speed moves from one run to the next (scripts/bench-median.mjs).
const loadRuns = Math.max(1, Number(process.env.BENCH_LOAD_RUNS ?? 3));
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const started = Date.now();
const results = { at: new Date().toISOString(), machine: `${os.cpus().length} CPU, ${os.platform()}` };

const BUDGET = { perf: 98, a11y: 100, bp: 100, seo: 100, lcpMs: 1500, tbtMs: 50, cls: 0.02, jsKB: 130 };
const TARGET = {
  nginxVsStatic: 0.8,
  originRps: 1000,
  originP99: 50,
  availabilityRps: 500,
  rssMB: 400,
  holdsPerSec: 200,
  bookToReviewMs: 1000,
  monthChangeInpMs: 200,
};

function log(message) {
  process.stderr.write(`[bench ${Math.round((Date.now() - started) / 1000)}s] ${message}\n`);
}

if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });
// Pages an earlier server rendered from another database (the e2e suite's) stay on disk in the build.
rmSync(path.join(root, '.next', 'server', 'route-cache'), { recursive: true, force: true });
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
  DATABASE_URL: `file:${dbFile}`,
  SITE_URL: base,
  APP_ENV: 'test',
  LOG_LEVEL: 'warn',
  NEXT_TELEMETRY_DISABLED: '1',
  // Behind nginx, on this machine: its connections may name the client (docs/deployment.md).
  TRUSTED_PROXIES: '127.0.0.1',
};
// Until the web fonts arrive, Chromium draws text in the first of our fallback faces
// (src/app/(site)/fonts.css) whose system font is installed: which one shapes CLS. Lighthouse's
// phone is an Android one, whose system fonts are Roboto and Noto Serif.
results.fallbackFonts = (() => {
  const listed = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  if (listed.status !== 0) return null;
  const families = new Set(listed.stdout.split('\n').flatMap((line) => line.split(',')));
  return [
    'Arial',
    'Liberation Sans',
    'Roboto',
    'DejaVu Sans',
    'Times New Roman',
    'Liberation Serif',
    'Noto Serif',
  ].filter((family) => families.has(family));
})();
// Two facts about the machine that Lighthouse's benchmark index, a loop of pure JavaScript, never
// sees (decision 153). A kernel under PVM (a hypervisor in software, no hardware virtualisation)
// names it on its command line; there every page read five to fifteen times the TBT an earlier
// machine of the same index read. And what a first touch of fresh memory costs, which every
// browser process pays as it grows: 12–17 µs there, well under 1 µs on bare metal.
results.softwareHypervisor = (() => {
  try {
    return /\bpvm/.test(readFileSync('/proc/cmdline', 'utf8'));
  } catch {
    return false;
  }
})();
results.pageFaultMicros = (() => {
  const code = `const size = 256 << 20, pages = size >> 12, touch = (b) => { for (let i = 0; i < size; i += 4096) b[i] = 1; };
    const buffer = Buffer.allocUnsafeSlow(size); let t = process.hrtime.bigint(); touch(buffer);
    const first = Number(process.hrtime.bigint() - t); t = process.hrtime.bigint(); touch(buffer);
    const again = Number(process.hrtime.bigint() - t); console.log(((first - again) / pages / 1000).toFixed(1));`;
  const run = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
  const micros = Number(run.stdout.trim());
  return run.status === 0 && Number.isFinite(micros) ? micros : null;
})();
log('migrating and seeding a fresh database');
// The staff of the run: Lighthouse audits the staff's phone app signed in (scripts/bench-staff.ts).
const staffPassword = `bench-staff-${Date.now()}-password`;
for (const args of [['migrate'], ['run', 'scripts/seed.ts'], ['run', 'scripts/bench-staff.ts']]) {
  const step = spawnSync(bin('payload'), args, {
    cwd: root,
    env: { ...env, BENCH_STAFF_PASSWORD: staffPassword },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
// The production server (CSP hashes and nonces, media caching), as `npm start` and deployments run it.
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'server.mjs'), '-p', String(port)],
  {
    cwd: root,
    env: { ...SERVER_ENV, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const cleanups = [() => server.kill('SIGTERM')];
const cleanup = () => {
  for (const fn of cleanups.splice(0)) {
    try {
      fn();
    } catch {
      // already gone
    }
  }
};
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function waitFor(url, tries = 120) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** The server's resident memory in MB, or null. */
function rssMB(pid) {
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return out ? Math.round(Number(out) / 1024) : null;
}

let peakRss = 0;
/** autocannon against url, BENCH_LOAD_RUNS times: the median run (scripts/bench-median.mjs). */
async function load(url, options = {}) {
  const runs = [];
  for (let run = 0; run < loadRuns; run++) runs.push(await loadOnce(url, options));
  return medianLoadRun(runs);
}

/** One autocannon run; samples the origin's RSS while it runs (its peak in this run: rssPeakMB). */
async function loadOnce(url, { connections = 50, headers = {} } = {}) {
  await fetch(url, { headers }); // warm every cache on the way
  await fetch(url, { headers });
  let runPeak = 0;
  const sampler = setInterval(() => {
    runPeak = Math.max(runPeak, rssMB(server.pid) ?? 0);
    peakRss = Math.max(peakRss, runPeak);
  }, 500);
  try {
    const result = await autocannon({ url, connections, duration, pipelining: 1, headers });
    return {
      rssPeakMB: runPeak,
      reqPerSec: Math.round(result.requests.average),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      kBPerReq: result.requests.total ? Math.round(result.throughput.total / result.requests.total / 1024) : 0,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  } finally {
    clearInterval(sampler);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

const ROOT_REDIRECTED = '/ (English browser, 307 to /en)';
// The machine's floor: a valid page with a heading and a paragraph, no style, font, image or script.
// Whatever blocking time it shows is the browser's own cost on this machine, which every page pays
// before ours adds anything: where it is not 0, the pages' TBT says as much about the machine as
// about them (docs/decisions/153-the-machines-floor.md).
const FLOOR_PAGE = "blank page (the machine's floor)";
const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>' +
  '<meta name="description" content="A page with nothing on it."></head>' +
  '<body><main><h1>Floor</h1><p>A heading and a paragraph: what any page costs the browser here.</p></main></body></html>';

/** The public pages from the sitemap; `routes` keeps the first page of each route in each locale. */
async function pagesToAudit() {
  const choice = process.env.BENCH_PAGES ?? 'routes';
  if (choice === 'none') return [];
  if (choice !== 'routes' && choice !== 'all') return choice.split(',').filter(Boolean);
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const unique = [...new Set(paths)];
  if (choice === 'all') return unique;
  const seen = new Set();
  return unique.filter((p) => {
    const locale = /^\/(es|en|fr)(?=\/|$)/.exec(p)?.[1] ?? 'ca';
    const rest = p.replace(/^\/(es|en|fr)(?=\/|$)/, '') || '/';
    // /tour/x and /escuelas/x: one page of each kind is enough for the default run.
    const kind = rest.replace(/^\/(tour|escuelas)\/[^/]+$/, '/$1/[id]');
    const key = `${locale} ${kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Lighthouse with its default mobile emulation and throttling, the budget's conditions; the CPU
 * slowdown calibrated to the machine's speed unless `cpuSlowdown` is null (Lighthouse's 4×).
 */
async function audit(chrome, url, headers, cpuSlowdown = null) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(headers ? { extraHeaders: headers } : {}),
    ...(cpuSlowdown === null
      ? {}
      : {
          throttling: {
            ...lighthouseConstants.throttling.mobileSlow4G,
            cpuSlowdownMultiplier: cpuSlowdown,
          },
        }),
  });
  const score = (key) => (lhr.categories[key]?.score == null ? null : Math.round(lhr.categories[key].score * 100));
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 0.9)
    .map((a) => a.id);
  // A metric Lighthouse could not compute (a trace it could not read) is null, with its reason.
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const unmeasured = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
    .filter((id) => metric(id) === null)
    .map((id) => `${id}: ${lhr.audits[id]?.errorMessage ?? 'not measured'}`);
  // What the largest paint was, and where its time went (the page's own timings, not simulated).
  const lcpDetails = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const lcpElement = lcpDetails.find((item) => item?.type === 'node')?.selector ?? null;
  const lcpPhases = Object.fromEntries(
    (lcpDetails.find((item) => Array.isArray(item?.items))?.items ?? []).map((phase) => [
      phase.subpart,
      Math.round(phase.duration),
    ]),
  );
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcpMs: metric('largest-contentful-paint') === null ? null : Math.round(metric('largest-contentful-paint')),
    tbtMs: metric('total-blocking-time') === null ? null : Math.round(metric('total-blocking-time')),
    cls: metric('cumulative-layout-shift') === null ? null : +metric('cumulative-layout-shift').toFixed(3),
    ...(unmeasured.length ? { unmeasured } : {}),
    jsKB: +(jsBytes / 1024).toFixed(1),
    lcpElement,
    lcpPhases,
    benchmarkIndex: lhr.environment?.benchmarkIndex == null ? null : Math.round(lhr.environment.benchmarkIndex),
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    // Where the main thread's time went (ms per group: script evaluation, style and layout, …).
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
    // The main thread's longest tasks (ms, observed before throttling is simulated) and what ran
    // them: the trace's answer to "why is TBT what it is".
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 8).map((task) => ({
      url: task.url,
      startMs: Math.round(task.startTime),
      durationMs: Math.round(task.duration),
    })),
    // What moved, when something did: the elements behind CLS, largest first.
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? [])
      .map((shift) => ({ score: +(shift.score ?? 0).toFixed(3), element: shift.node?.selector ?? null }))
      .filter((shift) => shift.score > 0)
      .slice(0, 3),
    failing: [...new Set(failing)],
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
  };
}

/**
 * GET a URL as Chromium would for the cache's sake (Brotli accepted, same scheme and host: nginx
 * keys its cache on them), whatever its certificate, and follow a redirect.
 */
function fetchAsBrowser(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? https : http).get(
      url,
      { rejectUnauthorized: false, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => {
          const location = response.headers.location;
          resolve(location ? fetchAsBrowser(new URL(location, url).toString(), headers) : undefined);
        });
      },
    );
    request.on('error', reject);
  });
}

/**
 * The staff's phone app, signed in (decision 182): its own budget, not the public pages' (a staff
 * page is not for search engines, and it has a session): JavaScript ≤ 150 KB.
 */
const BENCH_OFFICE = 'bench-office@example.com';
const STAFF_APP_PAGES = [
  { key: '/staff/boarding (crew, signed in)', path: '/staff/boarding', email: 'bench-crew@example.com' },
  { key: '/staff/door (partner, signed in)', path: '/staff/door', email: 'bench-door@example.com' },
  // The office's daily screens (issue 46), outside the admin shell: a budget of their own.
  { key: '/staff/today (office, signed in)', path: '/staff/today', email: BENCH_OFFICE, office: true },
  { key: '/staff/bookings (office, signed in)', path: '/staff/bookings?q=lopez', email: BENCH_OFFICE, office: true },
  {
    key: '/staff/bookings/REF (office, signed in)',
    path: '/staff/bookings/{booking}',
    email: BENCH_OFFICE,
    office: true,
  },
  { key: '/staff/sell (office, signed in)', path: '/staff/sell', email: BENCH_OFFICE, office: true },
  { key: '/staff/till (office, signed in)', path: '/staff/till', email: BENCH_OFFICE, office: true },
];
const STAFF_APP_JS_KB = 150;
/** The office's screens: at most 300 KB of JavaScript and 300 ms of blocking time on the phone. */
const OFFICE_JS_KB = 300;
const OFFICE_TBT_MS = 300;
/** The office's interactions (search as you type, choosing a departure, confirming a sale): INP. */
const OFFICE_INP_MS = 200;

/** Madrid's date, as YYYY-MM-DD, `days` from now. */
function madridDate(days = 0) {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
}

/**
 * A paid booking for the office's booking page, sold at the box office (one adult, cash, to
 * "López", whom the search then finds) on the first departure still on sale today or tomorrow.
 */
async function benchBooking(token) {
  const headers = { Authorization: `JWT ${token}`, 'content-type': 'application/json' };
  const answers = [];
  for (const date of [0, 1, 2, 3, 4, 5, 6].map(madridDate)) {
    const answer = await fetch(`${base}/api/ops/departures?date=${date}`, { headers });
    const day = await answer.json().catch(() => ({}));
    answers.push(`${date}: ${answer.status} ${day.departures?.length ?? '-'}`);
    const departure = day.departures?.find(
      (d) => d.sellable && d.free > 0 && new Date(d.startsAt).getTime() > Date.now() + 3_600_000,
    );
    if (!departure) continue;
    officeSaleDate = date;
    const sale = await fetch(`${base}/api/ops/bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        tripType: 'roundTrip',
        adult: 1,
        reduced: 0,
        child: 0,
        super3: 0,
        audioGuides: 0,
        name: 'Bench',
        surnames: 'López',
        email: '',
        phone: '',
        mobilePhone: '',
        comments: '',
        departure: departure.id,
        locale: 'ca',
        method: 'cash',
        requestKey: `bench-${Date.now()}`,
      }),
    });
    const sold = await sale.json();
    if (sold.ok) return sold.reference;
    throw new Error(`bench booking: the sale failed (${sale.status} ${JSON.stringify(sold).slice(0, 200)})`);
  }
  throw new Error(`bench booking: no departure on sale in the next 7 days (${answers.join(', ')})`);
}
/** The day the bench's booking was sold on: the office flow sells on it too. */
let officeSaleDate;

/** The staff app's audits, each with its member's session cookie (members made for the run). */
async function staffAudits(origin) {
  const audits = [];
  let booking;
  for (const { key, path: pagePath, email } of STAFF_APP_PAGES) {
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: staffPassword }),
    });
    const token = login.ok ? (await login.json()).token : null;
    if (!token) throw new Error(`bench staff ${email}: sign-in failed (${login.status})`);
    if (pagePath.includes('{booking}')) {
      booking ??= await benchBooking(token).catch((error) => {
        log(error.message);
        return null;
      });
      if (!booking) continue;
    }
    const url = `${origin}${pagePath.replace('{booking}', encodeURIComponent(booking ?? ''))}`;
    audits.push({ key, url, headers: { Cookie: `payload-token=${token}` } });
  }
  return audits;
}

async function lighthouseAll(origin, floorUrl) {
  const pages = await pagesToAudit();
  const staff = await staffAudits(origin);
  if (pages.length === 0 && staff.length === 0) return {};
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      // nginx's certificate is made for the run (scripts/bench-nginx.mjs).
      '--ignore-certificate-errors',
    ],
  });
  // The root is the Catalan home: audited as a Catalan browser asks for it. Any other browser is
  // sent on to its language's home (307, the spec's language detection), audited as a row of its own.
  const audits = [
    ...pages.flatMap((page) =>
      page === '/'
        ? [
            { key: '/', url: `${origin}${page}`, headers: { 'Accept-Language': 'ca' } },
            { key: ROOT_REDIRECTED, url: `${origin}${page}`, headers: { 'Accept-Language': 'en-US,en;q=0.9' } },
          ]
        : [{ key: page, url: `${origin}${page}` }],
    ),
    ...staff,
    ...(floorUrl ? [{ key: FLOOR_PAGE, url: floorUrl }] : []),
  ];
  const runsByPage = {};
  // Every index Lighthouse has read in this bench: each run is slowed for their median (decision 155).
  const indexReadings = [];
  const slowdown = () =>
    cpuReference === null ? null : calibratedSlowdown(calibrationIndex(indexReadings), cpuReference);
  /** One Lighthouse run; it sometimes loses a trace on a busy machine: one more try before reporting it. */
  const auditOnce = async ({ url, headers }) => {
    let result;
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        result = await audit(chrome, url, headers, slowdown());
      } catch (error) {
        result = { error: String(error?.message ?? error).slice(0, 200) };
      }
      if (typeof result.benchmarkIndex === 'number') indexReadings.push(result.benchmarkIndex);
      if (!result.error && !result.unmeasured) break;
    }
    return result;
  };
  // Runs only to measure the machine, so that the first reported run is calibrated to a median too:
  // the blank page's where there is one (a few seconds a run), else the first page's.
  if (cpuReference !== null && audits.length > 0) {
    log(`lighthouse: measuring the machine for the CPU slowdown (${CALIBRATION_RUNS} runs)`);
    const measured = audits.find((audited) => audited.key === FLOOR_PAGE) ?? audits[0];
    await fetchAsBrowser(measured.url, measured.headers);
    for (let run = 0; run < CALIBRATION_RUNS; run++) await auditOnce(measured);
  }
  try {
    for (const [i, audited] of audits.entries()) {
      const { key, url, headers } = audited;
      log(`lighthouse ${i + 1}/${audits.length} ${key}`);
      // Measured as the cache holds it, as every visitor but the first after an expiry gets it
      // (s-maxage=60, then served stale while one request refreshes it): not the cold render.
      for (let warm = 0; warm < 2; warm++) await fetchAsBrowser(url, headers);
      runsByPage[key] = [];
      for (let run = 0; run < lighthouseRuns; run++) runsByPage[key].push(await auditOnce(audited));
    }
    // Runs taken while the machine was much slower than its own median are taken again (a few
    // rounds at most); what stays slow is reported as such rather than passed off as the page's.
    for (let round = 1; round <= SLOW_RETRY_ROUNDS; round++) {
      const slow = slowRuns(runsByPage);
      if (slow.length === 0) break;
      log(
        `lighthouse: ${slow.length} run(s) on a slow machine (index < ${SLOW_MACHINE_FACTOR} × ${machineSpeed(runsByPage)}), again (round ${round})`,
      );
      for (const { page: key, index } of slow) {
        runsByPage[key][index] = await auditOnce(audits.find((audited) => audited.key === key));
      }
    }
  } finally {
    await chrome.kill();
  }
  results.machineSpeed = machineSpeed(runsByPage);
  const stillSlow = slowRuns(runsByPage);
  const out = {};
  for (const [key, runs] of Object.entries(runsByPage)) {
    out[key] = medianOfRuns(runs);
    const slowHere = stillSlow.filter((run) => run.page === key).length;
    if (slowHere) out[key].slowRuns = slowHere;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// nginx

async function startNginx() {
  const nginxBin = findNginx();
  if (!nginxBin) return { error: NGINX_MISSING };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const staticDir = path.join(dir, 'static');
  mkdirSync(staticDir);
  const certificate = makeBenchCertificate(dir);
  if (!certificate) return { error: 'openssl could not make a certificate for nginx (is openssl installed?)' };
  const conf = benchNginxConfig(readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8'), {
    listenPort: nginxPort,
    tlsPort: nginxTlsPort,
    ...certificate,
    upstreamPort: port,
    dir,
    staticDir,
    // Workers started by root would run as nobody, who cannot write a cache in a root-owned temp directory.
    user: process.getuid?.() === 0 ? 'root' : null,
  });
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const check = spawnSync(nginxBin, ['-t', '-q', '-p', dir, '-c', confFile], { encoding: 'utf8' });
  if (check.status !== 0) return { error: `nginx refused the bench configuration:\n${check.stderr}` };
  const run = spawnSync(nginxBin, ['-p', dir, '-c', confFile], { encoding: 'utf8' });
  if (run.status !== 0) return { error: `nginx did not start:\n${run.stderr}` };
  const pidFile = path.join(dir, 'nginx.pid');
  cleanups.push(() => {
    if (existsSync(pidFile)) spawnSync(nginxBin, ['-p', dir, '-c', confFile, '-s', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });
  await waitFor(`http://127.0.0.1:${nginxPort}/healthz`);
  return { bin: nginxBin, version: spawnSync(nginxBin, ['-v'], { encoding: 'utf8' }).stderr.trim(), dir, staticDir };
}

/** What nginx does with a few kinds of URL: X-Cache-Status of the second request (absent = not cached). */
async function nginxBehaviour(origin, tourSlug) {
  const probe = async (p, headers = {}) => {
    await fetch(`${origin}${p}`, { headers, redirect: 'manual' });
    const res = await fetch(`${origin}${p}`, { headers, redirect: 'manual' });
    await res.arrayBuffer();
    return `${res.status} ${res.headers.get('x-cache-status') ?? 'bypass'}`;
  };
  return {
    '/es (page)': await probe('/es'),
    [`/en/tour/${tourSlug}`]: await probe(`/en/tour/${tourSlug}`),
    '/ (root)': await probe('/'),
    '/admin': await probe('/admin'),
    '/api/shop/today': await probe('/api/shop/today'),
    '/es/reserva/X (signed)': await probe('/es/reserva/BENCH0000?firma=x'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL holds

/** Seat holds per second and the last-seats race, on a throwaway PostgreSQL database. */
async function holdsOnPostgres() {
  const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const name = `bench_holds_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch (error) {
    return { error: `PostgreSQL not reachable at ${admin} (${error.message}); set TEST_PG_URL` };
  }
  await client.query(`create database ${name}`);
  try {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const run = spawnSync(bin('payload'), ['run', 'scripts/bench-holds.ts'], {
      cwd: root,
      env: { ...env, DATABASE_URL: url.toString(), JOBS_AUTORUN: '0', LOG_LEVEL: 'error' },
      encoding: 'utf8',
    });
    const line = run.stdout.split('\n').find((l) => l.startsWith('{"database"'));
    return line ? JSON.parse(line) : { error: run.stderr.slice(-500) };
  } finally {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run

await waitFor(`${base}/healthz`);
results.serverRssIdleMB = rssMB(server.pid);
const tourSlug =
  (await (await fetch(`${base}/sitemap.xml`)).text()).match(/\/en\/tour\/([^<"/]+)</)?.[1] ?? 'barcelona-port-40-min';
const tourPath = `/en/tour/${tourSlug}`;
const month = new Date().toISOString().slice(0, 7);

let nginxInfo = { error: 'skipped (BENCH_SKIP)' };
if (!skip.has('nginx')) {
  log('starting nginx with deploy/nginx.conf');
  nginxInfo = await startNginx();
  if (nginxInfo.error) log(nginxInfo.error);
}
const nginxUp = !nginxInfo.error;
const nginxBase = `http://127.0.0.1:${nginxPort}`;
results.nginx = nginxUp ? { version: nginxInfo.version } : { error: nginxInfo.error };

if (!skip.has('lighthouse')) {
  // Through nginx when there is one, as visitors get the pages (TLS and HTTP/2, compressed, cached).
  results.lighthouseThrough = nginxUp ? 'nginx (HTTPS, HTTP/2)' : 'origin';
  // The floor goes the way the pages go: nginx's static files over HTTP/2, or a bare Node server.
  let floorUrl;
  if (nginxUp) {
    writeFileSync(path.join(nginxInfo.staticDir, 'floor.html'), FLOOR_HTML);
    floorUrl = `https://127.0.0.1:${nginxTlsPort}${STATIC_PREFIX}floor.html`;
  } else {
    floorUrl = await bareNodeServer(Buffer.from(FLOOR_HTML), port + 4);
  }
  results.lighthouse = await lighthouseAll(nginxUp ? `https://127.0.0.1:${nginxTlsPort}` : base, floorUrl);
}

if (!skip.has('flow')) {
  // The booking flow on a throttled phone (scripts/bench-flow.mjs), on the origin: its API answers are never cached.
  log('booking flow under mobile throttling');
  results.bookingFlow = await measureBookingFlow({ base, tourPath }).catch((error) => ({ error: error.message }));
}

if (!skip.has('office')) {
  // The office's interactions on a throttled phone (scripts/bench-office-flow.mjs), on the origin.
  log('office screens: interactions under mobile throttling');
  results.officeFlow = await measureOfficeFlow({
    base,
    email: BENCH_OFFICE,
    password: staffPassword,
    sellDate: officeSaleDate,
  }).catch((error) => ({ error: error.message }));
}

/**
 * The machine's speed at this moment, for reading the origin's figures: a bare Node HTTP server
 * (its own process, as the origin is) answering the same bytes as the origin's cached page, and
 * nothing else. This machine's speed moves twofold from one minute to the next.
 */
async function bareNodeServer(bytes, barePort = port + 3) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const file = path.join(dir, 'page.html');
  writeFileSync(file, bytes);
  const code = `import http from 'node:http'; import fs from 'node:fs';
    const body = fs.readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(body); })
      .listen(${barePort}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' });
  cleanups.push(() => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });
  await waitFor(`http://127.0.0.1:${barePort}/`);
  return `http://127.0.0.1:${barePort}/`;
}

if (!skip.has('origin')) {
  log('origin alone: cached pages and the availability API, and a bare Node server for scale');
  const bare = await bareNodeServer(Buffer.from(await (await fetch(`${base}/es`)).arrayBuffer()));
  results.origin = {
    home: await load(`${base}/es`),
    bareNode: await load(bare),
    tour: await load(`${base}${tourPath}`),
    availability: await load(`${base}/api/shop/tours/${tourSlug}/availability?month=${month}&locale=en`),
  };
}
results.serverRssPeakMB = peakRss || null;

if (nginxUp) {
  log('nginx: cached page against the same bytes as a static file');
  results.nginx.behaviour = await nginxBehaviour(nginxBase, tourSlug);
  const gzip = { 'accept-encoding': 'gzip' };
  for (const [name, p] of [
    ['home', '/es'],
    ['tour', tourPath],
  ]) {
    const body = Buffer.from(await (await fetch(`${nginxBase}${p}`)).arrayBuffer());
    writeFileSync(path.join(nginxInfo.staticDir, `${name}.html`), body);
    const proxied = await load(`${nginxBase}${p}`, { headers: gzip });
    const staticFile = await load(`${nginxBase}${STATIC_PREFIX}${name}.html`, { headers: gzip });
    results.nginx[name] = {
      path: p,
      bytes: body.length,
      proxied,
      static: staticFile,
      ratio: +(proxied.reqPerSec / staticFile.reqPerSec).toFixed(2),
    };
  }
}
results.serverRssPeakMB = peakRss || null;

cleanup();
if (!skip.has('holds')) {
  log('PostgreSQL holds and the last-seats race');
  results.holdsPostgres = await holdsOnPostgres();
}
results.seconds = Math.round((Date.now() - started) / 1000);

// ---------------------------------------------------------------------------------------------------------------
// The table

const rows = [];
const row = (measure, result, target, ok) =>
  rows.push([measure, result, target, ok === null ? '–' : ok ? 'ok' : 'MISS']);
/** A load test's runs, when there were several: " (runs 3206–6876 req/s)". */
const loadSpread = ({ runs = [] }) =>
  runs.length > 1
    ? ` (runs ${Math.min(...runs.map((r) => r.reqPerSec))}–${Math.max(...runs.map((r) => r.reqPerSec))} req/s)`
    : '';
/** The CPU slowdown the runs were calibrated to: " slowed 7.9–8.3×". */
const slowdownText = (runs = []) => {
  const values = runs.filter((x) => x != null);
  if (values.length === 0) return '';
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return ` slowed ${low === high ? low : `${low}–${high}`}×`;
};
/** The main thread's busy time of an audit (Lighthouse's breakdown, all groups). */
const mainThreadMs = (r) => Object.values(r.mainThread ?? {}).reduce((sum, ms) => sum + ms, 0);
/** The runs' range, when there were several: " (1380–1560)". */
const spread = (values = []) => (values.length > 1 ? ` (${Math.min(...values)}–${Math.max(...values)})` : '');
for (const [page, r] of Object.entries(results.lighthouse ?? {})) {
  if (r.error) {
    row(`LH ${page}`, `error: ${r.error}`, '', false);
    continue;
  }
  const measured =
    `${r.perf}/${r.a11y}/${r.bp}/${r.seo}  LCP ${r.lcpMs}${spread(r.lcpRunsMs)} TBT ${r.tbtMs}${spread(r.tbtRunsMs)} CLS ${r.cls} JS ${r.jsKB}K` +
    (r.benchmarkIndex ? `  CPU ${r.benchmarkIndex}${spread(r.benchmarkIndexRuns?.filter((x) => x != null))}` : '') +
    slowdownText(r.cpuSlowdownRuns) +
    (r.slowRuns ? ` (${r.slowRuns} slow)` : '');
  if (STAFF_APP_PAGES.some((staffPage) => staffPage.key === page && staffPage.office)) {
    const misses = [
      r.unmeasured && 'unmeasured',
      r.jsKB > OFFICE_JS_KB && 'JS',
      r.tbtMs > OFFICE_TBT_MS && 'TBT',
    ].filter(Boolean);
    rows.push([
      `LH ${page}`,
      measured,
      `JS ≤${OFFICE_JS_KB}K TBT ≤${OFFICE_TBT_MS}`,
      misses.length ? `MISS ${misses.join(',')}` : 'ok',
    ]);
    continue;
  }
  if (STAFF_APP_PAGES.some((staffPage) => staffPage.key === page)) {
    rows.push([
      `LH ${page}`,
      measured,
      `JS ≤${STAFF_APP_JS_KB}K`,
      r.unmeasured ? 'MISS unmeasured' : r.jsKB > STAFF_APP_JS_KB ? 'MISS JS' : 'ok',
    ]);
    continue;
  }
  if (page === FLOOR_PAGE) {
    // Not a budget: whether this machine can judge one.
    rows.push([
      `LH ${page}`,
      `${measured}; main thread ${mainThreadMs(r)} ms`,
      `TBT ≤ ${FLOOR_TBT_MS}: the machine can judge ≤50`,
      floorIsClear(r) ? 'ok' : 'MACHINE',
    ]);
    continue;
  }
  const misses = [
    r.unmeasured && 'unmeasured',
    r.slowRuns && 'slow machine',
    r.perf < BUDGET.perf && 'perf',
    r.a11y < BUDGET.a11y && 'a11y',
    r.bp < BUDGET.bp && 'BP',
    r.seo < BUDGET.seo && 'SEO',
    r.lcpMs > BUDGET.lcpMs && 'LCP',
    r.tbtMs > BUDGET.tbtMs && 'TBT',
    r.cls > BUDGET.cls && 'CLS',
    r.jsKB > BUDGET.jsKB && 'JS',
  ].filter(Boolean);
  rows.push([
    `LH ${page}`,
    measured,
    '98/100/100/100 ≤1500 ≤50 ≤0.02 ≤130K',
    misses.length ? `MISS ${misses.join(',')}` : 'ok',
  ]);
}
if (results.nginx?.error) row('nginx', results.nginx.error.split('\n')[0], '', null);
for (const name of ['home', 'tour']) {
  const n = results.nginx?.[name];
  if (!n) continue;
  row(
    `nginx ${n.path} vs static (gzip)`,
    `${n.proxied.reqPerSec} vs ${n.static.reqPerSec} req/s = ${Math.round(n.ratio * 100)} %; p99 ${n.proxied.p99ms} vs ${n.static.p99ms} ms`,
    '≥ 80 %',
    n.ratio >= TARGET.nginxVsStatic,
  );
}
if (results.nginx?.behaviour) {
  row(
    'nginx cache (2nd request)',
    Object.entries(results.nginx.behaviour)
      .map(([k, v]) => `${k.split(' ')[0]} ${v.split(' ')[1]}`)
      .join(', '),
    'pages HIT; /, admin, api, reserva bypass',
    null,
  );
}
const flow = results.bookingFlow;
if (flow?.error) row('booking flow', `error: ${flow.error}`, '', false);
else if (flow) {
  row(
    'booking flow: Book → review (mobile throttling)',
    `${flow.bookToReviewMs} ms (open ${flow.openFormMs}, day ${flow.pickDayMs}, Continue ${flow.reviewMs})`,
    '≤ 1000 ms',
    flow.bookToReviewMs <= TARGET.bookToReviewMs,
  );
  row(
    'calendar month change (mobile throttling)',
    `INP ${flow.monthChangeInpMs} ms; next month's seats on screen in ${flow.monthChangeMs} ms`,
    'INP ≤ 200 ms',
    flow.monthChangeInpMs <= TARGET.monthChangeInpMs,
  );
}
const office = results.officeFlow;
if (office?.error) row('office: interactions', `error: ${office.error}`, '', false);
else if (office) {
  row(
    'office: search as you type (mobile throttling)',
    `INP ${office.searchInpMs} ms (typing "lopez")`,
    `INP ≤ ${OFFICE_INP_MS} ms`,
    office.searchInpMs <= OFFICE_INP_MS,
  );
  row(
    'office: choose a departure to sell',
    `INP ${office.departureInpMs} ms`,
    `INP ≤ ${OFFICE_INP_MS} ms`,
    office.departureInpMs <= OFFICE_INP_MS,
  );
  row(
    'office: confirm a sale',
    `INP ${office.saleInpMs} ms; the sale on screen in ${office.saleDoneMs} ms`,
    `INP ≤ ${OFFICE_INP_MS} ms`,
    office.saleInpMs <= OFFICE_INP_MS,
  );
}
for (const [name, label] of [
  ['home', '/es'],
  ['tour', tourPath],
]) {
  const o = results.origin?.[name];
  if (!o) continue;
  row(
    `origin ${label}`,
    `${o.reqPerSec} req/s, p50 ${o.p50ms} ms, p99 ${o.p99ms} ms${o.errors || o.non2xx ? `, ${o.non2xx} non-2xx ${o.errors} errors` : ''}${loadSpread(o)}`,
    '≥ 1000 req/s, p99 < 50 ms',
    o.reqPerSec >= TARGET.originRps && o.p99ms < TARGET.originP99,
  );
}
if (results.origin?.bareNode) {
  const b = results.origin.bareNode;
  row(
    'bare Node server, same bytes as /es (scale)',
    `${b.reqPerSec} req/s, p50 ${b.p50ms} ms, p99 ${b.p99ms} ms${loadSpread(b)}`,
    'the machine, not a budget',
    null,
  );
}
if (results.origin?.availability) {
  const a = results.origin.availability;
  row(
    'origin availability API',
    `${a.reqPerSec} req/s, p50 ${a.p50ms} ms, p99 ${a.p99ms} ms${a.non2xx ? `, ${a.non2xx} non-2xx` : ''}${loadSpread(a)}`,
    '≥ 500 req/s',
    a.reqPerSec >= TARGET.availabilityRps,
  );
}
const phasePeaks = ['home', 'tour', 'availability']
  .map((name) => results.origin?.[name] && `${name} ${results.origin[name].rssPeakMB}`)
  .filter(Boolean)
  .join(', ');
row(
  'origin RSS idle / peak under load',
  `${results.serverRssIdleMB} / ${results.serverRssPeakMB ?? '–'} MB${phasePeaks ? ` (${phasePeaks})` : ''}`,
  '< 400 MB',
  results.serverRssPeakMB ? results.serverRssPeakMB < TARGET.rssMB : null,
);
const h = results.holdsPostgres;
if (h) {
  if (h.error) row('holds (PostgreSQL)', h.error.split('\n')[0].slice(0, 100), '', null);
  else {
    row('holds/s (PostgreSQL)', `${Math.round(h.holdsPerSecond)}`, '≥ 200', h.holdsPerSecond >= TARGET.holdsPerSec);
    const { race } = h;
    row(
      '500 buyers race for 10 seats',
      `won ${race.won}, refused ${race.capacityExhausted}, oversold ${race.oversold}`,
      '10 won, 0 oversold',
      race.won === 10 && race.oversold === 0,
    );
  }
}

/**
 * What the machine says of the pages' TBT: a blank page that blocks, or a kernel under PVM, where
 * the same pages read five to fifteen times the TBT an earlier machine of the same index read
 * (decision 153).
 */
function machineNote() {
  const notes = [];
  if (results.softwareHypervisor) {
    notes.push(
      `\nMACHINE: this kernel runs under PVM (a page fault ${results.pageFaultMicros ?? '–'} µs); on the first such machine` +
        ' every page read five to fifteen times the TBT an earlier machine of the same index read: compare these TBT figures only with runs under PVM.',
    );
  }
  const floor = results.lighthouse?.[FLOOR_PAGE];
  if (floor && !floorIsClear(floor)) {
    notes.push(
      `\nMACHINE: a blank page alone read TBT ${floor.tbtMs} ms${spread(floor.tbtRunsMs)} (main thread ${mainThreadMs(floor)} ms):` +
        ' every page pays that floor, so its TBT here is not comparable with a run whose floor is 0.',
    );
  }
  return notes.length ? `${notes.join('')} (docs/decisions/153-the-machines-floor.md)` : '';
}

const header = ['measure', 'result', 'target', ''];
const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
const table = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
results.table = table;

const file = path.join(outDir, `bench-${results.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(results, null, 2));
writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(results, null, 2));
console.log(table);
console.log(
  `\nLH = Lighthouse mobile through ${results.lighthouseThrough ?? '–'}, median of ${lighthouseRuns} runs: perf/a11y/BP/SEO, LCP and TBT in ms (runs' range), JS transferred, CPU = Lighthouse's benchmark index (higher is faster; runs below ${SLOW_MACHINE_FACTOR} × the machine's median ${results.machineSpeed ?? '–'} are taken again), ${cpuReference === null ? "slowed by Lighthouse's constant 4×" : `each run's CPU slowdown calibrated to a machine of index ${cpuReference} slowed 4× (BENCH_CPU_REFERENCE)`}.` +
    ` Load tests: the median of ${loadRuns} runs of ${duration} s.` +
    `\nSystem fonts behind the fallback faces: ${results.fallbackFonts?.join(', ') || 'none found'}` +
    ` (Android's are Roboto and Noto Serif: apt-get install fonts-roboto-unhinted fonts-noto-core).` +
    machineNote() +
    `\n${os.cpus().length} CPUs, a page fault ${results.pageFaultMicros ?? '–'} µs${results.softwareHypervisor ? ' (kernel under PVM, a software hypervisor)' : ''}, ${results.seconds} s. Details: ${path.relative(root, file)}`,
);
process.exit(0);
