import type { Payload } from 'payload';

import { env } from './env';
import { logger } from './logger';

/**
 * Wakes the jobs runner as soon as a job is committed (issue 43, docs/decisions/171-wake-jobs-on-commit.md).
 *
 * The runner polls each queue on its autoRun tick (the e-mail queue every 5 s, others every 10 s
 * or a minute): an e-mail queued after an office's click or a payment waited for the next tick,
 * and for a whole minute when it was queued by a once-a-minute sweep. Now a queued job of a queue
 * the runner polls wakes that queue's tick at once, the tick staying as the safety net:
 * - SQLite (one process, always the runner): the local tick is woken directly;
 * - PostgreSQL (several instances, one leader: src/lib/jobs-leader.ts): the instance that queued
 *   the job sends `NOTIFY golondrinas_jobs_wake, '<queue>'` once it is committed; the leader
 *   LISTENs on its lock's own connection and wakes its local tick. A NOTIFY nobody hears (no
 *   leader at that moment) costs nothing: the next tick runs the job.
 *
 * Waking runs the queue's own tick (its Croner job, `trigger()`): the same leader check, lease
 * sweep, limit and silence as a tick, and Croner's `protect` keeps one run of a queue at a time
 * in the process, the tick skipping while a woken run is still busy. Wake-ups coalesce: one
 * pending flag per queue, a woken run at most every WAKE_GAP_MS, and while a run is busy a new
 * wake-up waits for it; a run that took its whole limit is followed by another (at most
 * WAKE_FOLLOW_UPS), so a burst of a hundred e-mails is a handful of runs, not a hundred.
 */
export const WAKE_CHANNEL = 'golondrinas_jobs_wake';
/** The least time between two woken runs of one queue in one process. */
export const WAKE_GAP_MS = 500;
/** A busy tick is looked at again this often until it has finished. */
const BUSY_RETRY_MS = 100;
/** Woken runs in a row that may follow a run which took its whole limit, without a new wake-up. */
export const WAKE_FOLLOW_UPS = 10;

type Tick = { isBusy(): boolean; trigger(): Promise<void> };
type AutoRun = { queue?: string; limit?: number; allQueues?: boolean };
type QueueArgs = { queue?: string; waitUntil?: Date; req?: { transactionID?: unknown } };
type RunArgs = { queue?: string; allQueues?: boolean; [key: string]: unknown };
type RunResult = { jobStatus?: Record<string, unknown> } | undefined;

type QueueState = {
  pending: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  lastRun: number;
  followUps: number;
};
type Waker = {
  queues: Map<string, QueueState>;
  /** Jobs the last run of each queue claimed (Payload's `jobStatus`), to know if more wait. */
  claimed: Map<string, number>;
  /** Queues to wake once each open transaction commits. */
  afterCommit: Map<unknown, Set<string>>;
  /** NOTIFY per queue: one in flight, and one more after it if a job was queued meanwhile. */
  notifying: Map<string, 'sending' | 'again'>;
};

const wakers = new WeakMap<object, Waker>();

function wakerOf(payload: Payload): Waker | undefined {
  return wakers.get(payload.db);
}

function autoRunOf(payload: Payload): AutoRun[] {
  const autoRun = payload.config.jobs?.autoRun;
  return Array.isArray(autoRun) ? (autoRun as AutoRun[]) : [];
}

/**
 * The tick that polls `queue` in this process, if the crons run here. Payload makes one Croner job
 * per autoRun entry, in the config's order (payload/dist/index.js `_initializeCrons`).
 */
function tickOf(payload: Payload, queue: string): Tick | null {
  const entries = autoRunOf(payload);
  const crons = (payload as unknown as { crons?: Tick[] }).crons ?? [];
  if (crons.length !== entries.length) return null;
  const index = entries.findIndex((entry) => !entry.allQueues && (entry.queue ?? 'default') === queue);
  return index >= 0 ? (crons[index] ?? null) : null;
}

function limitOf(payload: Payload, queue: string): number {
  return autoRunOf(payload).find((entry) => (entry.queue ?? 'default') === queue)?.limit ?? 10;
}

/** A queue some autoRun entry polls: only those have a runner to wake. */
function polled(payload: Payload, queue: string): boolean {
  return autoRunOf(payload).some((entry) => !entry.allQueues && (entry.queue ?? 'default') === queue);
}

function stateOf(waker: Waker, queue: string): QueueState {
  let state = waker.queues.get(queue);
  if (!state) {
    state = { pending: false, timer: null, lastRun: 0, followUps: 0 };
    waker.queues.set(queue, state);
  }
  return state;
}

/**
 * Wakes this process's tick of `queue` (SQLite; the leader on a NOTIFY). Does nothing where no
 * tick of that queue runs (a CLI run, tests without crons, JOBS_AUTORUN=0).
 */
export function wakeLocalRunner(payload: Payload, queue: string): void {
  const waker = wakerOf(payload);
  if (!waker || !polled(payload, queue)) return;
  const state = stateOf(waker, queue);
  state.pending = true;
  // A fresh wake-up: a new burst may take its follow-up runs again.
  state.followUps = 0;
  schedule(payload, waker, queue, state, 0);
}

function schedule(payload: Payload, waker: Waker, queue: string, state: QueueState, delayMs: number): void {
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    void runWoken(payload, waker, queue, state);
  }, delayMs);
  state.timer.unref?.();
}

async function runWoken(payload: Payload, waker: Waker, queue: string, state: QueueState): Promise<void> {
  if (!state.pending) return;
  const tick = tickOf(payload, queue);
  if (!tick) {
    state.pending = false;
    return;
  }
  // The tick itself is running this queue: the wake-up waits for it, then runs once more (the
  // job may have been committed after that run had claimed).
  if (tick.isBusy()) return schedule(payload, waker, queue, state, BUSY_RETRY_MS);
  const wait = state.lastRun + WAKE_GAP_MS - Date.now();
  if (wait > 0) return schedule(payload, waker, queue, state, wait);
  state.pending = false;
  state.lastRun = Date.now();
  waker.claimed.set(queue, 0);
  try {
    await tick.trigger();
  } catch (error) {
    logger.warn({ queue, err: error instanceof Error ? error.message : String(error) }, 'jobs: a woken run failed');
  }
  // It took its whole limit: more may wait, and no tick is due for seconds.
  if ((waker.claimed.get(queue) ?? 0) >= limitOf(payload, queue) && state.followUps < WAKE_FOLLOW_UPS) {
    state.followUps += 1;
    state.pending = true;
  }
  if (state.pending) schedule(payload, waker, queue, state, 0);
}

/** Tells the runner that a job of `queue` is committed: the local tick, or the leader by NOTIFY. */
export function announceJob(payload: Payload, queue: string): void {
  const waker = wakerOf(payload);
  if (!waker) return;
  if (payload.db.name !== 'postgres') return wakeLocalRunner(payload, queue);
  // Whatever this instance polls (JOBS_AUTORUN=0 polls nothing): the leader's queues decide.
  // One NOTIFY in flight per queue; jobs queued meanwhile get one more after it, so the last
  // commit is always followed by a NOTIFY (PostgreSQL folds identical ones of one transaction only).
  if (waker.notifying.get(queue)) {
    waker.notifying.set(queue, 'again');
    return;
  }
  waker.notifying.set(queue, 'sending');
  const pool = (payload.db as unknown as { pool?: { query(sql: string, params: unknown[]): Promise<unknown> } }).pool;
  void (async () => {
    try {
      do {
        waker.notifying.set(queue, 'sending');
        await pool?.query('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, queue]);
      } while (waker.notifying.get(queue) === 'again');
    } catch (error) {
      // The tick runs the job a few seconds later: a lost wake-up costs time, never a job.
      logger.warn({ queue, err: error instanceof Error ? error.message : String(error) }, 'jobs: wake-up not sent');
    } finally {
      waker.notifying.delete(queue);
    }
  })();
}

type Adapter = {
  name: string;
  commitTransaction(id: unknown): Promise<void>;
  rollbackTransaction(id: unknown): Promise<void>;
};

/**
 * Wraps `payload.jobs.queue` (and the adapter's commit, and `payload.jobs.run` to count what a
 * run claimed); called once, from the config's onInit. A job queued inside a transaction wakes
 * the runner when that transaction commits, and never if it rolls back; a job queued with a
 * later `waitUntil` (a retry, a scheduled job) wakes nobody: its time has not come.
 */
export function wakeJobsOnCommit(payload: Payload): void {
  if (wakers.has(payload.db) || !env().JOBS_WAKE) return;
  const waker: Waker = { queues: new Map(), claimed: new Map(), afterCommit: new Map(), notifying: new Map() };
  wakers.set(payload.db, waker);

  const adapter = payload.db as unknown as Adapter;
  const commit = adapter.commitTransaction.bind(adapter);
  const rollback = adapter.rollbackTransaction.bind(adapter);
  adapter.commitTransaction = async (incoming) => {
    const id = await incoming;
    const queues = waker.afterCommit.get(id);
    waker.afterCommit.delete(id);
    await commit(id);
    for (const queue of queues ?? []) announceJob(payload, queue);
  };
  adapter.rollbackTransaction = async (incoming) => {
    const id = await incoming;
    waker.afterCommit.delete(id);
    return rollback(id);
  };

  const jobs = payload.jobs as unknown as {
    queue(args: QueueArgs): Promise<unknown>;
    run(args?: RunArgs): Promise<RunResult>;
  };
  const queue = jobs.queue.bind(jobs);
  const run = jobs.run.bind(jobs);
  jobs.queue = async (args) => {
    const job = await queue(args);
    const name = args.queue ?? 'default';
    if (args.waitUntil && args.waitUntil.getTime() > Date.now()) return job;
    const transactionID = await args.req?.transactionID;
    if (transactionID !== null && transactionID !== undefined) {
      let queues = waker.afterCommit.get(transactionID);
      if (!queues) waker.afterCommit.set(transactionID, (queues = new Set()));
      queues.add(name);
    } else {
      announceJob(payload, name);
    }
    return job;
  };
  jobs.run = async (args) => {
    const result = await run(args);
    if (args?.queue && !args.allQueues) waker.claimed.set(args.queue, Object.keys(result?.jobStatus ?? {}).length);
    return result;
  };
}
