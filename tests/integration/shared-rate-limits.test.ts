import type pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { POST as notify } from '@/app/api/payments/notify/route';
import { createRateLimitPool, createRateLimiter, RATE_LIMIT_TABLE } from '@/lib/rate-limit';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

// Each test acts as its own client address through the test-only header.
vi.hoisted(() => {
  process.env.ENABLE_TEST_ROUTES = '1';
});

// Migrates the file's database, which creates the shared table on PostgreSQL.
useTestPayload();

const pools: pg.Pool[] = [];
/** What each app instance has: its own pool on the one database. */
function instancePool(): pg.Pool {
  const pool = createRateLimitPool(process.env.DATABASE_URL!);
  pools.push(pool);
  return pool;
}
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end().catch(() => {})));
});

const limits = { name: 'holds', limit: 5, windowMs: 10 * 60_000 };

describe.runIf(testDatabaseKind === 'postgres')('rate limits shared through PostgreSQL', () => {
  it('counts hits on two instances once: the limit is reached across them, not per instance', async () => {
    const first = createRateLimiter({ ...limits, pool: instancePool() });
    const second = createRateLimiter({ ...limits, pool: instancePool() });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await (i % 2 === 0 ? first : second).hit('198.51.100.1'));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, remaining: 0 });
    expect(answers[5]!.retryAfterSeconds).toBeGreaterThan(590);
    expect((await first.hit('198.51.100.1')).ok).toBe(false);
    // Another client is untouched.
    expect((await second.hit('198.51.100.2')).ok).toBe(true);
  });

  it('remembers the counts across a restart (a new limiter on a new pool)', async () => {
    const before = instancePool();
    const limiter = createRateLimiter({ ...limits, pool: before });
    for (let i = 0; i < 5; i++) expect((await limiter.hit('198.51.100.3')).ok).toBe(true);
    await before.end();
    const restarted = createRateLimiter({ ...limits, pool: instancePool() });
    expect(await restarted.hit('198.51.100.3')).toMatchObject({ ok: false, remaining: 0 });
    const rows = await instancePool().query<{ key: string; points: number }>(
      `SELECT key, points FROM "${RATE_LIMIT_TABLE}" WHERE key = $1`,
      ['holds:198.51.100.3'],
    );
    expect(rows.rows).toEqual([{ key: 'holds:198.51.100.3', points: 6 }]);
  });

  it("the app's own endpoint limit writes the count another instance reads", async () => {
    const forged = () =>
      notify(
        new Request('http://localhost:3000/api/payments/notify', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client-ip': 'forger-1' },
          body: new URLSearchParams({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=' }),
        }),
      );
    for (let i = 0; i < 100; i++) expect((await forged()).status).toBe(400);
    // Another instance with the same limit (120 a minute) has 20 left for this address, not 120.
    const other = createRateLimiter({ name: 'notifications', limit: 120, windowMs: 60_000, pool: instancePool() });
    for (let i = 0; i < 20; i++) expect((await other.hit('forger-1')).ok).toBe(true);
    expect((await other.hit('forger-1')).ok).toBe(false);
    const refused = await forged();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ ok: false, error: 'tooManyRequests' });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe.runIf(testDatabaseKind === 'sqlite')('rate limits on the embedded SQLite default', () => {
  it('count in the memory of the one instance', async () => {
    const first = createRateLimiter(limits);
    const second = createRateLimiter(limits);
    for (let i = 0; i < 5; i++) expect((await first.hit('198.51.100.1')).ok).toBe(true);
    expect((await first.hit('198.51.100.1')).ok).toBe(false);
    // Nothing is shared: a second limiter object (another process) starts from zero.
    expect((await second.hit('198.51.100.1')).ok).toBe(true);
  });
});
