import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';

import { env } from '@/lib/env';

/**
 * Proof that this browser created a hold (docs/decisions/043-hold-personal-data.md): an HttpOnly
 * cookie scoped to that hold's API path, holding an HMAC of the reference. A reference alone
 * travels in URLs, e-mails and page views; it must not open the customer's name, e-mail and phone.
 */
const COOKIE_PREFIX = 'hold_';
/** Long enough for a hold, its one extension and a slow return from the payment page. */
const MAX_AGE_SECONDS = 2 * 60 * 60;

function proof(reference: string): string {
  return createHmac('sha256', env().PAYLOAD_SECRET).update(`hold-session:${reference}`).digest('base64url');
}

function cookieName(reference: string): string {
  return `${COOKIE_PREFIX}${reference.replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** The Set-Cookie header for the browser that has just created `reference`. */
export function holdSessionCookie(reference: string): string {
  const secure = env().APP_ENV === 'production' ? '; Secure' : '';
  return `${cookieName(reference)}=${proof(reference)}; Path=/api/shop/holds/${encodeURIComponent(reference)}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether this request comes from the browser that created the hold. */
export function hasHoldSession(request: Request, reference: string): boolean {
  const name = cookieName(reference);
  const given = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!given) return false;
  const expected = Buffer.from(proof(reference));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
