import { existsSync, readdirSync } from 'node:fs';

import config from '@payload-config';
import { getPayload, type Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The ticks of the jobs queue, as a server has them (integration-setup.ts turns them off by default).
vi.hoisted(() => {
  process.env.JOBS_AUTORUN = '1';
});

import { isJobsRunner, resignJobsRunner } from '@/lib/jobs-leader';
import { EMAIL_QUEUE, queueEmail } from '@/mail/queue';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

// integration-setup.ts gives each file its own outbox folder, read when the mail layer loads.
const outbox = process.env.MAIL_OUTBOX_DIR!;
const emlFiles = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);

const testPayload = useTestPayload();
let payload: Payload;
type Tick = { pause(): boolean; resume(): boolean };
let emailRuns = 0;

beforeAll(async () => {
  // The ticks start as in a server (src/lib/payload.ts), then are paused: from here on only a
  // wake-up can run a job, so a test below cannot pass on a tick's luck.
  payload = await getPayload({ config, cron: true });
  expect(payload.db).toBe(testPayload.db);
  const ticks = (payload as unknown as { crons: Tick[] }).crons;
  expect(ticks.length).toBeGreaterThan(0);
  for (const tick of ticks) tick.pause();
  // On PostgreSQL this process takes the lead, and with it the LISTEN of the wake-ups.
  expect(await isJobsRunner(payload)).toBe(true);
  const jobs = payload.jobs as unknown as { run(args?: { queue?: string }): Promise<unknown> };
  const run = jobs.run.bind(jobs);
  jobs.run = async (args) => {
    if (args?.queue === EMAIL_QUEUE) emailRuns += 1;
    return run(args);
  };
});
afterAll(async () => {
  await resignJobsRunner();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

const message = (n: number) => ({
  to: [{ address: `customer-${n}@example.com` }],
  subject: `Tickets ${n}`,
  text: 'Your tickets',
  template: 'wake',
  ref: `wake:${n}`,
});

// Issue 43: an e-mail leaves within seconds of the commit that queued it, not at the next tick.
describe('a committed job wakes the runner', () => {
  it('an e-mail queued after a commit is sent at once, with every tick paused', async () => {
    const before = emlFiles().length;
    const runs = emailRuns;
    await queueEmail(payload, message(0));
    const ms = await until(() => emlFiles().length > before, 10_000);
    console.log(`queued → .eml in ${ms} ms (${process.env.TEST_DB ?? 'sqlite'})`);
    expect(ms).toBeLessThan(5_000);
    expect(emailRuns - runs).toBeGreaterThanOrEqual(1);
    // The log row is marked sent right after the file is written.
    const logOf = async () =>
      (await payload.find({ collection: 'email-log', where: { ref: { equals: 'wake:0' } }, depth: 0 })).docs;
    await until(async () => (await logOf())[0]?.status === 'sent', 5_000);
    expect((await logOf()).map((log) => [log.status, log.attempts])).toEqual([['sent', 1]]);
  }, 20_000);

  it('a burst of 100 e-mails is a handful of runs, each e-mail sent once', async () => {
    const before = emlFiles().length;
    const runs = emailRuns;
    for (let n = 1; n <= 100; n++) await queueEmail(payload, message(n));
    await until(() => emlFiles().length >= before + 100, 60_000);
    // The last run may still be writing its log rows.
    await until(
      async () =>
        (await payload.count({ collection: 'payload-jobs', where: { queue: { equals: EMAIL_QUEUE } } })).totalDocs ===
        0,
      10_000,
    );
    const woken = emailRuns - runs;
    console.log(`100 e-mails in ${woken} woken runs`);
    // Twenty a run at most (the e-mail tick's limit): at least five; one per 0.5 s at most.
    expect(woken).toBeGreaterThanOrEqual(5);
    expect(woken).toBeLessThanOrEqual(25);
    expect(emlFiles().length - before).toBe(100);
    const logs = await payload.find({
      collection: 'email-log',
      where: { template: { equals: 'wake' } },
      limit: 200,
      depth: 0,
    });
    expect(logs.docs.filter((log) => log.status === 'sent' && log.attempts === 1)).toHaveLength(101);
  }, 90_000);

  // PostgreSQL: SQLite's one connection shows a transaction's rows to every query of the process.
  it.runIf(testDatabaseKind === 'postgres')(
    'a job queued inside a transaction wakes the runner once that commits, and not if it rolls back',
    async () => {
      const db = payload.db;
      const before = emlFiles().length;
      // The raw job (without its e-mail log row): the transaction holds it until its end.
      const queueIn = (transactionID: number | string | null, n: number) =>
        payload.jobs.queue({
          task: 'sendEmail',
          queue: EMAIL_QUEUE,
          input: { message: message(n) },
          req: { transactionID } as never,
        });
      const rolledBack = await db.beginTransaction();
      await queueIn(rolledBack, 200);
      await db.rollbackTransaction(rolledBack!);
      const committed = await db.beginTransaction();
      await queueIn(committed, 201);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(emlFiles().length).toBe(before);
      await db.commitTransaction(committed!);
      await until(() => emlFiles().length > before, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(emlFiles().length).toBe(before + 1);
    },
    30_000,
  );
});
