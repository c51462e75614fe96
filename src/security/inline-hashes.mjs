// Hash-based CSP for public pages (docs/decisions/031-csp-hashes.md).
//
// A public page is rendered once and is the same for every visitor, so the hashes of its inline
// scripts are too: scripts/server.mjs reads the HTML as it leaves, hashes each inline script and
// puts the hashes in the CSP header in place of a marker the proxy wrote. Page and header can then
// be kept together by any shared cache; markup injected into content cannot match a hash of a
// script we rendered. Plain JS because the server runs outside Next's bundler.
import { createHash } from 'node:crypto';

import { varyWithEncoding } from './cache-policy.mjs';

/** The marker in script-src (src/security/headers.ts, INLINE_SCRIPT_HASHES; same text). */
export const INLINE_SCRIPT_HASHES = "'inline-script-hashes'";

/**
 * What a shared cache may do with a public page Next serves from its page cache: keep it a
 * minute, then serve it stale for five while it asks us again. Browsers revalidate every time
 * (max-age=0), so a content edit shows at the next visit once the cache has refreshed.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

const CSP_HEADERS = ['content-security-policy', 'content-security-policy-report-only'];
// Types a browser runs as classic or module script; anything else (JSON-LD, import maps aside)
// is data that CSP does not govern.
const SCRIPT_TYPES = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * The CSP sources (`'sha256-…'`) for the inline scripts of an HTML document, in order, without
 * repeats. The hash is over the exact text between the tags, as the browser hashes it: HTML
 * parsing leaves script text alone (no entity decoding), and it ends at the first `</script`.
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1];
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!SCRIPT_TYPES.test(type.trim())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy with the marker replaced by the hashes (an empty list removes it). */
export function withHashes(policy, hashes) {
  return policy.replace(` ${INLINE_SCRIPT_HASHES}`, hashes.length ? ` ${hashes.join(' ')}` : '');
}

function headerValue(res, headersArg, name) {
  if (headersArg && !Array.isArray(headersArg)) {
    for (const key of Object.keys(headersArg)) if (key.toLowerCase() === name) return headersArg[key];
  }
  return res.getHeader(name);
}

const ROUTER_ONLY_HEADERS = ['x-nextjs-prerender', 'x-nextjs-stale-time'];

function removeHeader(res, headersArg, name) {
  if (headersArg && !Array.isArray(headersArg)) {
    for (const key of Object.keys(headersArg)) if (key.toLowerCase() === name) delete headersArg[key];
  }
  res.removeHeader(name);
}

function setHeader(res, headersArg, name, value) {
  if (headersArg && !Array.isArray(headersArg)) {
    for (const key of Object.keys(headersArg)) if (key.toLowerCase() === name) delete headersArg[key];
  }
  res.setHeader(name, value);
}

function toBuffer(chunk, encoding) {
  if (chunk == null) return Buffer.alloc(0);
  if (Buffer.isBuffer(chunk) || chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? encoding : 'utf8');
}

/** The response's headers as they will be sent, lower-case names (those set and those passed to writeHead). */
function finalHeaders(res, headersArg) {
  const headers = { ...res.getHeaders() };
  if (headersArg && !Array.isArray(headersArg)) {
    for (const [name, value] of Object.entries(headersArg)) headers[name.toLowerCase()] = value;
  }
  return headers;
}

/**
 * Patches a Node ServerResponse: when the proxy marked its CSP for hashes, an HTML body is held
 * until it is complete (public pages come whole from the page cache; only a first render
 * streams), hashed, and sent with the hashes in the header; an ISR page the origin would let a
 * shared cache keep is sent PUBLIC_PAGE_CACHE, and handed with its final headers to `onPublicPage`
 * (scripts/server.mjs keeps it a second: src/perf/page-cache.mjs). `rewrite` may change such a
 * page's HTML first (src/perf/deferred-scripts.mjs); the hashes are of what is sent.
 * `compressed` may return a promise of the page as Brotli, sent in its place
 * (src/perf/page-compression.mjs); the page cache keeps the plain bytes. Any other response
 * passes through untouched.
 */
export function installInlineHashes(req, res, { onPublicPage, rewrite, compressed } = {}) {
  const writeHead = res.writeHead.bind(res);
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const flushHeaders = res.flushHeaders.bind(res);
  /** null: not decided yet; false: pass through; an array: the chunks held so far. */
  let held = null;
  let head = null;

  function markedPolicies(headersArg) {
    return CSP_HEADERS.filter((name) =>
      String(headerValue(res, headersArg, name) ?? '').includes(INLINE_SCRIPT_HASHES),
    );
  }

  function decide(statusCode, rest) {
    if (held !== null) return;
    const headersArg = rest.find((arg) => arg && typeof arg === 'object');
    const marked = markedPolicies(headersArg);
    const html = /^text\/html/i.test(String(headerValue(res, headersArg, 'content-type') ?? ''));
    if (marked.length === 0) {
      held = false;
    } else if (!html) {
      // A page's RSC payload or a redirect: not a document, no inline scripts to allow.
      for (const name of marked)
        setHeader(res, headersArg, name, withHashes(String(headerValue(res, headersArg, name)), []));
      held = false;
    } else {
      held = [];
      head = { statusCode, rest, headersArg, marked };
      return;
    }
    writeHead(statusCode, ...rest);
  }

  res.writeHead = function patchedWriteHead(statusCode, ...rest) {
    decide(statusCode, rest);
    return res;
  };

  // Next flushes the headers before its first chunk; a held response sends them at the end.
  res.flushHeaders = function patchedFlushHeaders() {
    if (held === null) res.writeHead(res.statusCode);
    if (held === false) flushHeaders();
  };

  res.write = function patchedWrite(chunk, encoding, callback) {
    if (held === null) res.writeHead(res.statusCode);
    if (held === false) return write(chunk, encoding, callback);
    held.push(toBuffer(chunk, encoding));
    const cb = typeof encoding === 'function' ? encoding : callback;
    if (typeof cb === 'function') process.nextTick(cb);
    return true;
  };

  res.end = function patchedEnd(chunk, encoding, callback) {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (held === null) res.writeHead(res.statusCode);
    if (held === false) return chunk == null ? end(callback) : end(chunk, encoding, callback);
    if (chunk != null) held.push(toBuffer(chunk, encoding));
    const { statusCode, rest, headersArg, marked } = head;
    const rendered = Buffer.concat(held);
    const body = rewrite ? Buffer.from(rewrite(rendered.toString('utf8')), 'utf8') : rendered;
    if (body !== rendered && headerValue(res, headersArg, 'content-length') !== undefined)
      setHeader(res, headersArg, 'content-length', body.length);
    const hashes = inlineScriptHashes(body.toString('utf8'));
    for (const name of marked)
      setHeader(res, headersArg, name, withHashes(String(headerValue(res, headersArg, name)), hashes));
    const cacheControl = String(headerValue(res, headersArg, 'cache-control') ?? '');
    const method = req.method ?? 'GET';
    if (
      statusCode === 200 &&
      (method === 'GET' || method === 'HEAD') &&
      /s-maxage/i.test(cacheControl) &&
      !/private|no-store/i.test(cacheControl)
    ) {
      setHeader(res, headersArg, 'cache-control', PUBLIC_PAGE_CACHE);
      // Next's notes to its own router (prerendered, how long a payload stays fresh) mean nothing
      // to a browser reading a document: ~50 bytes of the first round trip.
      for (const name of ROUTER_ONLY_HEADERS) removeHeader(res, headersArg, name);
      onPublicPage?.(statusCode, finalHeaders(res, headersArg), body);
    }
    const send = (bytes, contentEncoding) => {
      if (contentEncoding) {
        setHeader(res, headersArg, 'content-encoding', contentEncoding);
        setHeader(res, headersArg, 'content-length', bytes.length);
        setHeader(res, headersArg, 'vary', varyWithEncoding(headerValue(res, headersArg, 'vary')));
      }
      writeHead(statusCode, ...rest);
      return bytes.length > 0 ? end(bytes, callback) : end(callback);
    };
    const encoded = body.length > 0 ? compressed?.(body) : null;
    if (!encoded) return send(body, null);
    // The plain page if compressing fails: a visitor never pays for it.
    encoded.then(
      (bytes) => send(bytes, 'br'),
      () => send(body, null),
    );
    return res;
  };
}
