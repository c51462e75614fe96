import { pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

import { APIError, type CollectionAfterLoginHook, type CollectionBeforeOperationHook } from 'payload';

import { clientIp } from '../lib/client-ip';

import { requestLocale, securityMessages } from './messages';

/**
 * Staff login throttling (docs/decisions/047-login-throttle.md), replacing Payload's account
 * lockout, which let anyone lock a staff member out by typing their e-mail ten times. Failures are
 * counted per (IP, account) and per IP; past a few, each further attempt must wait twice as long
 * as the last (up to 15 minutes). Someone else's failures never slow a staff member down at their
 * own address. Unknown e-mails cost the same password hashing as known ones, so the answer's timing
 * does not tell which e-mails have accounts. In memory, per instance, like the form limits (020).
 */
const FREE_PER_ACCOUNT = 5;
const FREE_PER_IP = 20;
const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;

type Failures = { count: number; last: number };
const failures = new Map<string, Failures>();
const pbkdf2Async = promisify(pbkdf2);

function waitFor(entry: Failures | undefined, free: number): number {
  if (!entry || entry.count < free) return 0;
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** (entry.count - free));
}

function keys(ip: string, email: string) {
  return { pair: `pair:${ip}:${email}`, ip: `ip:${ip}` };
}

function sweep(now: number) {
  if (failures.size < 10_000) return;
  for (const [key, entry] of failures) if (now - entry.last > FORGET_AFTER_MS) failures.delete(key);
}

export const throttleLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args;
  const data = (args as { data?: { email?: unknown } }).data ?? {};
  const email = typeof data.email === 'string' ? data.email.toLowerCase().trim() : '';
  const now = Date.now();
  sweep(now);
  const k = keys(clientIp(req.headers), email);
  const pair = failures.get(k.pair);
  const ip = failures.get(k.ip);
  const wait = Math.max(
    pair ? pair.last + waitFor(pair, FREE_PER_ACCOUNT) - now : 0,
    ip ? ip.last + waitFor(ip, FREE_PER_IP) - now : 0,
  );
  if (wait > 0) {
    const message = securityMessages(requestLocale(req.headers, req.i18n?.language)).errors.tooManyRequests;
    throw new APIError(message, 429, { retryAfterSeconds: Math.ceil(wait / 1000) }, true);
  }
  // Counted as a failure until afterLogin says otherwise.
  for (const key of [k.pair, k.ip]) {
    const entry = failures.get(key);
    failures.set(key, { count: (entry?.count ?? 0) + 1, last: now });
  }
  if (email) {
    const known = await req.payload.db.findOne({ collection: 'users', req, where: { email: { equals: email } } });
    // The same work Payload does to check a real password (pbkdf2-sha256, 600,000 iterations).
    if (!known) await pbkdf2Async(String(data.email), randomBytes(32), 600_000, 32, 'sha256');
  }
  return args;
};

export const clearLoginFailures: CollectionAfterLoginHook = ({ req, user }) => {
  const email = String((user as { email?: string }).email ?? '').toLowerCase();
  const k = keys(clientIp(req.headers), email);
  failures.delete(k.pair);
  const ip = failures.get(k.ip);
  if (ip) failures.set(k.ip, { ...ip, count: Math.max(0, ip.count - 1) });
  return user;
};

/** Test hook. */
export function resetLoginThrottle(): void {
  failures.clear();
}
