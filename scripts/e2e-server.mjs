// The server the e2e suite talks to: the production build on a brand-new SQLite database,
// migrated and seeded like `npm start`, with the test-only routes switched on and a known
// back-office user for the tests that act as staff.
//
// `--prepare` only makes that database (and its media) and exits: `npm test` runs it while the
// integration tests still run, then starts the browser tests with E2E_PREPARED=1, and the server
// serves the database as it finds it. On its own (`npm run test:e2e`), the server prepares it first.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { startWalletStubs } from './wallet-stub.mjs';
import { makeWalletTestCredentials } from './wallet-test-credentials.mjs';
import { startServiceStub } from './weather-stub.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

// Under an older Node the `payload` commands below exit 0 without seeding (the system Node 20 on
// these machines): the server would start on an empty database.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run this through npm (npm run test:e2e), which uses the pinned Node 24.`,
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const port = process.env.E2E_PORT ?? '3100';
const dbFile = path.join(root, 'var', 'e2e', 'site.db');
const mediaDir = path.join(root, 'var', 'e2e', 'media');
const prepareOnly = process.argv.includes('--prepare');
const prepared = !prepareOnly && process.env.E2E_PREPARED === '1';
if (prepared && !existsSync(dbFile)) {
  console.error(`E2E_PREPARED=1 but ${path.relative(root, dbFile)} is missing: run without it.`);
  process.exit(1);
}

if (!prepared) {
  mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });
  rmSync(mediaDir, { recursive: true, force: true });
}
// Next keeps rendered pages on disk (.next/server/route-cache) across restarts: pages an earlier
// server rendered from another database (the bench's, a previous run's) would be served here.
if (!prepareOnly) rmSync(path.join(root, '.next', 'server', 'route-cache'), { recursive: true, force: true });

// Weather and map tiles come from a local stub on the next port, never from the internet.
const stubPort = Number(port) + 1;
const stub = process.env.WEATHER_API_URL || prepareOnly ? undefined : startServiceStub(stubPort);

// Both wallets on, with credentials made for this run (never committed) and local stand-ins for
// APNs (next port but one) and Google's Wallet API (the one after): see tests/e2e/wallet.spec.ts.
// (The database does not depend on them: a prepared one is served with the server's.)
const walletDir = path.join(root, 'var', 'e2e', 'wallet');
if (!prepareOnly) rmSync(walletDir, { recursive: true, force: true });
const wallet = prepareOnly ? { env: {} } : makeWalletTestCredentials(walletDir);
const walletStubs = prepareOnly ? undefined : startWalletStubs(Number(port) + 2, Number(port) + 3);

const outboxDir = path.join(root, 'var', 'e2e', 'outbox');
if (!prepareOnly) rmSync(outboxDir, { recursive: true, force: true });

const env = {
  MEDIA_DIR: mediaDir,
  WEATHER_API_URL: `http://127.0.0.1:${stubPort}/weather`,
  MAP_TILE_URL: `http://127.0.0.1:${stubPort}/tiles/{z}/{x}/{y}.png`,
  ...wallet.env,
  WALLET_APPLE_APNS_URL: `http://127.0.0.1:${Number(port) + 2}`,
  WALLET_GOOGLE_API_URL: `http://127.0.0.1:${Number(port) + 3}`,
  WALLET_GOOGLE_TOKEN_URL: `http://127.0.0.1:${Number(port) + 3}/token`,
  ...process.env,
  DATABASE_URL: `file:${dbFile}`,
  // No SITE_URL on purpose: the suite runs on a port other than 3000, and every purchase in it
  // proves that the default follows the port actually served (issue 14).
  PORT: port,
  APP_ENV: 'test',
  ENABLE_TEST_ROUTES: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The e2e suite reads the tickets e-mails from here; never the developer's own outbox.
  MAIL_OUTBOX_DIR: outboxDir,
  // Analytics on, pointed at the stub host tests/e2e/consent.spec.ts starts (never Google).
  GA_MEASUREMENT_ID: 'G-E2ETEST01',
  // The suite's browsers all come from 127.0.0.1 and some share a cookie jar: the per-visitor seat
  // limit would make tests depend on each other. tests/integration/security-shop.test.ts proves it.
  HOLD_SEATS_PER_VISITOR: '1000',
  GTAG_SCRIPT_URL: `http://127.0.0.1:${Number(port) + 9}/gtag/js`,
  // The production minimum: the request forms' tests wait for it before each send, and the "too
  // fast" test needs a fresh stamp to stay too young on a loaded machine (tests/e2e/requests.spec.ts).
  FORM_MIN_FILL_MS: process.env.FORM_MIN_FILL_MS ?? '3000',
};

delete env.SITE_URL;
// The `payload` and `tsx` commands run on this Node, not on whichever comes first on the PATH.
env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;

function step(args) {
  const result = spawnSync(bin('payload'), args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!prepared) {
  step(['migrate']);
  step(['run', 'scripts/seed.ts']);
  // The back-office users the tests sign in as, in one process (scripts/e2e-users.ts says why).
  const users = spawnSync(bin('tsx'), ['scripts/e2e-users.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (users.status !== 0) process.exit(users.status ?? 1);
}
if (prepareOnly) process.exit(0);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'server.mjs'), '-p', port], {
  cwd: root,
  env: { ...SERVER_ENV, ...env },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  stub?.close();
  walletStubs?.close();
  process.exit(code ?? 0);
});
