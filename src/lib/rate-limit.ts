/**
 * A sliding-window rate limiter kept in this process's memory (see
 * docs/decisions/020-rate-limits.md for why not the database). Each key keeps the times of
 * its recent hits; a hit is allowed while fewer than `limit` fall inside the window.
 */
export type RateLimitResult = { ok: boolean; remaining: number; retryAfterSeconds: number };

export type RateLimiter = {
  hit(key: string): RateLimitResult;
  reset(): void;
};

export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 50_000,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  /** A bound on memory under a flood of distinct keys: the oldest keys are dropped first. */
  maxKeys?: number;
  now?: () => number;
}): RateLimiter {
  const hits = new Map<string, number[]>();

  function sweep(at: number) {
    for (const [key, times] of hits) {
      if (times.length === 0 || times[times.length - 1]! <= at - windowMs) hits.delete(key);
    }
    // Map iteration is insertion order, so this drops the keys that have been around longest.
    for (const key of hits.keys()) {
      if (hits.size <= maxKeys) break;
      hits.delete(key);
    }
  }

  return {
    hit(key) {
      const at = now();
      if (hits.size >= maxKeys) sweep(at);
      const times = (hits.get(key) ?? []).filter((t) => t > at - windowMs);
      if (times.length >= limit) {
        hits.set(key, times);
        return { ok: false, remaining: 0, retryAfterSeconds: Math.ceil((times[0]! + windowMs - at) / 1000) };
      }
      times.push(at);
      hits.delete(key);
      hits.set(key, times);
      return { ok: true, remaining: limit - times.length, retryAfterSeconds: 0 };
    },
    reset() {
      hits.clear();
    },
  };
}
