import 'server-only';

import { clientIp } from './client-ip';
import { logger } from './logger';
import { createRateLimiter, type RateLimiter } from './rate-limit';

/**
 * Per-IP limits of the shop's write endpoints (the forms have theirs in src/requests). Generous
 * enough for a family retrying a payment or a ticket office on one shared IP, tight enough that a
 * script cannot hold a departure's seats or flood the notification endpoint.
 */
const limiters = {
  holds: createRateLimiter({ name: 'holds', limit: 30, windowMs: 10 * 60_000 }),
  payments: createRateLimiter({ name: 'payments', limit: 30, windowMs: 10 * 60_000 }),
  notifications: createRateLimiter({ name: 'notifications', limit: 120, windowMs: 60_000 }),
  // A visitor asks for a full invoice once; a few retries for a mistyped tax id fit well within.
  invoices: createRateLimiter({ name: 'invoices', limit: 20, windowMs: 10 * 60_000 }),
  // Reading a hold back (the checkout's review, a payment link): a few per visit, even when a
  // page reloads; a script guessing references is stopped long before it finds one.
  holdReads: createRateLimiter({ name: 'hold-reads', limit: 120, windowMs: 10 * 60_000 }),
} satisfies Record<string, RateLimiter>;

export type LimitedEndpoint = keyof typeof limiters;

let refused = 0;

/** A 429 response when this visitor is over the endpoint's limit, else null. */
export async function overLimit(endpoint: LimitedEndpoint, request: Request): Promise<Response | null> {
  // Each limiter prefixes its keys with its own name in the shared table.
  const result = await limiters[endpoint].hit(clientIp(request.headers));
  if (result.ok) return null;
  refused++;
  logger.warn({ endpoint, refusedTotal: refused }, 'rate limit reached');
  return Response.json(
    { ok: false, error: 'tooManyRequests' },
    { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(result.retryAfterSeconds) } },
  );
}
