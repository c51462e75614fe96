// Cache-Control for responses whose cacheability Next cannot decide from the path alone.
// Plain JS because scripts/server.mjs applies it, outside Next's bundler.
//
// Media files: the site links them with `?v=<version>` (src/content/media.ts), a URL that names
// one version of the file, so browsers and proxies may keep it for a year. A bare media URL (old
// links, the back office) may change under the same name: a short public cache.

/** A versioned media file never changes under its URL. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** An unversioned media URL: cacheable, but a replaced file shows within five minutes. */
export const SHORT_PUBLIC_CACHE = 'public, max-age=300';

const MEDIA_FILE = /^\/api\/media\/file\/([^/]+)$/;

/**
 * The version token of a media document (src/content/media.ts links files with `?v=` this):
 * changes whenever the document does, since replacing the file updates `updatedAt`.
 * @param {{ updatedAt?: string | null, filesize?: number | null }} doc
 * @returns {string | undefined}
 */
export function mediaVersion(doc) {
  const at = Date.parse(String(doc.updatedAt ?? ''));
  if (Number.isNaN(at)) return undefined;
  return `${at.toString(36)}${doc.filesize ? `-${doc.filesize.toString(36)}` : ''}`;
}

/** `{ name, version }` of a media file URL (version null when the URL has none), or null. */
export function mediaFileRequest(rawUrl) {
  let url;
  try {
    url = new URL(String(rawUrl ?? '/'), 'http://localhost');
  } catch {
    return null;
  }
  const match = MEDIA_FILE.exec(url.pathname);
  if (!match) return null;
  let name;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { name, version: url.searchParams.get('v') || null };
}

/**
 * The current version of each media file, looked up through `findDoc(name)` (the media document
 * whose file or resized copy has that name, or null) and remembered `ttlMs`; `clear` on any edit.
 */
export function createMediaVersions(findDoc, { ttlMs = 60_000, now = Date.now } = {}) {
  const known = new Map();
  return {
    /** The version the file's URL should carry now, or null when unknown (no such file, lookup failed). */
    async current(name) {
      const hit = known.get(name);
      if (hit && hit.expires > now()) return hit.version;
      let version = null;
      try {
        const doc = await findDoc(name);
        version = doc ? (mediaVersion(doc) ?? null) : null;
      } catch {
        return null;
      }
      if (known.size > 5000) known.clear();
      known.set(name, { version, expires: now() + ttlMs });
      return version;
    },
    clear() {
      known.clear();
    },
  };
}

/**
 * The Cache-Control for a media file response, or null to leave the response's own header (the
 * API's `private, no-store`). Only successful image responses: an error (missing file, bad
 * range) or anything that is not an image must never be kept for a year. A `?v=` is immutable
 * only when it names the file's current version (`currentVersion`): any other value (an old
 * version, a made-up one) gets the short cache, or a year-long copy of whatever the URL serves
 * today would outlive the next replacement.
 * @param {unknown} rawUrl
 * @param {number} statusCode
 * @param {unknown} contentType
 * @param {string | null} [currentVersion]
 */
export function mediaCacheControl(rawUrl, statusCode, contentType, currentVersion = null) {
  if (statusCode !== 200 && statusCode !== 206) return null;
  if (!/^image\//i.test(String(contentType ?? ''))) return null;
  let url;
  try {
    url = new URL(String(rawUrl ?? '/'), 'http://localhost');
  } catch {
    return null;
  }
  if (!MEDIA_FILE.test(url.pathname)) return null;
  const version = url.searchParams.get('v');
  return version && currentVersion && version === currentVersion ? IMMUTABLE_CACHE : SHORT_PUBLIC_CACHE;
}

function headerFrom(res, headersArg, name) {
  if (headersArg && !Array.isArray(headersArg)) {
    for (const key of Object.keys(headersArg)) if (key.toLowerCase() === name) return headersArg[key];
  }
  return res.getHeader(name);
}

/**
 * Patches a Node ServerResponse so a media file gets the Cache-Control above when it is sent.
 * @param {{ url?: string }} req
 * @param {any} res
 * @param {string | null} [currentVersion] the file's version now (createMediaVersions)
 */
export function installMediaCaching(req, res, currentVersion = null) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = function patchedWriteHead(statusCode, ...rest) {
    const headersArg = rest.find((arg) => arg && typeof arg === 'object');
    const value = mediaCacheControl(req.url, statusCode, headerFrom(res, headersArg, 'content-type'), currentVersion);
    if (value) {
      if (headersArg && !Array.isArray(headersArg)) {
        for (const key of Object.keys(headersArg)) if (key.toLowerCase() === 'cache-control') delete headersArg[key];
      }
      res.setHeader('cache-control', value);
    }
    return writeHead(statusCode, ...rest);
  };
}

/**
 * What the root's answer depends on: src/proxy.ts sends a visitor with a language cookie or an
 * Accept-Language other than Catalan's to their home (307), everyone else gets the Catalan home
 * under `/`. Both answers must say so, or a shared cache keeps the Catalan page (public,
 * s-maxage) and hands it to every visitor.
 */
export const ROOT_VARY = ['Cookie', 'Accept-Language'];

/** `current` (a Vary value) with `names` added once each. */
export function withVary(current, names) {
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const lower = new Set(list.map((v) => v.toLowerCase()));
  for (const name of names) if (!lower.has(name.toLowerCase())) list.push(name);
  return list.join(', ');
}

/**
 * `Vary` with Accept-Encoding in it, once: for a response compressed on the way out (the page
 * cache, src/perf/page-compression.mjs, and the hashed-CSP rewrite in inline-hashes.mjs).
 */
export function varyWithEncoding(vary) {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}

/** Patches a Node ServerResponse for `/` so its Vary names ROOT_VARY, whatever Next put there. */
export function installRootVary(req, res) {
  let pathname;
  try {
    pathname = new URL(String(req.url ?? '/'), 'http://localhost').pathname;
  } catch {
    return;
  }
  if (pathname !== '/') return;
  const writeHead = res.writeHead.bind(res);
  res.writeHead = function patchedWriteHead(statusCode, ...rest) {
    const headersArg = rest.find((arg) => arg && typeof arg === 'object');
    let current = res.getHeader('vary');
    if (headersArg && !Array.isArray(headersArg)) {
      for (const key of Object.keys(headersArg)) {
        if (key.toLowerCase() !== 'vary') continue;
        current = withVary(current, [].concat(headersArg[key]));
        delete headersArg[key];
      }
    }
    res.setHeader('vary', withVary(Array.isArray(current) ? current.join(', ') : current, ROOT_VARY));
    return writeHead(statusCode, ...rest);
  };
}
