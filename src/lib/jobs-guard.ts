import type { Payload } from 'payload';

import { noteJobUpdate } from './jobs-lease';
import { logger } from './logger';

/**
 * Guards around Payload's jobs queue and its database transactions (docs/decisions/124-jobs-queue-guards.md).
 *
 * Payload 3.90 claims jobs by reading the runnable rows and then updating them one by one: two runs
 * of one queue at once (three `/api/payload-jobs/run` calls, a runner beside the leader) claimed
 * the same jobs and sent one e-mail three times (issue 25). Its `updateJobs` also opens a
 * transaction and neither commits nor rolls it back when the update throws (payloadcms/payload
 * #17912): a job whose row another run had already deleted failed the log insert's foreign key,
 * and each such failure kept a pooled connection 'idle in transaction (aborted)' for good, ten of
 * them the whole pool, until the process was restarted.
 *
 * So, on the adapter itself (every way of running jobs goes through it):
 * - claims are taken one at a time: in this process by a queue, across instances by a
 *   transaction-level advisory lock on PostgreSQL. A second claim starts after the first has
 *   committed and sees its jobs as processing;
 * - a failed job update rolls its transaction back, which releases the connection;
 * - an update that finds its job gone (finished and deleted by another run) returns nothing,
 *   instead of a null row that Payload then reads (`Cannot read properties of null (reading 'log')`)
 *   or a foreign-key error that fails the whole batch;
 * - every job update tells the lease (src/lib/jobs-lease.ts) which jobs this process runs, so that
 *   their heartbeat renews them and a run that ended, even by a failed final update, stops it;
 * - a server process rolls back any Payload transaction still open after a few minutes (no request
 *   or job of this app keeps one that long), so a leak from a path not known today exhausts the
 *   pool for minutes, not until a restart (startTransactionReaper).
 */

type TransactionID = number | string;
type UpdateJobsArgs = {
  id?: number | string;
  data?: Record<string, unknown>;
  req?: { transactionID?: TransactionID | Promise<TransactionID> | null };
  [key: string]: unknown;
};
type Adapter = {
  name: string;
  sessions?: Record<string, { db?: { execute(query: string): Promise<unknown> } }>;
  updateJobs(args: UpdateJobsArgs): Promise<unknown[] | null>;
  beginTransaction(options?: unknown): Promise<TransactionID | null>;
  commitTransaction(id: TransactionID | Promise<TransactionID>): Promise<void>;
  rollbackTransaction(id: TransactionID | Promise<TransactionID>): Promise<void>;
};

/** Shared by every instance on one database: two claims never read the same runnable jobs. */
const CLAIM_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('golondrinas:jobs-claim'))";

/** When each open Payload transaction began, per adapter (for the reaper). */
const openedAt = new WeakMap<Adapter, Map<TransactionID, number>>();

function isClaim(args: UpdateJobsArgs): boolean {
  // Payload's runJobs claims with `where` (runnable jobs of a queue) and `processing: true`; every
  // other job update names its job by id.
  return args.id === undefined && args.data?.processing === true;
}

/** Wraps the database adapter's job updates and transactions; called once, from the config's onInit. */
export function guardJobsQueue(payload: Payload): void {
  const adapter = payload.db as unknown as Adapter;
  if (openedAt.has(adapter)) return;
  const opened = new Map<TransactionID, number>();
  openedAt.set(adapter, opened);

  const begin = adapter.beginTransaction.bind(adapter);
  const commit = adapter.commitTransaction.bind(adapter);
  const rollback = adapter.rollbackTransaction.bind(adapter);
  adapter.beginTransaction = async (options) => {
    const id = await begin(options);
    if (id !== null && id !== undefined) opened.set(id, Date.now());
    return id;
  };
  adapter.commitTransaction = async (incoming) => {
    const id = await incoming;
    opened.delete(id);
    return commit(id);
  };
  adapter.rollbackTransaction = async (incoming) => {
    const id = await incoming;
    opened.delete(id);
    return rollback(id);
  };

  const updateJobs = adapter.updateJobs.bind(adapter);
  let claims: Promise<unknown> = Promise.resolve();
  const update = async (args: UpdateJobsArgs, transactionID: TransactionID | null | undefined) => {
    if (isClaim(args) && transactionID !== null && transactionID !== undefined && adapter.name === 'postgres') {
      await adapter.sessions?.[String(transactionID)]?.db?.execute(CLAIM_LOCK_SQL);
    }
    const rows = await updateJobs(args);
    return Array.isArray(rows) ? rows.filter((row) => row !== null && row !== undefined) : rows;
  };
  adapter.updateJobs = async (args) => {
    const transactionID = await args.req?.transactionID;
    try {
      let rows: unknown[] | null;
      if (isClaim(args)) {
        const claim = claims.then(() => update(args, transactionID));
        claims = claim.catch(() => undefined);
        rows = await claim;
      } else {
        rows = await update(args, transactionID);
      }
      // The lease of the jobs this process runs (src/lib/jobs-lease.ts).
      noteJobUpdate(payload, args, rows);
      return rows;
    } catch (error) {
      // A run that ended, even by a failed final update, no longer keeps its job alive: the
      // leader releases it once its lease expires instead of it staying processing for good.
      if (args.data?.processing === false) noteJobUpdate(payload, args, null);
      if (transactionID !== null && transactionID !== undefined) {
        await adapter.rollbackTransaction(transactionID).catch(() => undefined);
      }
      // The job was finished and deleted by another run while this one worked on it (its log
      // entry then fails the foreign key): there is nothing left to record.
      if (args.id !== undefined && !(await jobExists(args.id))) return [];
      throw error;
    }
  };
  const jobExists = async (id: number | string) =>
    Boolean(await payload.db.findOne({ collection: 'payload-jobs', where: { id: { equals: id } }, req: {} }));
}

/** No Payload transaction of a server lasts this long but a leaked one. */
export const STALE_TRANSACTION_MS = 3 * 60_000;

const reapers = new WeakMap<Adapter, ReturnType<typeof setInterval>>();

/** Rolls back this process's Payload transactions open longer than `maxAgeMs`; returns how many. */
export async function reapStaleTransactions(payload: Payload, maxAgeMs = STALE_TRANSACTION_MS): Promise<number> {
  const adapter = payload.db as unknown as Adapter;
  const opened = openedAt.get(adapter);
  if (!opened) return 0;
  const now = Date.now();
  let reaped = 0;
  for (const [id, started] of [...opened]) {
    if (!adapter.sessions?.[String(id)]) {
      opened.delete(id);
      continue;
    }
    if (now - started < maxAgeMs) continue;
    logger.error(
      { ageMs: now - started },
      'rolling back a database transaction left open; its connection returns to the pool',
    );
    await adapter.rollbackTransaction(id).catch(() => undefined);
    reaped += 1;
  }
  return reaped;
}

/**
 * Starts the reaper in a server process (src/lib/payload.ts, src/instrumentation.ts). Not in CLI
 * runs: a long migration is a legitimate long transaction.
 */
export function startTransactionReaper(payload: Payload, maxAgeMs = STALE_TRANSACTION_MS): void {
  const adapter = payload.db as unknown as Adapter;
  if (reapers.has(adapter) || adapter.name !== 'postgres') return;
  const timer = setInterval(
    () => void reapStaleTransactions(payload, maxAgeMs).catch(() => undefined),
    Math.min(15_000, Math.max(250, maxAgeMs / 4)),
  );
  timer.unref();
  reapers.set(adapter, timer);
}

/** Stops the reaper (tests, shutdown). */
export function stopTransactionReaper(payload: Payload): void {
  const adapter = payload.db as unknown as Adapter;
  clearInterval(reapers.get(adapter));
  reapers.delete(adapter);
}

type ErrorEmitter = { on(event: 'error', listener: (error: Error) => void): unknown };
type PooledAdapter = {
  pool?: ErrorEmitter & { on(event: 'connect', listener: (client: ErrorEmitter) => void): unknown };
};
const guardedPools = new WeakSet<object>();

/**
 * A PostgreSQL restart (or an administrator's pg_terminate_backend) ends the pool's connections.
 * pg then emits `error` on each connection and, for an idle one, on the pool; with no listener
 * Node ends the process, taking every request in flight with it. Payload's adapter listens on
 * neither: here both are logged, the dead connection leaves the pool and the next query opens a
 * new one (issue 26's CI run caught an uncaught "Connection terminated unexpectedly").
 */
export function surviveLostConnections(payload: Payload): void {
  const pool = (payload.db as unknown as PooledAdapter).pool;
  if (!pool || guardedPools.has(pool)) return;
  guardedPools.add(pool);
  const lost = (error: Error) =>
    logger.warn({ event: 'db.connection_lost', error: error.message }, 'a database connection was lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
}
