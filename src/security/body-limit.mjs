// Request body limits, enforced by scripts/server.mjs before Next reads a byte
// (docs/decisions/042-body-limits.md). A declared Content-Length over the limit is refused at
// once; a chunked body is counted as it arrives and refused the moment it crosses the limit, so
// no request makes the server buffer more than its route's limit. Plain JS: the server runs
// outside Next's bundler.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { staffRole } from './staff-session.mjs';

const KB = 1024;
const MB = 1024 * KB;

/** Largest body per route, first match wins. Uploads are the only big bodies we accept. */
export const BODY_LIMITS = [
  // Staff image uploads (Payload's upload collections).
  [/^\/api\/(media|past-images)(\/|$)/, 20 * MB],
  // The shop and the payment notification take a few form fields.
  [/^\/api\/(shop|payments|forms|site)(\/|$)/, 16 * KB],
  // Payload's REST API: back-office documents (rich text in four languages).
  [/^\/api(\/|$)/, 2 * MB],
  // The back office's server functions save the same documents.
  [/^\/admin(\/|$)/, 2 * MB],
  // Public pages: the request forms' server actions (next.config.ts allows 100 kB there).
  [/^\//, 100 * KB],
];

/**
 * Upload routes: the 20 MB allowance is for staff who may upload (the collections' `isOffice`).
 * Anyone else is answered 403 from the headers, before a byte is read (issue 25: 16 anonymous
 * 20 MB uploads in parallel took RSS from 473 to 612 MB before Payload said no).
 */
export const STAFF_UPLOADS = /^\/api\/(media|past-images)(\/|$)/;
const UPLOAD_ROLES = ['admin', 'office'];
const READS = ['GET', 'HEAD', 'OPTIONS'];

/** The limit for a request path (already normalised: no dot segments). */
export function bodyLimitFor(pathname) {
  for (const [pattern, limit] of BODY_LIMITS) if (pattern.test(pathname)) return limit;
  return 100 * KB;
}

const LOCALES = ['ca', 'es', 'en', 'fr'];
const messagesDir = path.resolve(import.meta.dirname, '../i18n/messages/security');
const messages = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8')).security.errors,
  ]),
);

/** The visitor's language from Accept-Language (q-values honoured), Catalan by default. */
export function localeFromAcceptLanguage(header) {
  if (!header) return 'ca';
  const ranked = String(header)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number.parseFloat(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { lang: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0 && LOCALES.includes(entry.lang))
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.lang ?? 'ca';
}

function refuse(req, original, res, status, error) {
  const message = messages[localeFromAcceptLanguage(req.headers['accept-language'])][error];
  const body = JSON.stringify({ ok: false, error, message, errors: [{ message }] });
  original.writeHead.call(res, status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  original.end.call(res, body);
  // The client may still be sending: discard the rest, and hang up if it keeps going.
  req.resume();
  setTimeout(() => req.socket?.destroy(), 5000).unref();
}

/**
 * Applies the limit to one request. Returns true when it was refused already (Content-Length, or
 * an upload without a staff session when `jwtKey`, Payload's signing key, is given); otherwise it
 * watches the body as it arrives. Call before anything else patches `res`.
 */
export function enforceBodyLimit(req, res, pathname, { jwtKey } = {}) {
  const limit = bodyLimitFor(pathname);
  const original = { writeHead: res.writeHead, end: res.end };
  if (
    jwtKey &&
    STAFF_UPLOADS.test(pathname) &&
    !READS.includes(String(req.method).toUpperCase()) &&
    !UPLOAD_ROLES.includes(staffRole(req.headers, jwtKey))
  ) {
    refuse(req, original, res, 403, 'forbidden');
    return true;
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    refuse(req, original, res, 413, 'bodyTooLarge');
    return true;
  }
  // Chunked (or lying) bodies: count bytes as the parser hands them over, before any reader sees them.
  const push = req.push.bind(req);
  let seen = 0;
  let refused = false;
  req.push = (chunk, encoding) => {
    if (refused) return true;
    if (chunk != null) seen += chunk.length;
    if (seen <= limit) return push(chunk, encoding);
    refused = true;
    if (!res.headersSent) {
      refuse(req, original, res, 413, 'bodyTooLarge');
      // Whatever Next does with the truncated body, its answer must not follow ours.
      for (const method of ['writeHead', 'write', 'end', 'setHeader', 'removeHeader', 'flushHeaders']) {
        res[method] = () => res;
      }
    } else {
      req.socket?.destroy();
    }
    return push(null);
  };
  return false;
}
