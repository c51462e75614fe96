// The server the e2e suite talks to: the production build on a brand-new SQLite database,
// migrated and seeded like `npm start`, with the test-only routes switched on and a known
// back-office user for the tests that act as staff.
import { spawnSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { startServiceStub } from './weather-stub.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const port = process.env.E2E_PORT ?? '3100';
const dbFile = path.join(root, 'var', 'e2e', 'site.db');

mkdirSync(path.dirname(dbFile), { recursive: true });
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });
const mediaDir = path.join(root, 'var', 'e2e', 'media');
rmSync(mediaDir, { recursive: true, force: true });

// Weather and map tiles come from a local stub on the next port, never from the internet.
const stubPort = Number(port) + 1;
const stub = process.env.WEATHER_API_URL ? undefined : startServiceStub(stubPort);

const outboxDir = path.join(root, 'var', 'e2e', 'outbox');
rmSync(outboxDir, { recursive: true, force: true });

const env = {
  MEDIA_DIR: mediaDir,
  WEATHER_API_URL: `http://127.0.0.1:${stubPort}/weather`,
  MAP_TILE_URL: `http://127.0.0.1:${stubPort}/tiles/{z}/{x}/{y}.png`,
  ...process.env,
  DATABASE_URL: `file:${dbFile}`,
  SITE_URL: `http://localhost:${port}`,
  APP_ENV: 'test',
  ENABLE_TEST_ROUTES: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The e2e suite reads the tickets e-mails from here; never the developer's own outbox.
  MAIL_OUTBOX_DIR: outboxDir,
  // Analytics on, pointed at the stub host tests/e2e/consent.spec.ts starts (never Google).
  GA_MEASUREMENT_ID: 'G-E2ETEST01',
  GTAG_SCRIPT_URL: `http://127.0.0.1:${Number(port) + 9}/gtag/js`,
};

function step(args) {
  const result = spawnSync(bin('payload'), args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
function adminCreate(args) {
  // Through tsx: 'payload run' drops the script's arguments (same fix as on main).
  const result = spawnSync(bin('tsx'), ['scripts/admin-create.ts', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
step(['migrate']);
step(['run', 'scripts/seed.ts']);
adminCreate(['--email', 'e2e-admin@example.com', '--password', 'e2e-admin-password', '--role', 'admin']);

const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs'), '-p', port], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  stub?.close();
  process.exit(code ?? 0);
});
