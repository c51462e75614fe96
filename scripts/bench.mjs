// `npm run bench`: the performance budgets of docs/domain-rules.md#budgets, measured on this machine and printed as
// numbers (a benchmark, not a test: it never fails a build, it reports).
//   - first-load JavaScript (gzip) of the home and a tour page;
//   - cached public pages: requests per second and latency percentiles under load;
//   - booking holds per second and oversell check on PostgreSQL (when the shop's bench exists).
// It serves the current production build (run `npm run build` first) on a fresh SQLite database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const port = process.env.BENCH_PORT ?? '3190';
const base = `http://localhost:${port}`;
const dbFile = path.join(root, 'var', 'bench', 'site.db');
const results = {};

if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
mkdirSync(path.dirname(dbFile), { recursive: true });
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });
const env = {
  ...process.env,
  DATABASE_URL: `file:${dbFile}`,
  SITE_URL: base,
  APP_ENV: 'test',
  LOG_LEVEL: 'warn',
  NEXT_TELEMETRY_DISABLED: '1',
};
for (const args of [['migrate'], ['run', 'scripts/seed.ts']]) {
  const step = spawnSync(bin('payload'), args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
// The production server (CSP hashes and nonces, media caching), as `npm start` and deployments run it.
const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs'), '-p', port], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** Gzip size of every script a first visit to `pagePath` loads (the HTML's own script tags). */
async function firstLoadJs(pagePath) {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  // noModule scripts are legacy polyfills that current browsers never download.
  const sources = [...html.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)]
    .filter((m) => !/noModule/i.test(m[1] + m[3]))
    .map((m) => m[2]);
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  let bytes = 0;
  for (const src of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  const inlineBytes = gzipSync(inline.join('')).length;
  return {
    scripts: new Set(sources).size,
    gzipKB: +(bytes / 1024).toFixed(1),
    inlineGzipKB: +(inlineBytes / 1024).toFixed(1),
  };
}

async function load(pagePath, { connections = 50, duration = 10 } = {}) {
  await fetch(`${base}${pagePath}`); // warm the cache
  const result = await autocannon({ url: `${base}${pagePath}`, connections, duration, pipelining: 1 });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Lighthouse with its default mobile emulation and throttling, the budget's conditions (docs/domain-rules.md#budgets). */
async function audit(pagePath) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const { lhr } = await lighthouse(`${base}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([key, c]) => [key, Math.round(c.score * 100)]),
    );
    const failing = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
      .filter((a) => a.score !== null && a.score < 0.9)
      .map((a) => a.id);
    return {
      ...scores,
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      failing,
    };
  } finally {
    await chrome.kill();
  }
}

await waitForServer();
const tourPath = '/en/tour/barcelona-port-40-min';
results.firstLoadJs = { home: await firstLoadJs('/'), tour: await firstLoadJs(tourPath) };
results.lighthouse = {};
for (const pagePath of (process.env.BENCH_PAGES ?? `/,/es,/en,/fr,${tourPath},/contacto`).split(',')) {
  results.lighthouse[pagePath] = await audit(pagePath);
}
results.cachedPages = { home: await load('/'), tourEn: await load(tourPath) };

/** Seat holds per second and the last-seats race, on a throwaway PostgreSQL database. */
async function holdsOnPostgres() {
  const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const name = `bench_holds_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
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

const serverMemory = spawnSync('ps', ['-o', 'rss=', '-p', String(server.pid)], { encoding: 'utf8' }).stdout.trim();
results.serverRssMB = serverMemory ? Math.round(Number(serverMemory) / 1024) : null;

stop();
results.holdsPostgres = await holdsOnPostgres();

console.log(JSON.stringify(results, null, 2));
mkdirSync(path.join(root, 'var'), { recursive: true });
writeFileSync(
  path.join(root, 'var', 'bench.json'),
  JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2),
);
stop();
process.exit(0);
