import type { Payload } from 'payload';

import { env } from './env';
import { JOB_SWEEP_MS, reapFailedJobs, releaseStaleJobs } from './jobs-lease';
import { WAKE_CHANNEL, wakeLocalRunner } from './jobs-wake';
import { logger } from './logger';

/**
 * One jobs runner across all instances on one PostgreSQL (docs/decisions/046-jobs-leader.md).
 * Every instance schedules, but only the holder of a session-level advisory lock runs jobs: two
 * concurrent runners leaked pool connections until requests hung, and could send one e-mail twice.
 * The lock lives on a dedicated connection outside the app's pool, so it costs no pool slot and is
 * released by PostgreSQL the moment the leader's process or connection dies; another instance
 * then takes over at its next attempt. SQLite is one process by nature: always the runner.
 * The same connection LISTENs for the wake-ups other instances send once they have committed a
 * job (src/lib/jobs-wake.ts, decision 171): only the leader hears them, and only while it leads.
 */
const LOCK_KEY = 'golondrinas:jobs-runner';
/** How often a non-leader tries again: a dead leader's jobs wait at most this long. */
const RETRY_MS = 15_000;

type PgClient = {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
  on(event: 'error' | 'end', listener: () => void): void;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
};

const state: { leader: boolean; client: PgClient | null; nextAttempt: number; attempting: Promise<boolean> | null } = {
  leader: false,
  client: null,
  nextAttempt: 0,
  attempting: null,
};

async function tryLead(connectionString: string, payload: Payload | undefined): Promise<boolean> {
  const { default: pg } = (await import('pg')) as unknown as { default: { Client: new (o: object) => PgClient } };
  const client = new pg.Client({ connectionString, application_name: 'golondrinas-jobs-leader' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [LOCK_KEY]);
    if (rows[0]?.locked !== true) {
      await client.end();
      return false;
    }
    if (payload) {
      client.on('notification', (message) => {
        if (message.channel === WAKE_CHANNEL && message.payload) wakeLocalRunner(payload, message.payload);
      });
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'jobs leader: lock attempt failed');
    return false;
  }
  const lost = () => {
    if (state.client !== client) return;
    state.leader = false;
    state.client = null;
    logger.warn('jobs leader: lost the lock connection; another instance will take over');
  };
  client.on('error', lost);
  client.on('end', lost);
  state.client = client;
  logger.info('jobs leader: this instance runs the jobs queue');
  return true;
}

let nextSweep = 0;

/**
 * The leader's other duty, on the queue's own ticks (every few seconds): once a minute, release
 * the jobs a dead runner left processing, and delete those that failed for good a month ago
 * (src/lib/jobs-lease.ts). In the background, so that no queue waits for it.
 */
function sweepIfDue(payload: Payload | undefined): void {
  if (!payload || Date.now() < nextSweep) return;
  nextSweep = Date.now() + JOB_SWEEP_MS;
  void releaseStaleJobs(payload)
    .then(() => reapFailedJobs(payload))
    .catch((error: unknown) =>
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'jobs: lease sweep failed'),
    );
}

/** Payload's `jobs.shouldAutoRun`: true on the one instance that holds the lock. */
export async function isJobsRunner(payload?: Payload): Promise<boolean> {
  const config = env();
  if (config.databaseKind !== 'postgres' || state.leader) {
    sweepIfDue(payload);
    return true;
  }
  if (state.attempting) return state.attempting;
  if (Date.now() < state.nextAttempt) return false;
  state.attempting = tryLead(config.DATABASE_URL, payload).then((won) => {
    state.leader = won;
    state.nextAttempt = Date.now() + RETRY_MS;
    state.attempting = null;
    if (won) sweepIfDue(payload);
    return won;
  });
  return state.attempting;
}

/** Releases the lock (tests, shutdown): the next instance may lead at once. */
export async function resignJobsRunner(): Promise<void> {
  const client = state.client;
  state.leader = false;
  state.client = null;
  state.nextAttempt = 0;
  await client?.end().catch(() => undefined);
}
