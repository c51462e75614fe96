// Per-request CSP nonces for pages that are rendered once and served from cache (ISR).
//
// Next renders every page with a fixed "render token" as its nonce (the proxy puts it in the
// request's CSP header). This module, used by scripts/server.mjs, replaces that token with a
// fresh random nonce in the response's headers (CSP, preload `Link`) and body on every response,
// so each visitor gets a unique, unpredictable nonce while the page itself stays cached. Markup
// injected into a page cannot carry the right nonce: the token never leaves the server. Plain JS
// because the server runs before (and outside) Next's bundler. See docs/decisions/030-csp.md.
import { createHmac, randomBytes } from 'node:crypto';

export const NONCE_LENGTH = 22;

/** The token Next renders with: stable across restarts and instances, secret, nonce-shaped. */
export function renderToken(secret) {
  return createHmac('sha256', secret).update('csp-render-token-v1').digest('base64url').slice(0, NONCE_LENGTH);
}

/** 16 random bytes: 22 base64url characters, the same length as the render token. */
export function freshNonce() {
  return randomBytes(16).toString('base64url');
}

/**
 * A streaming replacer: feeds chunks through, holding back the last (token length - 1) bytes so
 * a token split across two writes is still found. Same-length replacement keeps Content-Length.
 */
export function createSwapper(token, nonce) {
  if (token.length !== nonce.length) throw new Error('nonce and token must have the same length');
  const needle = Buffer.from(token);
  const replacement = Buffer.from(nonce);
  const keep = needle.length - 1;
  let tail = Buffer.alloc(0);

  function replaceAll(buf) {
    let at = buf.indexOf(needle);
    while (at !== -1) {
      replacement.copy(buf, at);
      at = buf.indexOf(needle, at + needle.length);
    }
    return buf;
  }

  return {
    /** Returns the bytes that are safe to send now. */
    push(chunk) {
      const buf = replaceAll(Buffer.concat([tail, chunk]));
      if (buf.length <= keep) {
        tail = buf;
        return Buffer.alloc(0);
      }
      tail = Buffer.from(buf.subarray(buf.length - keep));
      return buf.subarray(0, buf.length - keep);
    },
    /** Whatever was held back; call once at the end. */
    flush() {
      const rest = tail;
      tail = Buffer.alloc(0);
      return rest;
    },
  };
}

function toBuffer(chunk, encoding) {
  if (chunk == null) return Buffer.alloc(0);
  if (Buffer.isBuffer(chunk)) return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? encoding : 'utf8');
}

function headerCarries(value, token) {
  if (Array.isArray(value)) return value.some((v) => headerCarries(v, token));
  return value != null && String(value).includes(token);
}

function swapHeaderValue(value, token, nonce) {
  if (typeof value === 'string') return value.split(token).join(nonce);
  if (Array.isArray(value)) return value.map((v) => swapHeaderValue(v, token, nonce));
  return value;
}

// Build output is content-hashed and never carries a nonce: no need to scan it.
const SKIP_SWAP = /^\/_next\/(static|image)\//;

/**
 * Whether a response may skip the swap. Decided on the path as the client sent it, and only when
 * that path is already in normal form: `/_next/static/../../` (or `%2e%2e`, `\`, `//`) names a
 * page once Next resolves it, and a page served unswapped would show the render token.
 */
export function mayServeWithoutSwap(rawUrl) {
  const raw = String(rawUrl ?? '').split(/[?#]/, 1)[0];
  if (!SKIP_SWAP.test(raw)) return false;
  if (/[\\]|\/\/|%2e|%2f|%5c|(^|\/)\.\.?(\/|$)/i.test(raw)) return false;
  return new URL(raw, 'http://localhost').pathname === raw;
}

/** Pages with a per-response nonce: never in a shared cache, revalidated by the browser. */
export const PRIVATE_CACHE = 'private, no-cache';

/**
 * Patches a Node ServerResponse so that the token becomes `nonce` in every header (the CSP, and
 * the `Link` header of preloads) and in the body. Install it after any compression middleware, so it sees the plain bytes first.
 */
export function installNonceSwap(res, token, nonce = freshNonce()) {
  const swapper = createSwapper(token, nonce);
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);

  res.writeHead = function patchedWriteHead(statusCode, ...rest) {
    let carriesNonce = false;
    // Every header, not only the CSP: React announces its preloads in a `Link` header with
    // `nonce="…"`, which a HEAD request gets without any body (issue 25). The token never leaves.
    for (const name of res.getHeaderNames()) {
      const current = res.getHeader(name);
      if (!headerCarries(current, token)) continue;
      carriesNonce = true;
      res.setHeader(name, swapHeaderValue(current, token, nonce));
    }
    const headersArg = rest.find((arg) => arg && typeof arg === 'object');
    if (Array.isArray(headersArg)) {
      // Node's raw form: [name, value, name, value, …].
      for (let i = 1; i < headersArg.length; i += 2) {
        if (!headerCarries(headersArg[i], token)) continue;
        carriesNonce = true;
        headersArg[i] = swapHeaderValue(headersArg[i], token, nonce);
      }
    } else if (headersArg) {
      for (const key of Object.keys(headersArg)) {
        if (!headerCarries(headersArg[key], token)) continue;
        carriesNonce = true;
        headersArg[key] = swapHeaderValue(headersArg[key], token, nonce);
      }
    }
    // A shared cache would hand this visitor's nonce to everyone: such pages are cached by the
    // server (ISR) and, at most, by the visitor's own browser.
    if (carriesNonce) {
      for (const key of headersArg && !Array.isArray(headersArg) ? Object.keys(headersArg) : []) {
        if (key.toLowerCase() === 'cache-control') delete headersArg[key];
      }
      const cacheControl = String(res.getHeader('cache-control') ?? '');
      if (!/no-store/i.test(cacheControl)) res.setHeader('cache-control', PRIVATE_CACHE);
    }
    return writeHead(statusCode, ...rest);
  };

  res.write = function patchedWrite(chunk, encoding, callback) {
    const out = swapper.push(toBuffer(chunk, encoding));
    const cb = typeof encoding === 'function' ? encoding : callback;
    if (out.length === 0) {
      // Nothing safe to send yet; the stream still expects its callback.
      if (typeof cb === 'function') process.nextTick(cb);
      return true;
    }
    return write(out, cb);
  };

  res.end = function patchedEnd(chunk, encoding, callback) {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    const body = chunk == null ? Buffer.alloc(0) : swapper.push(toBuffer(chunk, encoding));
    const rest = Buffer.concat([body, swapper.flush()]);
    return rest.length > 0 ? end(rest, callback) : end(callback);
  };

  return nonce;
}
