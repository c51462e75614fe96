import { describe, expect, it } from 'vitest';

import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` hits per window and per key, then refuses with the time to wait', () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter({ limit: 5, windowMs: 600_000, now: () => clock });
    for (let i = 0; i < 5; i++) expect(limiter.hit('contact:1.2.3.4').ok).toBe(true);
    const refused = limiter.hit('contact:1.2.3.4');
    expect(refused).toEqual({ ok: false, remaining: 0, retryAfterSeconds: 600 });
    expect(limiter.hit('contact:5.6.7.8').ok).toBe(true);
    expect(limiter.hit('school:1.2.3.4').ok).toBe(true);
    clock += 600_001;
    expect(limiter.hit('contact:1.2.3.4')).toMatchObject({ ok: true, remaining: 4 });
  });

  it('slides: a hit leaves the window exactly windowMs after it was made', () => {
    let clock = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => clock });
    limiter.hit('k');
    clock = 500;
    limiter.hit('k');
    clock = 999;
    expect(limiter.hit('k').ok).toBe(false);
    clock = 1001;
    expect(limiter.hit('k').ok).toBe(true);
    expect(limiter.hit('k').ok).toBe(false);
  });

  it('bounds memory under a flood of distinct keys', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100, now: () => 0 });
    for (let i = 0; i < 1000; i++) expect(limiter.hit(`ip-${i}`).ok).toBe(true);
    // The newest keys are still limited, the oldest were dropped.
    expect(limiter.hit('ip-999').ok).toBe(false);
    expect(limiter.hit('ip-0').ok).toBe(true);
  });
});
