import { createHash } from 'node:crypto';

import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

import { env } from './env';
import { logger } from './logger';

/**
 * Rate limits every instance sees (docs/decisions/048-shared-rate-limits.md), on the maintained
 * `rate-limiter-flexible`: on PostgreSQL the counts live in the `rate_limits` table (created by a
 * migration), so N instances allow the limit once, not N times, and a restart remembers; on the
 * embedded SQLite default there is one instance, so its memory is enough.
 */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * The limiters' own small pool rather than Payload's: under a flood, the requests that end in a
 * 429 queue for these two connections instead of taking the ten that bookings and the back office
 * need. `allowExitOnIdle` lets CLI runs (`payload run`, migrations) exit without closing it.
 */
export function createRateLimitPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 2,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
    allowExitOnIdle: true,
  });
  // An idle connection the server drops (restart, failover) must not crash the process; the next
  // query reconnects, and a failing query falls back to memory (see SharedLimiter.run).
  pool.on('error', (error) => logger.warn({ event: 'rate_limit.pool_error', error: error.message }, 'rate limit pool'));
  return pool;
}

let defaultPool: pg.Pool | null | undefined;

function sharedPool(): pg.Pool | null {
  if (defaultPool === undefined) {
    const config = env();
    defaultPool = config.databaseKind === 'postgres' ? createRateLimitPool(config.DATABASE_URL) : null;
  }
  return defaultPool;
}

/** The table's key is varchar(255); an e-mail typed into the login form can be longer. */
function storeKey(key: string): string {
  return key.length <= 200 ? key : `h:${createHash('sha256').update(key).digest('hex')}`;
}

let lastFallbackLog = 0;

/**
 * One named counter (`name` prefixes its keys in the shared table), in PostgreSQL when there is
 * one. If PostgreSQL cannot answer (down, slow, table missing), this instance counts in memory
 * rather than refusing every visitor or letting everyone through, and says so in the log.
 */
export class SharedLimiter {
  private memory: RateLimiterMemory;
  private readonly shared: RateLimiterPostgres | null;
  private readonly pool: pg.Pool | null;
  private readonly options: { keyPrefix: string; points: number; duration: number };

  constructor({ name, points, durationSeconds, pool }: SharedLimiterOptions) {
    this.pool = pool === undefined ? sharedPool() : pool;
    const options = { keyPrefix: name, points, duration: durationSeconds };
    this.options = options;
    this.memory = new RateLimiterMemory(options);
    this.shared = this.pool
      ? new RateLimiterPostgres({
          ...options,
          storeClient: this.pool,
          storeType: 'pool',
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
        })
      : null;
  }

  /** Runs `op` on the shared store, or on this instance's memory when the store fails. */
  async run<T>(op: (limiter: RateLimiterAbstract, key: (raw: string) => string) => Promise<T>): Promise<T> {
    if (!this.shared) return op(this.memory, storeKey);
    try {
      return await op(this.shared, storeKey);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      if (Date.now() - lastFallbackLog > 60_000) {
        lastFallbackLog = Date.now();
        logger.warn(
          {
            event: 'rate_limit.store_failed',
            limiter: this.options.keyPrefix,
            error: error instanceof Error ? error.message : 'unknown',
          },
          'rate limits counted in memory: PostgreSQL did not answer',
        );
      }
      return op(this.memory, storeKey);
    }
  }

  /** Test hook: forget every count of this limiter, in memory and in the shared table. */
  async reset(): Promise<void> {
    this.memory = new RateLimiterMemory(this.options);
    if (this.pool) {
      await this.pool.query(`DELETE FROM "${RATE_LIMIT_TABLE}" WHERE key LIKE $1`, [`${this.options.keyPrefix}:%`]);
    }
  }
}

export type SharedLimiterOptions = {
  /** Prefix of this limiter's keys in the shared table: unique per limiter. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Where the counts are shared: the app's PostgreSQL by default, null for memory only. */
  pool?: pg.Pool | null;
};

export type RateLimitResult = { ok: boolean; remaining: number; retryAfterSeconds: number };

export type RateLimiter = {
  hit(key: string): Promise<RateLimitResult>;
  reset(): Promise<void>;
};

/**
 * At most `limit` hits per key in a window of `windowMs` that starts at the key's first hit
 * (a fixed window: the library's model, and one atomic upsert per hit on PostgreSQL).
 */
export function createRateLimiter({
  name,
  limit,
  windowMs,
  pool,
}: {
  name: string;
  limit: number;
  windowMs: number;
  pool?: pg.Pool | null;
}): RateLimiter {
  const limiter = new SharedLimiter({ name, points: limit, durationSeconds: windowMs / 1000, pool });
  return {
    async hit(key) {
      return limiter.run(async (store, storeKeyOf) => {
        try {
          const res = await store.consume(storeKeyOf(key));
          return { ok: true, remaining: res.remainingPoints, retryAfterSeconds: 0 };
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          return { ok: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
        }
      });
    },
    reset: () => limiter.reset(),
  };
}
