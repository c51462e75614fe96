import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  assertPortFree,
  pageAssets,
  startBuild,
  startDev,
  startPlan,
  switchWhenBuilt,
} from '../../scripts/first-start.mjs';

// Stand-ins for `next dev`, `next build` and scripts/server.mjs, run as real processes: the
// sequence under test is about processes, ports and signals.
const SERVER = `
import { createServer } from 'node:http';
const [name, port, shutdownMs] = process.argv.slice(2);
const server = createServer((req, res) => res.end(name));
server.on('error', (error) => { console.error(name, error.code); process.exit(3); });
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => setTimeout(() => process.exit(0), Number(shutdownMs ?? 0)));
`;
const BUILD = `
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const [ms, code, pidFile] = process.argv.slice(2);
// A worker of its own, as next build has: stopping the build must end it too.
const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
if (pidFile) writeFileSync(pidFile, String(worker.pid));
console.log('compiling…');
setTimeout(() => { console.log(code === '0' ? 'done' : 'Type error: boom'); worker.kill(); process.exit(Number(code)); }, Number(ms));
`;

let dir: string;
let port: number;
const children: ChildProcess[] = [];
const stops: Array<() => unknown> = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function answer(): Promise<string | null> {
  try {
    return await (await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) })).text();
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function build(ms: number, code: number, pidFile = '') {
  const handle = startBuild({
    command: process.execPath,
    args: [path.join(dir, 'build.mjs'), String(ms), String(code), pidFile],
    cwd: dir,
    env: process.env,
    logFile: path.join(dir, 'build.log'),
    marker: path.join(dir, 'build-unfinished'),
  });
  stops.push(() => handle.stop('SIGKILL'));
  return handle;
}

function dev(shutdownMs = 300) {
  const handle = startDev({
    command: process.execPath,
    args: [path.join(dir, 'server.mjs'), 'dev', String(port), String(shutdownMs)],
    cwd: dir,
    env: process.env,
    port,
    hostname: '127.0.0.1',
    warmTimeoutMs: 5000,
  });
  stops.push(() => handle.stop('SIGKILL'));
  return handle;
}

function production(): ChildProcess {
  const child = spawn(process.execPath, [path.join(dir, 'server.mjs'), 'prod', String(port)], { stdio: 'inherit' });
  children.push(child);
  return child;
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'first-start-'));
  writeFileSync(path.join(dir, 'server.mjs'), SERVER);
  writeFileSync(path.join(dir, 'build.mjs'), BUILD);
  port = await freePort();
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(stops.splice(0).map((stop) => stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start: what runs before serving', () => {
  it('a finished build is served as it always was; an unfinished one is built again', () => {
    expect(startPlan({ buildId: true, unfinished: false, env: {} })).toBe('serve');
    expect(startPlan({ buildId: true, unfinished: false, env: { APP_ENV: 'production' } })).toBe('serve');
    expect(startPlan({ buildId: true, unfinished: true, env: {} })).toBe('dev-first');
    expect(startPlan({ buildId: false, unfinished: false, env: {} })).toBe('dev-first');
  });

  it('a production machine, START_DEV_FIRST=0 and FORCE_BUILD=1 build in the foreground', () => {
    expect(startPlan({ buildId: false, unfinished: false, env: { APP_ENV: 'production' } })).toBe('build');
    expect(startPlan({ buildId: false, unfinished: false, env: { START_DEV_FIRST: '0' } })).toBe('build');
    expect(startPlan({ buildId: false, unfinished: false, env: { FORCE_BUILD: '1' } })).toBe('build');
    expect(startPlan({ buildId: true, unfinished: false, env: { FORCE_BUILD: '1' } })).toBe('rebuild');
  });
});

describe('npm start: the first run', () => {
  it('warms what a browser fetches after the page: scripts, styles and media, not links to other pages', () => {
    const html =
      '<link rel="stylesheet" href="/_next/static/chunks/a.css"/><script src="/_next/static/chunks/b.js" async>' +
      '</script><img src="/api/media/file/harbour.svg?v=1&amp;w=2"/><a href="/en/tours">Tours</a>' +
      '<img src="/_next/image?url=%2Fapi%2Fmedia%2Ffile%2Fx.jpg&amp;w=640&amp;q=75"/><script src="/_next/static/chunks/b.js"></script>';
    expect(pageAssets(html)).toEqual([
      '/_next/static/chunks/a.css',
      '/_next/static/chunks/b.js',
      '/api/media/file/harbour.svg?v=1&w=2',
      '/_next/image?url=%2Fapi%2Fmedia%2Ffile%2Fx.jpg&w=640&q=75',
    ]);
  });

  it('serves the development build, then hands the port to the production server once the build succeeds', async () => {
    const marker = path.join(dir, 'build-unfinished');
    const building = build(1500, 0);
    expect(existsSync(marker)).toBe(true);
    // The stand-in dev server takes 300 ms to let go of the port: production must wait for it.
    const serving = dev(300);
    expect(await serving.ready).toEqual([{ path: '/', status: 200 }]);
    expect(await answer()).toBe('dev');

    let prod: ChildProcess | undefined;
    const lines: string[] = [];
    const switched = await switchWhenBuilt({
      build: building,
      dev: serving,
      startProduction: () => (prod = production()),
      log: (line: string) => lines.push(line),
      logFile: path.join(dir, 'build.log'),
    });

    expect(switched).toBe(prod);
    expect(lines.join('\n')).toMatch(/switching to the production server/);
    expect(await eventually(async () => (await answer()) === 'prod')).toBe(true);
    expect(prod?.exitCode).toBeNull();
    expect(existsSync(marker)).toBe(false);
  }, 20_000);

  it('keeps serving the development build when the build fails, and says why', async () => {
    const building = build(300, 1);
    const serving = dev();
    await serving.ready;
    const lines: string[] = [];
    const switched = await switchWhenBuilt({
      build: building,
      dev: serving,
      startProduction: production,
      log: (line: string) => lines.push(line),
      logFile: path.join(dir, 'build.log'),
    });

    expect(switched).toBeNull();
    expect(lines.join('\n')).toMatch(/production build failed \(exit 1\)[\s\S]*Type error: boom/);
    expect(await answer()).toBe('dev');
    expect(existsSync(path.join(dir, 'build-unfinished'))).toBe(true);
  }, 20_000);

  it('stopping the build ends its workers as well', async () => {
    const pidFile = path.join(dir, 'worker.pid');
    const building = build(60_000, 0, pidFile);
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '')).toBe(true);
    const worker = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(worker)).toBe(true);

    building.stop();
    const result = await building.done;

    expect(result).toMatchObject({ ok: false, stopped: true });
    expect(await eventually(() => !alive(worker))).toBe(true);
    // Ctrl-C is not a failed build: no failure message on the way out.
    const lines: string[] = [];
    expect(
      await switchWhenBuilt({
        build: building,
        dev: { stop: async () => {} },
        startProduction: production,
        log: (line: string) => lines.push(line),
        logFile: path.join(dir, 'build.log'),
      }),
    ).toBeNull();
    expect(lines).toEqual([]);
    expect(existsSync(path.join(dir, 'build-unfinished'))).toBe(true);
  }, 20_000);

  it('tells when the development server cannot start rather than waiting for it', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      await expect(assertPortFree(port, '127.0.0.1')).rejects.toThrow(`Port ${port} is already in use`);
      // Were it started anyway, it would stop at once: `ready` says so instead of polling on.
      const serving = startDev({
        command: process.execPath,
        args: ['-e', 'process.exit(4)'],
        cwd: dir,
        env: process.env,
        port: 1,
        hostname: '127.0.0.1',
      });
      await expect(serving.ready).rejects.toThrow('the development server stopped (exit 4)');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 20_000);
});
