// `npm start`: everything a fresh machine needs to show the site, in order. Each step is
// idempotent, so running it again only serves.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { assertPortFree, startBuild, startDev, startPlan, switchWhenBuilt } from './first-start.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run this through npm (npm start), which uses the pinned Node 24.`,
  );
  process.exit(1);
}

process.env.NEXT_TELEMETRY_DISABLED = '1';
mkdirSync(path.join(root, 'var'), { recursive: true });

const port = process.env.PORT ?? '3000';
// Present from the start of a build by this script until it succeeds: Next writes BUILD_ID
// before its last step, so an interrupted build leaves one beside an unfinished .next.
const unfinishedBuild = path.join(root, 'var', 'build-unfinished');
const plan = startPlan({
  buildId: existsSync(path.join(root, '.next', 'BUILD_ID')),
  unfinished: existsSync(unfinishedBuild),
  env: process.env,
});
// No type check (`npm run typecheck` and CI do it) and no build cache on a first build: the
// site shows sooner. A FORCE_BUILD=1 rebuild keeps the cache for the next one.
const buildEnv = (first) => ({ SKIP_BUILD_TYPECHECK: '1', ...(first ? { NEXT_BUILD_CACHE: '0' } : {}) });

function serve() {
  console.log(`▶ Serving on http://localhost:${port} (back office: /admin)`);
  // scripts/server.mjs rather than `next start`: it gives cached pages per-response CSP nonces.
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'server.mjs'), '-p', port], {
    cwd: root,
    stdio: 'inherit',
    env: { ...SERVER_ENV, ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
  return server;
}

// A developer's first run serves the development build while the production build runs: the build
// alone takes longer than a newcomer should wait for a page (docs/decisions/144-first-start.md).
// A production machine (APP_ENV=production), START_DEV_FIRST=0 and FORCE_BUILD=1 build in the
// foreground first, as every run did before.
if (plan !== 'dev-first') {
  if (plan !== 'serve') {
    writeFileSync(unfinishedBuild, 'A production build started by `npm start` has not finished.\n');
    run(
      'Building the site (first run only; FORCE_BUILD=1 rebuilds)',
      bin('next'),
      ['build'],
      buildEnv(plan !== 'rebuild'),
    );
    rmSync(unfinishedBuild, { force: true });
  }
  run('Applying database migrations', bin('payload'), ['migrate']);
  run('Seeding demo content (skips what exists)', bin('payload'), ['run', 'scripts/seed.ts']);
  serve();
} else {
  const hostname = process.env.HOSTNAME ?? '0.0.0.0';
  try {
    await assertPortFree(port, hostname);
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  const buildLog = path.join(root, 'var', 'first-build.log');
  // The build needs no database: it starts now, beside the migrations and the seed.
  console.log(
    `▶ First run: building the production site in the background (about 3 minutes; log: var/first-build.log)`,
  );
  const build = startBuild({
    command: bin('next'),
    args: ['build'],
    cwd: root,
    env: { ...process.env, ...buildEnv(true) },
    logFile: buildLog,
    marker: unfinishedBuild,
  });
  process.on('exit', () => build.stop());
  let dev = null;
  let production = null;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (production) return; // serve() forwards it to the production server.
      build.stop();
      const exit = () => process.exit(128 + constants.signals[signal]);
      if (dev) void dev.stop(signal).then(exit);
      else exit();
    });
  }
  run('Applying database migrations', bin('payload'), ['migrate']);
  run('Seeding demo content (skips what exists)', bin('payload'), ['run', 'scripts/seed.ts']);

  console.log(
    `▶ Serving the development build on http://localhost:${port} while the production build finishes… ` +
      `(pages compile on their first visit; the production server takes over by itself)`,
  );
  dev = startDev({
    command: bin('next'),
    args: ['dev', '--port', port, '--hostname', hostname],
    cwd: root,
    env: process.env,
    port,
    hostname,
  });
  let devGone = false;
  void dev.exited.then(({ code, signal }) => {
    if (dev.stopping) return;
    devGone = true;
    if (!build.running) process.exit(code ?? 1);
    console.error(
      `✖ The development server stopped (exit ${code ?? signal}); the production server starts when the build finishes.`,
    );
  });
  try {
    const started = Date.now();
    const [{ status }] = await dev.ready;
    console.log(
      `✔ The site answers on http://localhost:${port}: development build (home page ${status}, it and its ` +
        `scripts and images compiled in ${((Date.now() - started) / 1000).toFixed(1)} s)` +
        (build.running ? '; the production server takes over when its build finishes' : ''),
    );
  } catch (error) {
    console.error(`✖ ${error.message}`);
  }
  const switched = await switchWhenBuilt({
    build,
    dev,
    startProduction: () => (production = serve()),
    logFile: buildLog,
  });
  // A failed build leaves the development server serving until it is stopped; with neither, stop.
  if (!switched && devGone) process.exit(1);
}
