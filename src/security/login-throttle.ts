import { pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

import { APIError, type CollectionAfterLoginHook, type CollectionBeforeOperationHook } from 'payload';

import { clientIp } from '../lib/client-ip';
import { SharedLimiter } from '../lib/rate-limit';

import { loginWaitMessage, staffLocale } from './messages';

/**
 * Staff login throttling (docs/decisions/047-login-throttle.md), replacing Payload's account
 * lockout, which let anyone lock a staff member out by typing their e-mail ten times. Failures are
 * counted per (IP, account) and per IP; past a few, each further attempt must wait twice as long
 * as the last (up to 15 minutes). Someone else's failures never slow a staff member down at their
 * own address. Unknown e-mails cost the same password hashing as known ones, so the answer's timing
 * does not tell which e-mails have accounts. The counts are shared by every instance and survive a
 * restart (decision 048).
 */
const FREE_PER_ACCOUNT = 5;
const FREE_PER_IP = 20;
const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;

/**
 * One record per key: its points are the failures, and its expiry is pushed to an hour after each
 * failure, so "when was the last failure" is read back from the expiry instead of being stored.
 */
const failures = new SharedLimiter({
  name: 'login',
  points: Number.MAX_SAFE_INTEGER,
  durationSeconds: FORGET_AFTER_MS / 1000,
});
const pbkdf2Async = promisify(pbkdf2);

type Failures = { count: number; msBeforeForget: number };

/** How much longer this key must wait before its next attempt, in ms (0: go ahead). */
function remainingWait(entry: Failures | null, free: number): number {
  if (!entry || entry.count < free) return 0;
  const sinceLast = FORGET_AFTER_MS - entry.msBeforeForget;
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** (entry.count - free)) - sinceLast;
}

function keys(ip: string, email: string) {
  return { pair: `pair:${ip}:${email}`, ip: `ip:${ip}` };
}

async function read(keysToRead: string[]): Promise<(Failures | null)[]> {
  return failures.run((store, key) =>
    Promise.all(
      keysToRead.map(async (k) => {
        const res = await store.get(key(k));
        return res && res.consumedPoints > 0 ? { count: res.consumedPoints, msBeforeForget: res.msBeforeNext } : null;
      }),
    ),
  );
}

export const throttleLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args;
  const data = (args as { data?: { email?: unknown } }).data ?? {};
  const email = typeof data.email === 'string' ? data.email.toLowerCase().trim() : '';
  const k = keys(clientIp(req.headers), email);
  const [pair, ip] = await read([k.pair, k.ip]);
  const wait = Math.max(remainingWait(pair ?? null, FREE_PER_ACCOUNT), remainingWait(ip ?? null, FREE_PER_IP));
  if (wait > 0) {
    // Payload's login form shows `errors[0].message` of the answer as it is: say how long to wait,
    // in the language the staff member reads the back office in.
    const message = loginWaitMessage(staffLocale(req.headers, req.i18n?.language), wait);
    const retryAfterSeconds = Math.ceil(wait / 1000);
    req.responseHeaders = new Headers({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' });
    throw new APIError(message, 429, { retryAfterSeconds }, true);
  }
  // Counted as a failure until afterLogin says otherwise. The increment is atomic; restarting the
  // hour is a second write, which at worst loses one of two simultaneous failures' increments.
  await failures.run((store, key) =>
    Promise.all(
      [k.pair, k.ip].map(async (raw) => {
        const counted = await store.penalty(key(raw), 1);
        await store.set(key(raw), counted.consumedPoints, FORGET_AFTER_MS / 1000);
      }),
    ),
  );
  if (email) {
    const known = await req.payload.db.findOne({ collection: 'users', req, where: { email: { equals: email } } });
    // The same work Payload does to check a real password (pbkdf2-sha256, 600,000 iterations).
    if (!known) await pbkdf2Async(String(data.email), randomBytes(32), 600_000, 32, 'sha256');
  }
  return args;
};

export const clearLoginFailures: CollectionAfterLoginHook = async ({ req, user }) => {
  const email = String((user as { email?: string }).email ?? '').toLowerCase();
  const k = keys(clientIp(req.headers), email);
  const [ip] = await read([k.ip]);
  await failures.run(async (store, key) => {
    await store.delete(key(k.pair));
    // This attempt's own failure is taken back; the IP keeps the others.
    if (ip) await store.reward(key(k.ip), 1);
  });
  return user;
};

/** Test hook. */
export function resetLoginThrottle(): Promise<void> {
  return failures.reset();
}
