// `npm start`: everything a fresh machine needs to show the site, in order. Each step is
// idempotent, so running it again only serves.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
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

if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || process.env.FORCE_BUILD === '1') {
  // No type check (`npm run typecheck` and CI do it) and no build cache on a first build: the
  // site shows sooner. A FORCE_BUILD=1 rebuild keeps the cache for the next one.
  const first = !existsSync(path.join(root, '.next', 'BUILD_ID'));
  run('Building the site (first run only; FORCE_BUILD=1 rebuilds)', bin('next'), ['build'], {
    SKIP_BUILD_TYPECHECK: '1',
    ...(first ? { NEXT_BUILD_CACHE: '0' } : {}),
  });
}
run('Applying database migrations', bin('payload'), ['migrate']);
run('Seeding demo content (skips what exists)', bin('payload'), ['run', 'scripts/seed.ts']);

const port = process.env.PORT ?? '3000';
console.log(`▶ Serving on http://localhost:${port} (back office: /admin)`);
// scripts/server.mjs rather than `next start`: it gives cached pages per-response CSP nonces.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'server.mjs'), '-p', port], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
