import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const e2ePort = Number(process.env.E2E_PORT ?? 3100);

/** A free port on `hostname`, as the kernel hands one out. */
function freePort(hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, hostname, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ExtraServer {
  /** Where a client on this machine reaches it (loopback for a wildcard listener). */
  origin: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Another production server (scripts/server.mjs, the build e2e runs against) on the e2e suite's
 * database, for settings the suite's own server cannot have: its listen address (HOSTNAME), its
 * trusted proxies. No jobs (the suite's server runs them) and its own outbox.
 */
export async function startExtraServer(hostname: string, env: Record<string, string> = {}): Promise<ExtraServer> {
  const port = await freePort(hostname);
  const connect = hostname === '0.0.0.0' ? '127.0.0.1' : hostname === '::' ? '::1' : hostname;
  const origin = `http://${connect.includes(':') ? `[${connect}]` : connect}:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVER_ENV,
    DATABASE_URL: `file:${path.join(root, 'var', 'e2e', 'site.db')}`,
    MEDIA_DIR: path.join(root, 'var', 'e2e', 'media'),
    WEATHER_API_URL: `http://127.0.0.1:${e2ePort + 1}/weather`,
    MAP_TILE_URL: `http://127.0.0.1:${e2ePort + 1}/tiles/{z}/{x}/{y}.png`,
    APP_ENV: 'test',
    ENABLE_TEST_ROUTES: '1',
    LOG_LEVEL: 'warn',
    JOBS_AUTORUN: '0',
    MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'extra-server-outbox-')),
    HOSTNAME: hostname,
    PORT: String(port),
    ...env,
  };
  delete childEnv.SITE_URL;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'server.mjs')],
    {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${hostname} exited: ${output}`);
    const ok = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server on ${hostname} did not answer: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { origin, port, output: () => output, stop };
}
