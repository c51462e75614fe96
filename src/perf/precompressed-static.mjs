// The build's scripts and styles (/_next/static), compressed once at the strongest settings and
// served from memory by scripts/server.mjs (docs/decisions/112-static-compression-and-client-hints.md).
//
// Per-request compression has to be quick, so it is gzip at level 6: React DOM and the App Router
// runtime alone come to ~115 KB that way. The same files as Brotli at quality 11 are ~15 % smaller
// (gzip at level 9 ~1 %), but quality 11 costs ~30 ms of CPU per 100 KB: affordable once per file
// and process, never per request. The build's files are content-hashed and never change while
// the process runs, so the compressed bytes are computed in the background (zlib's thread pool,
// one file at a time so serving keeps its cores) and kept: ~1 MB of Brotli and ~1.3 MB of gzip for
// the whole build. A file asked for before its turn is compressed at once and its first request
// waits for it (~70 ms for the largest), so a build file is never sent any other way: a shared
// cache (deploy/nginx.conf) keeps the first answer it gets for a year.
// Plain JS: the server runs outside Next's bundler.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const STATIC_URL_PREFIX = '/_next/static/';
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt)$/;

/**
 * The encoding to send for an Accept-Encoding header: Brotli when the client takes it, else gzip,
 * else null (identity). A q=0 refuses an encoding (RFC 9110, 12.5.3).
 */
export function preferredEncoding(acceptEncoding) {
  const accepted = new Map();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const takes = (encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/** The file under staticDir a URL names, or null for anything else (no dot segments, no queries). */
export function staticFileFor(staticDir, rawUrl) {
  const url = String(rawUrl ?? '');
  if (!url.startsWith(STATIC_URL_PREFIX) || url.includes('?')) return null;
  let relative;
  try {
    relative = decodeURIComponent(url.slice(STATIC_URL_PREFIX.length));
  } catch {
    return null;
  }
  if (!COMPRESSIBLE.test(relative) || relative.split('/').some((s) => s === '..' || s === '.' || s === '')) return null;
  return path.join(staticDir, relative);
}

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export async function compressFile(file) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { size: raw.length, br, gzip: gz };
}

/**
 * @param {string} staticDir the build's static folder (.next/static)
 * @param {{ onError?: (error: unknown, file: string) => void }} [options]
 */
export function createPrecompressedStatic(staticDir, { onError = () => {} } = {}) {
  /** @type {Map<string, { size: number, br: Buffer, gzip: Buffer }>} */
  const ready = new Map();
  /** @type {Map<string, Promise<void>>} */
  const running = new Map();

  function compress(file) {
    if (ready.has(file)) return Promise.resolve();
    let job = running.get(file);
    if (!job) {
      job = compressFile(file)
        .then((entry) => void ready.set(file, entry))
        // A name that is not in the build (a scanner's guess) is Next's 404 to give.
        .catch((error) => error?.code === 'ENOENT' || onError(error, file))
        .finally(() => running.delete(file));
      running.set(file, job);
    }
    return job;
  }

  return {
    /** Compresses every file of the build, one after the other. Resolves when all are done. */
    async warm() {
      for (const file of await filesUnder(staticDir)) await compress(file);
    },
    /**
     * The compressed copies of a URL's file, compressing it now if its turn has not come (the
     * first request for it waits: ~70 ms for the largest script), or null for any other URL.
     * Never an uncompressed answer for a build file: a proxy would keep that one for a year.
     */
    async entryFor(rawUrl) {
      const file = staticFileFor(staticDir, rawUrl);
      if (!file) return null;
      if (!ready.has(file)) await compress(file);
      return ready.get(file) ?? null;
    },
    get size() {
      return ready.size;
    },
  };
}

/**
 * Lets Next answer the request as it always does (status, Cache-Control, security headers,
 * conditional requests), but sends the precompressed bytes as the body of a 200. Returns false,
 * touching nothing, when the request is not one to answer this way.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ size: number, br: Buffer, gzip: Buffer } | null} entry
 */
export function sendPrecompressed(req, res, entry) {
  if (!entry || req.method !== 'GET' || req.headers.range !== undefined) return false;
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (!encoding) return false;
  const body = entry[encoding];
  if (body.length >= entry.size) return false;

  let substituting = false;
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  res.writeHead = function (statusCode, ...rest) {
    if (statusCode === 200 && !res.headersSent) {
      substituting = true;
      // Headers may come as writeHead's last argument too: those win over setHeader's.
      const last = rest[rest.length - 1];
      if (last && typeof last === 'object' && !Array.isArray(last)) {
        for (const key of Object.keys(last)) if (/^content-(length|encoding)$/i.test(key)) delete last[key];
      }
      res.removeHeader('Content-Length');
      res.removeHeader('Accept-Ranges');
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      const vary = String(res.getHeader('Vary') ?? '');
      if (!/accept-encoding/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      // A file named by its hash and cached as immutable is never revalidated: its validators
      // are ~90 bytes of every first visit's dozen scripts (HTTP/1.1 sends headers as they are).
      if (/immutable/i.test(String(res.getHeader('Cache-Control') ?? ''))) {
        res.removeHeader('ETag');
        res.removeHeader('Last-Modified');
      }
    }
    return writeHead.call(this, statusCode, ...rest);
  };
  res.write = function (chunk, encodingOrCallback, callback) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!substituting) return write.call(this, chunk, encodingOrCallback, callback);
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (done) process.nextTick(done);
    return true;
  };
  res.end = function (chunk, encodingOrCallback, callback) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!substituting) return end.call(this, chunk, encodingOrCallback, callback);
    const done =
      typeof chunk === 'function' ? chunk : typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    return end.call(this, body, done);
  };
  return true;
}
