import 'server-only';

import { createHmac, randomBytes } from 'node:crypto';

import type { Payload } from 'payload';

import { clientIp } from '@/lib/client-ip';
import { env } from '@/lib/env';

import { num, shopDb } from './db';

/**
 * How many seats one visitor may hold at once, across all their open holds
 * (docs/decisions/044-seat-hoarding.md). A visitor is an IP address and, separately, a browser
 * (an HttpOnly cookie): either one reaching the limit stops the next hold. Counted in seats, free
 * Super3 children included, so neither more requests nor free children multiply what one visitor
 * can keep off sale. Stored in `hold_claims` so every instance sees the same count; the keys are
 * HMACs, never the raw address.
 */
export const VISITOR_COOKIE = 'shop_visitor';
const VISITOR_COOKIE_MAX_AGE = 24 * 60 * 60;
/** Claims outlive any hold (15 minutes, extended once) by far; older rows are only clutter. */
const CLAIM_RETENTION_MS = 24 * 60 * 60 * 1000;

export type Visitor = { ipKey: string | null; browserKey: string; setCookie: string | null };

function key(kind: string, value: string): string {
  return createHmac('sha256', env().PAYLOAD_SECRET).update(`hold-visitor:${kind}:${value}`).digest('base64url');
}

function cookieValue(request: Request, name: string): string | undefined {
  return (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Who is asking: their IP (unless unknown) and their browser, with a cookie to set on a first visit. */
export function identifyVisitor(request: Request): Visitor {
  const ip = clientIp(request.headers);
  const existing = cookieValue(request, VISITOR_COOKIE);
  const browserId = existing && /^[A-Za-z0-9_-]{22}$/.test(existing) ? existing : randomBytes(16).toString('base64url');
  const secure = env().APP_ENV === 'production' ? '; Secure' : '';
  return {
    // Without the production server every visitor is "unknown": one shared IP bucket would let one
    // visitor block everyone, so only the browser counts then.
    ipKey: ip === 'unknown' ? null : key('ip', ip),
    browserKey: key('browser', browserId),
    setCookie:
      existing === browserId
        ? null
        : `${VISITOR_COOKIE}=${browserId}; Path=/api/shop; Max-Age=${VISITOR_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`,
  };
}

/** Seats in this visitor's holds that are still open (not paid, expired or cancelled). */
export async function seatsHeldBy(payload: Payload, visitor: Visitor, now = new Date()): Promise<number> {
  const { rows } = await shopDb(payload).query(
    `SELECT COALESCE(SUM(c.seats), 0) AS seats FROM hold_claims c JOIN bookings b ON b.reference = c.reference
      WHERE (c.browser_key = ? OR c.ip_key = ?) AND b.status = 'held' AND b.hold_expires_at > ?`,
    [visitor.browserKey, visitor.ipKey ?? '', now.toISOString()],
  );
  return num(rows[0]?.seats);
}

export type HoldLimitCheck = { ok: true } | { ok: false; heldSeats: number; limit: number };

/** Whether this visitor may hold `seats` more. */
export async function checkHoldLimit(
  payload: Payload,
  visitor: Visitor,
  seats: number,
  now = new Date(),
): Promise<HoldLimitCheck> {
  const limit = env().HOLD_SEATS_PER_VISITOR;
  const heldSeats = await seatsHeldBy(payload, visitor, now);
  return heldSeats + seats <= limit ? { ok: true } : { ok: false, heldSeats, limit };
}

/** Records a new hold against its visitor; prunes claims no hold can still need. */
export async function recordHoldClaim(
  payload: Payload,
  visitor: Visitor,
  reference: string,
  seats: number,
  now = new Date(),
): Promise<void> {
  const db = shopDb(payload);
  await db.query('INSERT INTO hold_claims (reference, ip_key, browser_key, seats, created_at) VALUES (?, ?, ?, ?, ?)', [
    reference,
    visitor.ipKey ?? '',
    visitor.browserKey,
    seats,
    now.toISOString(),
  ]);
  await db.query('DELETE FROM hold_claims WHERE created_at < ?', [
    new Date(now.getTime() - CLAIM_RETENTION_MS).toISOString(),
  ]);
}
