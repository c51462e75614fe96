// `npm start`'s first run (docs/decisions/144-first-start.md): the production build takes longer
// than a newcomer should wait for a page, so the development server serves the site while the
// build runs in the background, and the production server takes the port over when it is done.
// The commands are parameters so that tests can run the same sequence with stand-ins.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { getPriority, setPriority } from 'node:os';

/**
 * Added to this process's niceness for the build: a visitor's page compiles first and the build
 * takes the rest of the machine (`nice`'s own default step).
 */
export const BUILD_NICENESS = 10;

/** Where to reach a server listening on `hostname` from this machine. */
export function localOrigin(port, hostname) {
  const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Rejects with a readable message when something already listens on the port. */
export function assertPortFree(port, hostname) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop what listens there or start with PORT=<another port>.`)
          : error,
      ),
    );
    probe.listen({ port: Number(port), host: hostname, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * What `npm start` does before it serves: 'serve' (a finished build: as every run before the
 * first-run path existed), 'dev-first' (a developer's first run), 'build' (a first build in the
 * foreground: on a production machine or asked for) or 'rebuild' (FORCE_BUILD=1).
 * @param {{ buildId: boolean, unfinished: boolean, env: Record<string, string | undefined> }} state
 */
export function startPlan({ buildId, unfinished, env }) {
  const built = buildId && !unfinished;
  if (env.FORCE_BUILD === '1') return built ? 'rebuild' : 'build';
  if (built) return 'serve';
  return env.APP_ENV === 'production' || env.START_DEV_FIRST === '0' ? 'build' : 'dev-first';
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the production build in its own process group, niced, its output in `logFile`. Until it
 * succeeds `marker` exists: Next writes BUILD_ID before its last step, so an interrupted build
 * can leave one behind, and `npm start` must not serve that as a finished build.
 */
export function startBuild({ command, args, cwd, env, logFile, marker, niceness = BUILD_NICENESS }) {
  writeFileSync(
    marker,
    'A production build started by `npm start` has not finished; the next `npm start` builds again.\n',
  );
  const started = Date.now();
  const log = openSync(logFile, 'w');
  // A file descriptor, not a pipe: the build never waits on this process's event loop, which the
  // synchronous migrate and seed steps block.
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', log, log], detached: true });
  closeSync(log);
  try {
    setPriority(child.pid, Math.min(19, getPriority() + niceness));
  } catch {
    // Not fatal: only slower pages while the build runs.
  }
  let running = true;
  let stopped = false;
  const done = new Promise((resolve) => {
    child.once('error', (error) => {
      running = false;
      resolve({ ok: false, code: null, signal: null, error, seconds: (Date.now() - started) / 1000 });
    });
    child.once('exit', (code, signal) => {
      running = false;
      if (code === 0) rmSync(marker, { force: true });
      resolve({ ok: code === 0, code, signal, stopped, seconds: (Date.now() - started) / 1000 });
    });
  });
  return {
    done,
    get running() {
      return running;
    },
    /** Ends the build and every worker it started (synchronous: usable in an exit handler). */
    stop(signal = 'SIGTERM') {
      if (!running) return;
      stopped = true;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    },
  };
}

/** The last lines of a log, for a failure message. */
export function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * What a browser fetches next from a page of ours that the development server compiles on first
 * request: its scripts and styles (/_next/) and its images, which Payload's API route serves
 * (/api/media/, a compile of its own that took ~50 s on a busy 2-core machine).
 * @param {string} html
 */
export function pageAssets(html) {
  const found = new Set();
  for (const [, url] of html.matchAll(/(?:src|href)="(\/(?:_next|api\/media)\/[^"]+)"/g)) {
    found.add(url.replaceAll('&amp;', '&'));
  }
  return [...found];
}

/**
 * Starts the development server on the port and waits until each of `warm` has answered, with what
 * a browser would fetch next, so that the first visitor does not wait for the compiles. `ready`
 * rejects if the server exits first.
 */
export function startDev({ command, args, cwd, env, port, hostname, warm = ['/'], warmTimeoutMs = 300_000 }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  let stopping = false;
  const exited = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const origin = localOrigin(port, hostname);
  const get = async (path) => {
    try {
      const response = await fetch(new URL(path, origin), {
        redirect: 'manual',
        signal: AbortSignal.timeout(warmTimeoutMs),
      });
      return { status: response.status, body: await response.text() };
    } catch {
      return null;
    }
  };
  const ready = (async () => {
    const warmed = [];
    for (const path of warm) {
      const deadline = Date.now() + warmTimeoutMs;
      for (;;) {
        const outcome = await Promise.race([get(path), exited.then((how) => ({ exited: how }))]);
        if (outcome?.exited) {
          const { code, signal, error } = outcome.exited;
          throw new Error(`the development server stopped (${error?.message ?? `exit ${code ?? signal}`})`);
        }
        if (outcome) {
          // Together, as a browser asks for them: one compile each for scripts and for media.
          await Promise.all(pageAssets(outcome.body).map(get));
          warmed.push({ path, status: outcome.status });
          break;
        }
        if (Date.now() > deadline) throw new Error(`the development server did not answer ${path}`);
        await sleep(250);
      }
    }
    return warmed;
  })();
  return {
    ready,
    exited,
    get stopping() {
      return stopping;
    },
    /** Ends the server and resolves once it has exited, so the port is free again. */
    async stop(signal = 'SIGTERM') {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Once the build has succeeded: the development server stops and `startProduction` starts the
 * production server on the same port (it cannot listen before the port is free). Returns what
 * `startProduction` returned, or null when the build failed: the development server then goes on
 * serving and the next `npm start` builds again.
 */
export async function switchWhenBuilt({ build, dev, startProduction, log = console.log, logFile }) {
  const result = await build.done;
  // Stopped by npm start itself (Ctrl-C): nothing went wrong, and it is on its way out.
  if (result.stopped) return null;
  if (!result.ok) {
    log(
      `✖ The production build failed (${result.error?.message ?? `exit ${result.code ?? result.signal}`}) after ` +
        `${result.seconds.toFixed(0)} s; still serving the development build. Its output:\n${tail(logFile)}\n` +
        `(whole log: ${logFile}; the next \`npm start\` builds again)`,
    );
    return null;
  }
  log(`✔ Production build finished (${result.seconds.toFixed(0)} s): switching to the production server…`);
  await dev.stop();
  return startProduction();
}
