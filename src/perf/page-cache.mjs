// A one-second memory of finished public pages in scripts/server.mjs (docs/decisions/110-origin-page-cache.md).
//
// Next serves an ISR page from its cache, but each request still runs the proxy, the app
// router's render of the cached entry and our CSP hashing: a few milliseconds of CPU per page, so
// a 2-core machine tops out near 300 pages a second. A public page is, by decision 031, the same
// bytes and headers for every visitor: once one request has produced it (hashes in its CSP,
// PUBLIC_PAGE_CACHE as its Cache-Control), the next requests for the same URL within a second get
// those bytes straight from memory. Compression still runs per request (it sits in front), so one
// plain copy serves gzip and identity alike. Plain JS: the server runs outside Next's bundler.
import { varyWithEncoding } from '../security/cache-policy.mjs';
import { PUBLIC_PAGE_CACHE } from '../security/inline-hashes.mjs';

/** How long a finished page is reused: short enough that an edit shows as soon as it did before. */
export const PAGE_CACHE_MS = 1000;

// Client-side navigation and server actions: different answers under the same URL.
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
];
// Per connection, recomputed on every response, or said anew on a replay (x-nextjs-cache).
const NOT_STORED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
  'x-nextjs-cache',
]);

/**
 * Where scripts/server.mjs puts the cache's `clear`, so a content edit (src/collections/revalidate.ts,
 * bundled by Next, which cannot import this module's instance) empties it at once on this instance.
 */
export const CLEAR_PAGE_CACHE = Symbol.for('golondrinas.page-cache.clear');

/** The cache key of a request, or null when its answer must not come from (or go to) the cache. */
export function pageCacheKey(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  for (const name of ROUTER_HEADERS) if (req.headers[name] !== undefined) return null;
  return String(req.url ?? '/');
}

/** Whether a finished response is a public page every visitor may get. */
export function isShareablePage(statusCode, headers) {
  if (statusCode !== 200) return false;
  if (headers['cache-control'] !== PUBLIC_PAGE_CACHE) return false;
  if (headers['set-cookie'] !== undefined) return false;
  // The root answers per language cookie and Accept-Language (decision 110): never shared.
  const vary = String(headers.vary ?? '').toLowerCase();
  return !/\*|cookie|accept-language|authorization/.test(vary);
}

/**
 * @param {{ ttlMs?: number, maxEntries?: number, maxBytes?: number, now?: () => number,
 *   encoded?: (req: import('node:http').IncomingMessage, body: Buffer) => Buffer | null }} [options]
 *   `encoded`: the page's Brotli bytes for this request, if it takes them and they are ready.
 */
export function createPageCache({
  encoded,
  ttlMs = PAGE_CACHE_MS,
  maxEntries = 500,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
} = {}) {
  /** @type {Map<string, { statusCode: number, headers: Record<string, unknown>, body: Buffer, expires: number }>} */
  const entries = new Map();
  let bytes = 0;

  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  }

  return {
    get size() {
      return entries.size;
    },
    /** Forgets every page (a content edit). */
    clear() {
      entries.clear();
      bytes = 0;
    },
    /** Answers the request from memory; false when it has to go to Next. */
    serve(req, res) {
      const key = pageCacheKey(req);
      if (key === null) return false;
      const entry = entries.get(key);
      if (!entry) return false;
      if (entry.expires <= now()) {
        drop(key);
        return false;
      }
      // The page as Brotli when the client takes it and it is ready (src/perf/page-compression.mjs);
      // otherwise plain, and compression (in front) drops the length when it compresses.
      const brotli = req.method === 'GET' ? (encoded?.(req, entry.body) ?? null) : null;
      const body = brotli ?? entry.body;
      // A replay is a cache hit, whatever Next said of the render it came from.
      res.writeHead(entry.statusCode, {
        ...entry.headers,
        ...(brotli ? { 'content-encoding': 'br', vary: varyWithEncoding(entry.headers.vary) } : {}),
        'content-length': body.length,
        'x-nextjs-cache': 'HIT',
      });
      if (req.method === 'HEAD') res.end();
      else res.end(body);
      return true;
    },
    /** Keeps a finished page for the next requests (a GET's full body; anything else is ignored). */
    store(req, statusCode, headers, body) {
      const key = pageCacheKey(req);
      if (key === null || req.method !== 'GET' || !isShareablePage(statusCode, headers)) return;
      if (body.length > maxBytes / 8) return;
      drop(key);
      const kept = {};
      for (const [name, value] of Object.entries(headers)) if (!NOT_STORED.has(name)) kept[name] = value;
      entries.set(key, { statusCode, headers: kept, body, expires: now() + ttlMs });
      bytes += body.length;
      // Oldest first: Map keeps insertion order, and every entry lives `ttlMs`, so the oldest also
      // expire first. Expired pages go too: kept until asked again or pushed out by size, a day's
      // pages filled the cache to its limit and stayed, dead weight in each instance's memory (issue 42).
      const at = now();
      for (const [oldest, entry] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes && entry.expires > at) break;
        drop(oldest);
      }
    },
  };
}
