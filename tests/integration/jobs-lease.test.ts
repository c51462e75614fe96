import { existsSync, readdirSync } from 'node:fs';

import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('@/mail/transport', async (original) => (await import('../fixtures/mail-delivery')).hooked(original));

import { shopDb } from '@/booking/db';
import { keepRunningJobsAlive, reapFailedJobs, releaseStaleJobs } from '@/lib/jobs-lease';
import { isJobsRunner, resignJobsRunner } from '@/lib/jobs-leader';
import { EMAIL_QUEUE, queueEmail } from '@/mail/queue';

import { duringDelivery } from '../fixtures/mail-delivery';
import { useTestPayload } from '../fixtures/test-payload';

// integration-setup.ts gives each file its own outbox folder, read when the mail layer loads.
const outbox = process.env.MAIL_OUTBOX_DIR!;

const payload = useTestPayload();
afterAll(async () => {
  await resignJobsRunner();
});

const MINUTE = 60_000;
const emlFiles = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
const run = () => payload.jobs.run({ queue: EMAIL_QUEUE, limit: 20, silent: true });
const logOf = async (id: number | string) => payload.findByID({ collection: 'email-log', id, depth: 0 });
async function jobOf(logId: number | string) {
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: { 'input.logId': { equals: String(logId) } },
  });
  return docs[0];
}
/** Leaves a queued e-mail's job as a runner that stopped `ago` ms ago leaves it: processing. */
async function leftProcessing(logId: number | string, ago: number) {
  const job = await jobOf(logId);
  await shopDb(payload).query('UPDATE payload_jobs SET processing = TRUE, updated_at = ? WHERE id = ?', [
    new Date(Date.now() - ago).toISOString(),
    Number(job!.id),
  ]);
}
const message = (n: number) => ({
  to: [{ address: `customer-${n}@example.com` }],
  subject: `Tickets ${n}`,
  text: 'Your tickets',
  template: 'lease',
  ref: `lease:${n}`,
});
const ticketMail = (n: number) => queueEmail(payload, message(n));

describe('a job its runner left processing (a jobs leader that died mid-job)', () => {
  it('is released by the leader once its lease expired and its e-mail goes out once; a fresh one is left alone', async () => {
    const dead = await ticketMail(1);
    const live = await ticketMail(2);
    await leftProcessing(dead, 20 * MINUTE);
    await leftProcessing(live, 1 * MINUTE);
    const before = emlFiles().length;

    // Payload claims only jobs that are not processing: without a release, nothing ever runs them.
    await run();
    expect((await logOf(dead)).status).toBe('queued');

    // The leader's tick (Payload's shouldAutoRun) starts the sweep, which releases the job once.
    expect(await isJobsRunner(payload)).toBe(true);
    await vi.waitFor(async () => expect(await jobOf(dead)).toMatchObject({ processing: false, totalTried: 1 }));
    expect(await releaseStaleJobs(payload)).toEqual([]);
    await run();

    expect(await logOf(dead)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await jobOf(dead)).toBeUndefined();
    expect(emlFiles().length - before).toBe(1);
    // The job processing for a minute may have a runner at work: not touched.
    expect(await logOf(live)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await jobOf(live)).toMatchObject({ processing: true, totalTried: 0 });
  });

  it('does not send the e-mail again when the runner had sent it before it died', async () => {
    const id = await ticketMail(3);
    await run();
    expect((await logOf(id)).status).toBe('sent');
    const sent = emlFiles().length;
    // Requeue the same delivery as a job left processing after its send: the e-mail log says sent.
    await payload.jobs.queue({
      task: 'sendEmail',
      queue: EMAIL_QUEUE,
      input: { message: message(3), logId: String(id) },
    });
    await leftProcessing(id, 20 * MINUTE);
    expect(await releaseStaleJobs(payload)).toHaveLength(1);
    await run();
    expect(emlFiles()).toHaveLength(sent);
    expect(await logOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await jobOf(id)).toBeUndefined();
  });

  it('is never released while this process is still running it: its heartbeat renews the lease', async () => {
    const id = await ticketMail(4);
    const jobId = Number((await jobOf(id))!.id);
    const released: unknown[] = [];
    let renewed = 0;
    duringDelivery.next = async () => {
      // Mid-delivery, the job looks as old as a dead runner's.
      await shopDb(payload).query('UPDATE payload_jobs SET updated_at = ? WHERE id = ?', [
        new Date(Date.now() - 20 * MINUTE).toISOString(),
        jobId,
      ]);
      released.push(...(await releaseStaleJobs(payload)));
      renewed = await keepRunningJobsAlive(payload);
      released.push(...(await releaseStaleJobs(payload)));
    };
    const sent = emlFiles().length;
    await run();
    expect(released).toEqual([]);
    expect(renewed).toBe(1);
    expect(emlFiles().length - sent).toBe(1);
    expect(await logOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  // Issue 42: the lease starts with the claim. A job that waited longer than the lease (a retry's
  // backoff, a scheduled job, a queue with no leader for a while) must not look like a dead
  // runner's in the minute before its first heartbeat, or a new leader would release it mid-run.
  // Payload's claim writes `updatedAt` (payload/dist/queues/utilities/updateJob.js); this keeps it so.
  it('a job that waited longer than the lease is claimed with a fresh lease', async () => {
    const id = await ticketMail(5);
    const jobId = Number((await jobOf(id))!.id);
    await shopDb(payload).query('UPDATE payload_jobs SET updated_at = ? WHERE id = ?', [
      new Date(Date.now() - 20 * MINUTE).toISOString(),
      jobId,
    ]);
    let whileRunning: { processing?: boolean | null; updatedAt: string } | undefined;
    duringDelivery.next = async () => {
      whileRunning = await jobOf(id);
    };
    await run();
    expect(whileRunning?.processing).toBe(true);
    // What another leader's sweep (src/lib/jobs-lease.ts) reads: younger than the lease.
    expect(Date.now() - new Date(whileRunning!.updatedAt).getTime()).toBeLessThan(MINUTE);
    expect(await logOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

// Issue 42: Payload deletes finished jobs but keeps failed ones for good, each with its whole
// message (the customer's address, the tickets): they piled up in the queue forever.
describe('a job that failed for good', () => {
  async function failedFor(logId: number | string, ago: number) {
    const job = await jobOf(logId);
    await shopDb(payload).query('UPDATE payload_jobs SET has_error = TRUE, updated_at = ? WHERE id = ?', [
      new Date(Date.now() - ago).toISOString(),
      Number(job!.id),
    ]);
  }

  it('is deleted a month after it failed, with the lease sweep; its e-mail log keeps the failure', async () => {
    const old = await ticketMail(6);
    const recent = await ticketMail(7);
    const waiting = await ticketMail(8);
    await failedFor(old, 31 * 24 * 60 * MINUTE);
    await failedFor(recent, 24 * 60 * MINUTE);
    await shopDb(payload).query('UPDATE payload_jobs SET updated_at = ? WHERE id = ?', [
      new Date(Date.now() - 40 * 24 * 60 * MINUTE).toISOString(),
      Number((await jobOf(waiting))!.id),
    ]);
    expect(await reapFailedJobs(payload)).toBe(1);
    expect(await jobOf(old)).toBeUndefined();
    expect(await logOf(old)).toMatchObject({ template: 'lease' });
    expect(await jobOf(recent)).toMatchObject({ hasError: true });
    // A job still to run is no failure, however old.
    expect(await jobOf(waiting)).toMatchObject({ processing: false });
    expect(await reapFailedJobs(payload)).toBe(0);
  });
});
