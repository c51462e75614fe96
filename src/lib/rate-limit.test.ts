import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createRateLimitPool, createRateLimiter, SharedLimiter } from './rate-limit';

// The memory path: the embedded SQLite default, and the fallback when PostgreSQL does not answer.
// The shared PostgreSQL path is proven in tests/integration/shared-rate-limits.test.ts.
describe('createRateLimiter in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows `limit` hits per window and per key, then refuses with the time to wait', async () => {
    const limiter = createRateLimiter({ name: 'forms', limit: 5, windowMs: 600_000, pool: null });
    for (let i = 0; i < 5; i++) expect((await limiter.hit('contact:1.2.3.4')).ok).toBe(true);
    expect(await limiter.hit('contact:1.2.3.4')).toEqual({ ok: false, remaining: 0, retryAfterSeconds: 600 });
    expect((await limiter.hit('contact:5.6.7.8')).ok).toBe(true);
    expect((await limiter.hit('school:1.2.3.4')).ok).toBe(true);
    vi.advanceTimersByTime(600_001);
    expect(await limiter.hit('contact:1.2.3.4')).toMatchObject({ ok: true, remaining: 4 });
  });

  it('counts the window from the first hit and tells how long is left of it', async () => {
    const limiter = createRateLimiter({ name: 'holds', limit: 2, windowMs: 10_000, pool: null });
    await limiter.hit('k');
    vi.advanceTimersByTime(4_000);
    await limiter.hit('k');
    vi.advanceTimersByTime(2_500);
    expect(await limiter.hit('k')).toEqual({ ok: false, remaining: 0, retryAfterSeconds: 4 });
    vi.advanceTimersByTime(3_501);
    expect((await limiter.hit('k')).ok).toBe(true);
  });

  it('keeps separate counts for limiters with different names and forgets them on reset', async () => {
    const a = createRateLimiter({ name: 'a', limit: 1, windowMs: 60_000, pool: null });
    const b = createRateLimiter({ name: 'b', limit: 1, windowMs: 60_000, pool: null });
    expect((await a.hit('ip')).ok).toBe(true);
    expect((await b.hit('ip')).ok).toBe(true);
    expect((await a.hit('ip')).ok).toBe(false);
    await a.reset();
    expect((await a.hit('ip')).ok).toBe(true);
    expect((await b.hit('ip')).ok).toBe(false);
  });

  it('limits very long keys (hashed for the shared table) like any other', async () => {
    const limiter = createRateLimiter({ name: 'login', limit: 1, windowMs: 60_000, pool: null });
    const long = `pair:1.2.3.4:${'a'.repeat(5_000)}@example.com`;
    expect((await limiter.hit(long)).ok).toBe(true);
    expect((await limiter.hit(long)).ok).toBe(false);
    expect((await limiter.hit(`${long}x`)).ok).toBe(true);
  });
});

describe('SharedLimiter when PostgreSQL does not answer', () => {
  it('counts in this instance’s memory instead of failing or letting everyone through', async () => {
    // Nothing listens on port 1: every query fails at once.
    const pool = createRateLimitPool('postgres://nobody@127.0.0.1:1/none');
    try {
      const limiter = createRateLimiter({ name: 'payments', limit: 2, windowMs: 60_000, pool });
      expect((await limiter.hit('ip')).ok).toBe(true);
      expect((await limiter.hit('ip')).ok).toBe(true);
      expect(await limiter.hit('ip')).toMatchObject({ ok: false, remaining: 0 });
      const login = new SharedLimiter({ name: 'login', points: 10, durationSeconds: 60, pool });
      const counted = await login.run((store, key) => store.penalty(key('ip:1.2.3.4'), 3));
      expect(counted.consumedPoints).toBe(3);
    } finally {
      await pool.end();
    }
  });
});
