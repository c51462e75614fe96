import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type AddressInfo } from 'node:net';
import path from 'node:path';

import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
let child: ChildProcess | undefined;
let proxy: Server | undefined;
const root = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  // Migrated database the instance will find once it is reachable.
  ({ payload, stop } = await startTestPayload());
});
afterAll(async () => {
  if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  proxy?.close();
  await stop?.();
  void payload;
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Issue 13 (should fix): an instance started while the database was down never recovered.
describe.runIf(testDatabaseKind === 'postgres')('an instance started before its database', () => {
  it('answers unavailable while the database is down, then recovers by itself', async () => {
    const real = new URL(process.env.DATABASE_URL!);
    const port = await freePort();
    const lateUrl = new URL(real);
    lateUrl.hostname = '127.0.0.1';
    lateUrl.port = String(port);

    const output: string[] = [];
    child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/fixtures/late-database-instance.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: lateUrl.href, JOBS_AUTORUN: '1', LOG_LEVEL: 'fatal' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let exited: number | null = null;
    child.on('exit', (code) => (exited = code));
    child.stderr!.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
    child.stdout!.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
    const waitFor = async (line: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!output.some((l) => l.includes(line))) {
        if (exited !== null || Date.now() > deadline)
          throw new Error(`no ${line} (exit ${exited}): ${output.slice(-40).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    await waitFor('"health":"unavailable"', 60_000);
    // The database "comes back": a TCP relay to the real server opens on the instance's port.
    proxy = createServer((socket) => {
      const upstream = connect(Number(real.port || 5432), real.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
    await waitFor('"health":"ok"', 60_000);
    expect(exited).toBeNull();
    expect(output.some((l) => l.includes('"msg":"started"'))).toBe(true);
  }, 150_000);
});
