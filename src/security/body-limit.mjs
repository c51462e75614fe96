// Request body limits, enforced by scripts/server.mjs before Next reads a byte
// (docs/decisions/042-body-limits.md). A declared Content-Length over the limit is refused at
// once; a chunked body is counted as it arrives and refused the moment it crosses the limit, so
// no request makes the server buffer more than its route's limit. Plain JS: the server runs
// outside Next's bundler.
import { readFileSync } from 'node:fs';
import path from 'node:path';

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
    JSON.parse(readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8')).security.errors.bodyTooLarge,
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

function send413(req, original, res) {
  const message = messages[localeFromAcceptLanguage(req.headers['accept-language'])];
  const body = JSON.stringify({ ok: false, error: 'bodyTooLarge', message, errors: [{ message }] });
  original.writeHead.call(res, 413, {
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
 * Applies the limit to one request. Returns true when it was refused already (Content-Length);
 * otherwise it watches the body as it arrives. Call before anything else patches `res`.
 */
export function enforceBodyLimit(req, res, pathname) {
  const limit = bodyLimitFor(pathname);
  const original = { writeHead: res.writeHead, end: res.end };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    send413(req, original, res);
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
      send413(req, original, res);
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
