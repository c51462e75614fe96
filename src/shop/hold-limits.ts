import 'server-only';

import { createHmac, randomBytes } from 'node:crypto';

import { clientIp } from '@/lib/client-ip';
import { env } from '@/lib/env';

import type { HoldClaimant } from '../booking/hold-claims-repository';

/**
 * How many seats one visitor may hold at once, across all their open holds
 * (docs/decisions/044-seat-hoarding.md). A visitor is an IP address and, separately, a browser
 * (an HttpOnly cookie): either one reaching the limit stops the next hold. Counted in seats, free
 * Super3 children included, so neither more requests nor free children multiply what one visitor
 * can keep off sale. Stored in `hold_claims` so every instance sees the same count; the keys are
 * HMACs, never the raw address. The count and the claim are part of the hold itself
 * (`createVisitorHold`, hold-claims-repository.ts), never a check before it.
 */
export const VISITOR_COOKIE = 'shop_visitor';
const VISITOR_COOKIE_MAX_AGE = 24 * 60 * 60;

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

/** The visitor as the hold's seat limit counts them (hold-claims-repository.ts, checked inside the hold). */
export function holdClaimant(visitor: Visitor): HoldClaimant {
  return { ipKey: visitor.ipKey, browserKey: visitor.browserKey, limit: env().HOLD_SEATS_PER_VISITOR };
}
