// `npm test`: the whole suite — unit, integration on SQLite and PostgreSQL, then end-to-end in
// Chromium against a production build — and one closing line with the totals.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

import { findNginx } from './bench-nginx.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, 'var', 'test-results');
mkdirSync(resultsDir, { recursive: true });

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run the suite through npm (npm test), which uses the pinned Node 24.`,
  );
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The browser tests run in Debian's `chromium-headless-shell` (playwright.config.ts: a third less
 * time than the full `chromium` on two cores), or in `chromium` when only that is installed. The
 * tests of deploy/nginx.conf (a Catalan page behind nginx, the client address nginx saw) need
 * `nginx-light`: without it they skip, so CI, as root on a fresh machine, installs it with Chromium
 * (one `apt-get update` for both); a developer without root is told, and the rest still runs.
 */
function ensureBrowserTestTools() {
  const wanted = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  const hasChromium = existsSync(wanted) || (!process.env.CHROMIUM_PATH && existsSync('/usr/bin/chromium') && !isRoot);
  const hasNginx = Boolean(findNginx());
  if (hasChromium && hasNginx) return;
  if (!isRoot) {
    if (!hasChromium) {
      console.error(
        'Chromium is missing: install it with `sudo apt-get install -y chromium-headless-shell` and run npm test again.',
      );
      process.exit(1);
    }
    console.log(
      '▶ nginx is not installed: the tests behind deploy/nginx.conf skip (sudo apt-get install -y nginx-light)',
    );
    return;
  }
  const packages = [...(hasChromium ? [] : ['chromium-headless-shell']), ...(hasNginx ? [] : ['nginx-light'])];
  console.log(`▶ Installing Debian ${packages.join(' and ')} for the browser tests`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function ensurePostgres() {
  const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const reachable = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  };
  if (await reachable()) return;
  if (isRoot && existsSync('/etc/postgresql')) {
    const version = readdirSync('/etc/postgresql')[0];
    console.log(`▶ Starting PostgreSQL ${version}`);
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    for (let i = 0; i < 20 && !(await reachable()); i++) await new Promise((r) => setTimeout(r, 500));
    if (await reachable()) return;
  }
  console.error(`PostgreSQL is not reachable at ${url}: start it (or set TEST_PG_URL) and run npm test again.`);
  process.exit(1);
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (process.env.CI || !existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const inputs = [newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'public'))];
  for (const file of ['next.config.ts', 'package.json', 'tsconfig.json'])
    inputs.push(statSync(path.join(root, file)).mtimeMs);
  return Math.max(...inputs) > built;
}

/** Something already answers on the browser tests' port (playwright.config.ts). */
async function e2eServerRunning() {
  const port = process.env.E2E_PORT ?? '3100';
  return fetch(`http://localhost:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a step with its output on the console; its end is noticed (and timed) when it happens. */
function runAttached(label, command, args) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('close', (code) => {
      console.log(`■ ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
      resolve(code === 0);
    });
  });
}

/**
 * Runs a step in the background with its output in a log file (printed only when it fails), so
 * that it can overlap another step without mixing their output.
 */
function runInBackground(label, command, args, logFile, env = {}, { quietFailure = false } = {}) {
  console.log(`\n▶ ${label} (in the background; output in ${path.relative(root, logFile)})`);
  const started = Date.now();
  const log = openSync(logFile, 'w');
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', log, log], env: { ...process.env, ...env } });
    child.on('close', (code) => {
      console.log(`\n■ ${label}: ${code === 0 ? 'done' : 'FAILED'} in ${seconds(started)}`);
      if (code !== 0 && !quietFailure) process.stdout.write(readFileSync(logFile, 'utf8').slice(-20_000));
      resolve(code === 0);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

process.env.NEXT_TELEMETRY_DISABLED = '1';
ensureBrowserTestTools();
await ensurePostgres();

// The production build the browser tests need is the longest chain (build, then browsers): it
// starts first and overlaps the static checks and the unit and integration tests, which are
// single-threaded or mostly wait on the databases.
const freshCheckout = !existsSync(path.join(root, '.next'));
const build = buildIsStale()
  ? runInBackground(
      'Production build for the browser tests',
      bin('next'),
      ['build'],
      path.join(resultsDir, 'build.log'),
      {
        // The typecheck step below checks the same sources (and fails the run); next.config.ts reads this.
        SKIP_BUILD_TYPECHECK: '1',
        // Turbopack's build cache only pays on a rebuild; a fresh checkout (CI) has none to reuse.
        ...(freshCheckout || process.env.CI ? { NEXT_BUILD_CACHE: '0' } : {}),
      },
    )
  : Promise.resolve(true);

// The browser tests' database (migrated, seeded, its staff users: half a minute of CPU) is made
// beside the build, so the browser tests can start the moment the build is done. Not when a server
// already answers on the e2e port (a developer's, which Playwright reuses off CI): that server's
// database must not be replaced under it.
const e2eDatabase = e2eServerRunning().then((running) =>
  running
    ? false
    : runInBackground(
        'Database for the browser tests',
        process.execPath,
        ['scripts/e2e-server.mjs', '--prepare'],
        path.join(resultsDir, 'e2e-prepare.log'),
      ),
);

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

// Static checks while the build runs: a type error fails the run here, not in the build.
for (const [label, script] of [
  ['Typecheck', 'typecheck'],
  ['Lint (ESLint + Prettier)', 'lint'],
]) {
  // Awaited, not synchronous: the build and the browser tests' database run meanwhile, and their
  // ends must be noticed when they happen.
  if (!(await runAttached(label, 'npm', ['run', '--silent', script]))) {
    ok = false;
    totals.failed += 1;
  }
}
// An import cycle makes a module's exports undefined depending on which side loads first (and
// hides which layer depends on which). Dynamic imports count too: they hide a cycle, not end it.
if (
  !(await runAttached('No import cycles in src (madge)', bin('madge'), [
    '--circular',
    '--no-spinner',
    '--no-color',
    '--extensions',
    'ts,tsx,mjs',
    '--ts-config',
    'tsconfig.json',
    'src',
  ]))
) {
  ok = false;
  totals.failed += 1;
}

const vitestJson = path.join(resultsDir, 'vitest.json');
const playwrightJson = path.join(resultsDir, 'playwright.json');
// A report left by an earlier run must never be counted as this run's.
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
// The PostgreSQL half of the integration tests runs beside the unit and SQLite tests: each file
// has its own database and outbox folders, and both halves spend most of their time waiting on a
// database, so together they take about the time of the longer one.
const postgresJson = path.join(resultsDir, 'vitest-postgres.json');
const postgresLog = path.join(resultsDir, 'vitest-postgres.log');
rmSync(postgresJson, { force: true });
const postgres = runInBackground(
  'Integration tests on PostgreSQL',
  bin('vitest'),
  [
    'run',
    '--project',
    'integration-postgres',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${postgresJson}`,
  ],
  postgresLog,
);
const sqlite = runAttached('Unit tests and integration tests on SQLite', bin('vitest'), [
  'run',
  '--project',
  'unit',
  '--project',
  'integration-sqlite',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
// The browser tests start as soon as the build and their database are ready, beside the unit and
// integration tests: all three mostly wait (on page loads, on the databases), and one after the
// other they left half of the two cores idle for the longest part of the run. Their output goes to
// a log (printed whole at the end, so it is not interleaved with the tests above).
const playwrightLog = path.join(resultsDir, 'playwright.log');
rmSync(playwrightLog, { force: true });
const e2e = Promise.all([build, e2eDatabase]).then(([built, e2ePrepared]) => {
  if (!built) {
    console.log('\n■ End-to-end tests in Chromium: not run (the production build failed)');
    return false;
  }
  // Unprepared (it failed, or was skipped), the e2e server makes its database itself, as on its own.
  return runInBackground(
    'End-to-end tests in Chromium',
    bin('playwright'),
    ['test', '--reporter=list,json'],
    playwrightLog,
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, ...(e2ePrepared ? { E2E_PREPARED: '1' } : {}) },
    { quietFailure: true },
  );
});
const unitPassed = await sqlite;
ok = unitPassed && ok;
const postgresPassed = await postgres;
// Its summary either way (a failure has already printed the log's end).
if (postgresPassed)
  process.stdout.write(`${readFileSync(postgresLog, 'utf8').trimEnd().split('\n').slice(-6).join('\n')}\n`);
ok = postgresPassed && ok;
for (const file of [vitestJson, postgresJson]) {
  const vitest = readJson(file);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
    if (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0) totals.failed += vitest.numFailedTestSuites;
  } else {
    totals.failed += 1;
  }
}

ok = (await build) && ok;
const e2ePassed = await e2e;
if (existsSync(playwrightLog)) process.stdout.write(`\n${readFileSync(playwrightLog, 'utf8').trimEnd()}\n`);
ok = e2ePassed && ok;
const playwright = readJson(playwrightJson);
if (playwright?.stats) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  if (playwright.stats.flaky > 0)
    console.log(`■ Browser tests that passed only on their retry (flaky): ${playwright.stats.flaky}`);
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
} else {
  totals.failed += 1;
}

if (!ok && totals.failed === 0) totals.failed = 1;
// The runners' own output scrolls away (and a CI log may keep only its end): the failures are
// named again beside the totals.
const failures = [];
for (const file of [vitestJson, postgresJson]) {
  const report = readJson(file);
  // An error thrown outside any test (an unhandled rejection, a dead connection's event) fails the
  // run with every test passed, and the JSON report does not show it: say so, or the totals read
  // as a mystery.
  const passed = file === vitestJson ? unitPassed : postgresPassed;
  if (!passed && report && report.numFailedTests === 0 && report.numFailedTestSuites === 0)
    failures.push(`${path.relative(root, file)}: an error outside any test (the run's "Unhandled Errors")`);
  for (const suite of report?.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${where} › ${test.fullName}`);
    if (suite.status === 'failed' && failedTests.length === 0)
      failures.push(`${where} (${suite.message?.split('\n')[0] ?? 'failed to run'})`);
  }
}
const walkPlaywright = (suite) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'unexpected')
        failures.push(`${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`);
  for (const child of suite.suites ?? []) walkPlaywright(child);
};
for (const suite of playwright?.suites ?? []) walkPlaywright(suite);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ✘ ${name}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
