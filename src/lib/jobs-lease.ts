import { randomBytes } from 'node:crypto';

import type { Payload, Where } from 'payload';

import { logger } from './logger';

/**
 * A lease on every job being run (docs/decisions/124-jobs-queue-guards.md, "Jobs left processing").
 *
 * Payload 3.90 marks a claimed job `processing` and claims only jobs that are not: a job whose
 * runner died mid-run (a leader killed, its connection lost) or whose final update failed stayed
 * processing for good, never retried. A scheduled one (hold expiry, the ticket e-mail sweep) also
 * stopped its schedule, which queues nothing while a job of it is still active.
 *
 * So a process refreshes the `updatedAt` of the jobs it is running every minute (the heartbeat),
 * and the jobs leader releases every job whose `updatedAt` is older than the lease: nobody has been
 * running it for ten minutes. The release counts as a failed attempt, as Payload counts a throw:
 * a job with attempts left runs again, one without is marked failed with the reason.
 */

/** A job nobody has touched for this long has no runner any more. Ten missed heartbeats. */
export const JOB_LEASE_MS = 10 * 60_000;
export const JOB_HEARTBEAT_MS = 60_000;
/**
 * No job of this app runs this long (the longest, an SMTP delivery, is bounded by nodemailer's
 * timeouts); one that does is hung, and its heartbeat stops so that it is released and retried.
 */
export const JOB_MAX_RUN_MS = 60 * 60_000;
/** How often the leader looks for expired leases. */
export const JOB_SWEEP_MS = 60_000;
/**
 * How long a job that failed for good (no attempts left, or released with none left) stays in the
 * queue. Payload deletes finished jobs (`deleteJobOnComplete`) but keeps failed ones for good, and
 * a failed e-mail's job holds the whole message: the customer's address and tickets. The e-mail
 * log keeps the failure and its reason; the job row goes after a month, read or not.
 */
export const FAILED_JOB_KEEP_MS = 30 * 24 * 60 * 60_000;

type JobID = number | string;
type JobUpdate = { id?: JobID; data?: Record<string, unknown> };
type Running = { jobs: Map<string, number>; timer: ReturnType<typeof setInterval> | null };

/** The jobs this process is running, per database adapter, with when each was claimed. */
const runningByAdapter = new WeakMap<object, Running>();

function runningOf(payload: Payload): Running {
  let running = runningByAdapter.get(payload.db);
  if (!running) {
    running = { jobs: new Map(), timer: null };
    runningByAdapter.set(payload.db, running);
  }
  return running;
}

/**
 * Called by the jobs guard for every job update of this process: a claim (`processing: true`)
 * starts the heartbeat of the jobs it returned, and any update that ends a run (`processing:
 * false`, whether it succeeded or threw) stops it, so a job whose final update failed is released.
 */
export function noteJobUpdate(payload: Payload, args: JobUpdate, rows: unknown[] | null | undefined): void {
  const processing = args.data?.processing;
  if (processing !== true && processing !== false) return;
  const running = runningOf(payload);
  const ids = [
    ...(args.id !== undefined ? [String(args.id)] : []),
    ...(rows ?? []).map((row) => String((row as { id?: JobID } | null)?.id ?? '')).filter(Boolean),
  ];
  for (const id of ids) {
    if (processing) running.jobs.set(id, running.jobs.get(id) ?? Date.now());
    else running.jobs.delete(id);
  }
  if (running.jobs.size > 0 && !running.timer) {
    running.timer = setInterval(() => void keepRunningJobsAlive(payload).catch(() => undefined), JOB_HEARTBEAT_MS);
    running.timer.unref();
  } else if (running.jobs.size === 0 && running.timer) {
    clearInterval(running.timer);
    running.timer = null;
  }
}

/** Refreshes the lease of the jobs this process is running; returns how many it refreshed. */
export async function keepRunningJobsAlive(payload: Payload, now = Date.now()): Promise<number> {
  const running = runningOf(payload);
  for (const [id, claimed] of [...running.jobs]) {
    if (now - claimed < JOB_MAX_RUN_MS) continue;
    running.jobs.delete(id);
    logger.error(
      { jobId: id, runningForMs: now - claimed },
      'jobs: a job has run for over an hour; its lease is no longer renewed, so it will be released and retried',
    );
  }
  const ids = [...running.jobs.keys()];
  if (ids.length === 0) return 0;
  const rows = await payload.db.updateJobs({
    data: { updatedAt: new Date(now).toISOString() },
    limit: ids.length,
    req: {},
    returning: true,
    where: { and: [{ id: { in: ids } }, { processing: { equals: true } }] },
  });
  return rows?.length ?? 0;
}

type JobRow = {
  id: JobID;
  taskSlug?: string | null;
  queue?: string | null;
  input?: unknown;
  updatedAt: string;
  totalTried?: number | null;
  log?: { taskSlug?: string | null; taskID?: string | null; state?: string | null }[] | null;
};

/** Attempts a task allows after its first, as Payload reads its `retries`. */
function retriesOf(payload: Payload, taskSlug: string | null | undefined): number | null {
  const task = payload.config.jobs.tasks?.find((t) => t.slug === taskSlug);
  if (!task) return null;
  const retries = task.retries;
  if (typeof retries === 'number') return retries;
  return typeof retries?.attempts === 'number' ? retries.attempts : 0;
}

/**
 * Releases the jobs whose lease expired: processing, untouched for `leaseMs`, and not run by this
 * process. Each release is one failed attempt in the job's log (Payload's own retry count); a job
 * with none left is marked failed. Run by the jobs leader (src/lib/jobs-leader.ts). Returns the
 * released jobs' ids.
 */
export async function releaseStaleJobs(
  payload: Payload,
  { leaseMs = JOB_LEASE_MS, now = Date.now() }: { leaseMs?: number; now?: number } = {},
): Promise<JobID[]> {
  const cutoff = new Date(now - leaseMs).toISOString();
  const stale: Where[] = [{ processing: { equals: true } }, { updatedAt: { less_than: cutoff } }];
  const found = await payload.db.find({
    collection: 'payload-jobs',
    where: { and: stale },
    limit: 50,
    pagination: false,
    req: {},
  });
  const mine = runningOf(payload).jobs;
  const released: JobID[] = [];
  for (const job of found.docs as unknown as JobRow[]) {
    if (mine.has(String(job.id))) continue;
    // A job of this app is one task run as Payload's single-task workflow, whose task id is '1'.
    const entries = (job.log ?? []).filter((entry) => entry.taskSlug === job.taskSlug && entry.taskID === '1');
    const tried = entries.length;
    // A task logged as succeeded is not run again (Payload restores its output): the job completes.
    const succeeded = entries.some((entry) => entry.state === 'succeeded');
    const retries = retriesOf(payload, job.taskSlug);
    const final = retries === null || (!succeeded && tried >= retries);
    const error = {
      name: 'JobLeaseExpired',
      message: `No runner has touched this job for ${Math.round(leaseMs / 60_000)} minutes (its runner stopped mid-run); released by the jobs leader`,
    };
    const adapter = payload.db;
    const transactionID = adapter.name === 'postgres' ? await adapter.beginTransaction() : null;
    const req = transactionID === null || transactionID === undefined ? {} : { transactionID };
    const rows = await adapter.updateJobs({
      data: {
        processing: false,
        totalTried: (job.totalTried ?? 0) + 1,
        hasError: final,
        ...(final ? { error } : {}),
        updatedAt: new Date(now).toISOString(),
        log: {
          $push: {
            id: randomBytes(12).toString('hex'),
            executedAt: job.updatedAt,
            completedAt: new Date(now).toISOString(),
            taskSlug: job.taskSlug,
            taskID: '1',
            input: job.input,
            output: {},
            state: 'failed',
            error,
          },
        },
      },
      limit: 1,
      req,
      returning: true,
      // Still processing and still stale: a runner that came back since has it again.
      where: { and: [{ id: { equals: job.id } }, ...stale] },
    });
    if (req.transactionID !== undefined) await adapter.commitTransaction(req.transactionID);
    if (!rows?.length) continue;
    released.push(job.id);
    // Ids, task and queue only: a job's input holds the customer's message.
    logger.warn(
      {
        jobId: job.id,
        task: job.taskSlug,
        queue: job.queue,
        untouchedForMs: now - new Date(job.updatedAt).getTime(),
        attempt: tried + 1,
        willRetry: !final,
      },
      final
        ? 'jobs: released a job its runner left processing; no attempts left, marked failed'
        : 'jobs: released a job its runner left processing; it runs again',
    );
  }
  return released;
}

/**
 * Deletes the jobs that failed for good more than `keepMs` ago (FAILED_JOB_KEEP_MS); run by the
 * jobs leader with the lease sweep. Returns how many it deleted.
 */
export async function reapFailedJobs(
  payload: Payload,
  { keepMs = FAILED_JOB_KEEP_MS, now = Date.now() }: { keepMs?: number; now?: number } = {},
): Promise<number> {
  const where: Where = {
    and: [
      { hasError: { equals: true } },
      { processing: { equals: false } },
      { updatedAt: { less_than: new Date(now - keepMs).toISOString() } },
    ],
  };
  const { totalDocs } = await payload.db.count({ collection: 'payload-jobs', where, req: {} });
  if (totalDocs === 0) return 0;
  await payload.db.deleteMany({ collection: 'payload-jobs', where, req: {} });
  logger.info({ deleted: totalDocs }, 'jobs: deleted jobs that failed for good over a month ago');
  return totalDocs;
}
