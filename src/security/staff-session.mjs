// Recognises a back-office session from the request's headers alone, without the database or the
// body: scripts/server.mjs uses it to refuse an upload from anyone else before reading a byte of
// it (docs/decisions/042-body-limits.md, issue 25). It is a gate in front of Payload, not a
// replacement: Payload still checks the session (its row, its csrf origins) and the collection's
// access for every request that passes. Plain JS: the server runs outside Next's bundler.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Payload's cookie is `${cookiePrefix}-token`; src/payload.config.ts keeps the default prefix. */
const COOKIE = 'payload-token';

/** The key Payload signs its JWTs with: the first 32 hex characters of SHA-256(PAYLOAD_SECRET). */
export function payloadJwtKey(secret) {
  return createHash('sha256').update(secret).digest('hex').slice(0, 32);
}

function base64urlJson(part) {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The JWTs a request offers, in Payload's order (`JWT …`, `Bearer …`, then the cookie). */
function offeredTokens(headers) {
  const tokens = [];
  const authorization = String(headers.authorization ?? '');
  const scheme = /^(JWT|Bearer) (.+)$/.exec(authorization);
  if (scheme) tokens.push(scheme[2].trim());
  for (const part of String(headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === COOKIE) tokens.push(part.slice(at + 1).trim());
  }
  return tokens;
}

/**
 * The claims of a Payload JWT signed with `key` and not expired at `now` (seconds), else null.
 * Same checks as Payload's own verification (HS256, its auth version, expiry), minus the database.
 */
export function verifyPayloadJwt(token, key, now = Date.now() / 1000) {
  const parts = String(token).split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts;
  const header = base64urlJson(head);
  if (header?.alg !== 'HS256' || header.authVersion !== 1) return null;
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = base64urlJson(body);
  if (!claims || typeof claims !== 'object' || typeof claims.exp !== 'number' || claims.exp <= now) return null;
  return claims;
}

/**
 * The role of the back-office user whose session the request carries, or null. The role is in
 * the token (`saveToJWT` in src/collections/Users.ts).
 */
export function staffRole(headers, key, now) {
  for (const token of offeredTokens(headers)) {
    const claims = verifyPayloadJwt(token, key, now);
    if (claims?.collection === 'users' && typeof claims.role === 'string') return claims.role;
  }
  return null;
}
