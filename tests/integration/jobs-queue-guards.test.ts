import { existsSync, readdirSync } from 'node:fs';

import config from '@payload-config';
import { REST_GET } from '@payloadcms/next/routes';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('@/mail/transport', async (original) => (await import('../fixtures/mail-delivery')).hooked(original));

import { GET as healthz } from '@/app/healthz/route';
import { shopDb } from '@/booking/db';
import type { Role } from '@/collections/access';
import { reapStaleTransactions, startTransactionReaper, stopTransactionReaper } from '@/lib/jobs-guard';
import { EMAIL_QUEUE, queueEmail } from '@/mail/queue';

import { STAFF_PASSWORD, staffUser } from '../fixtures/boarding-fixtures';
import { duringDelivery } from '../fixtures/mail-delivery';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

// integration-setup.ts gives each file its own outbox folder, read when the mail layer loads.
const outbox = process.env.MAIL_OUTBOX_DIR!;

const payload = useTestPayload();
const tokens = {} as Record<Role, string>;
const get = REST_GET(config);

beforeAll(async () => {
  for (const role of ['admin', 'office', 'crew'] as const) {
    const user = await staffUser(payload, role);
    tokens[role] = (
      await payload.login({ collection: 'users', data: { email: user.email, password: STAFF_PASSWORD } })
    ).token!;
  }
});
afterAll(() => {
  stopTransactionReaper(payload);
});

const emlFiles = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
const logsOf = async (template: string) =>
  (await payload.find({ collection: 'email-log', where: { template: { equals: template } }, limit: 500, depth: 0 }))
    .docs;
const queue = (template: string, n: number) =>
  queueEmail(payload, {
    to: [{ address: `customer-${n}@example.com` }],
    subject: `Tickets ${n}`,
    text: 'Your tickets',
    template,
    ref: `${template}:${n}`,
  });

/** PostgreSQL connections of this database inside a transaction nobody is running a statement in. */
async function idleInTransaction(): Promise<string[]> {
  if (testDatabaseKind !== 'postgres') return [];
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string }>(
      `SELECT state FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    return rows.map((row) => row.state);
  } finally {
    await client.end();
  }
}

// Issue 25, item 2: any staff account could run the queue, and three runs at once sent tickets
// three times and left the instance's connections in aborted transactions until a restart.
describe('running the jobs queue over HTTP', () => {
  it('is refused to everybody, admin included, on both endpoints, and runs nothing', async () => {
    await queue('http', 1);
    const sent = emlFiles().length;
    for (const role of ['admin', 'office', 'crew', null] as const) {
      for (const [slug, query] of [
        [['payload-jobs', 'run'], '?queue=email&limit=20'],
        [['payload-jobs', 'handle-schedules'], ''],
      ] as const) {
        const response = await get(
          new Request(`http://localhost:3000/api/${slug.join('/')}${query}`, {
            headers: role ? { Authorization: `JWT ${tokens[role]}` } : {},
          }),
          { params: Promise.resolve({ slug: [...slug] }) },
        );
        expect([401, 403], `${role ?? 'anonymous'} on ${slug[1]}`).toContain(response.status);
      }
    }
    expect((await logsOf('http')).map((log) => log.status)).toEqual(['queued']);
    expect(emlFiles()).toHaveLength(sent);
    // The leader's (here: the local API's) run sends it.
    await payload.jobs.run({ queue: EMAIL_QUEUE, limit: 20, silent: true });
    expect((await logsOf('http')).map((log) => log.status)).toEqual(['sent']);
  });
});

describe('runs of one queue at once', () => {
  it('send each e-mail once and leave no connection inside a transaction', async () => {
    for (let n = 1; n <= 10; n++) await queue('race', n);
    const sent = emlFiles().length;
    await Promise.all([1, 2, 3].map(() => payload.jobs.run({ queue: EMAIL_QUEUE, limit: 20, silent: true })));
    const logs = await logsOf('race');
    expect(logs).toHaveLength(10);
    expect(logs.every((log) => log.status === 'sent' && log.attempts === 1)).toBe(true);
    expect(emlFiles().length - sent).toBe(10);
    expect(await idleInTransaction()).toEqual([]);
  });
});

describe('a job whose row another run deleted while it worked', () => {
  it('fails cleanly: its transaction rolls back, its connection returns, the queue goes on', async () => {
    // Eleven in a row: one more than the pool's ten connections, which the leak used to keep.
    for (let n = 1; n <= 11; n++) {
      await queue('vanish', n);
      duringDelivery.next = async () => {
        await payload.db.deleteMany({ collection: 'payload-jobs', where: { taskSlug: { equals: 'sendEmail' } } });
        throw new Error('SMTP connection lost');
      };
      await expect(payload.jobs.run({ queue: EMAIL_QUEUE, limit: 20, silent: true })).resolves.toBeDefined();
      expect(await idleInTransaction()).toEqual([]);
    }
    // The e-mail log says what happened to each (a person can send them again from the booking).
    const vanished = await logsOf('vanish');
    expect(vanished.map((log) => log.status)).toEqual(Array(11).fill('failed'));
    // And the queue still works: the next e-mail goes out.
    await queue('after', 1);
    await payload.jobs.run({ queue: EMAIL_QUEUE, limit: 20, silent: true });
    expect((await logsOf('after')).map((log) => log.status)).toEqual(['sent']);
    expect(await payload.count({ collection: 'payload-jobs' })).toEqual({ totalDocs: 0 });
  });
});

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL ends the pooled connections', () => {
  it('the process logs it and goes on: the next queries open new connections', async () => {
    // Connections in the pool, idle and held, as between requests and during one.
    await Promise.all([payload.find({ collection: 'users', limit: 1 }), shopDb(payload).query('SELECT 1 AS one')]);
    const uncaught: Error[] = [];
    const record = (error: Error) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await admin.end();
      // The dead connections' end events arrive on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect.poll(async () => (await shopDb(payload).query('SELECT 1 AS one')).rows[0]?.one).toBe(1);
      expect((await payload.find({ collection: 'users', limit: 1 })).docs).toBeDefined();
    } finally {
      process.off('uncaughtException', record);
    }
    expect(uncaught.map((error) => error.message)).toEqual([]);
  }, 30_000);
});

// Payload opens transactions only on PostgreSQL (its SQLite adapter runs without them here), so
// only there can one be left open.
describe.runIf(testDatabaseKind === 'postgres')(
  '/healthz with every pooled connection held by a lost transaction',
  () => {
    it('answers 503, then 200 again by itself, even after PostgreSQL dropped those connections', async () => {
      // The server's reaper, with a short age for the test (a server waits STALE_TRANSACTION_MS).
      startTransactionReaper(payload, 6000);
      expect((await healthz()).status).toBe(200);
      // Ten transactions begun and never finished: the pool (10) is exhausted. One whose BEGIN
      // meets a session PostgreSQL is killing below fails ("cannot begin transaction"): lost
      // either way, and caught here, or the test run reports an unhandled rejection (it did in CI).
      for (let i = 0; i < 10; i++) payload.db.beginTransaction().catch(() => undefined);
      // They take their connections asynchronously: /healthz answers 503 once the last one has.
      const exhaustedBy = Date.now() + 10_000;
      while ((await healthz()).status !== 503 && Date.now() < exhaustedBy)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await healthz()).status).toBe(503);
      // PostgreSQL restarts under them (their sessions are killed). As in the Next server, the
      // process outlives the dropped connections' error events.
      const pool = (payload.db as unknown as { pool: { _clients: { on(e: 'error', l: () => void): void }[] } }).pool;
      for (const client of pool._clients) client.on('error', () => undefined);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()`,
      );
      await admin.end();
      // Within seconds the reaper rolls them back and hands the connections back to the pool.
      const deadline = Date.now() + 20_000;
      let status = 503;
      while (status !== 200 && Date.now() < deadline) status = (await healthz()).status;
      expect(status).toBe(200);
      // The one still waiting for a connection began when the first was freed: its turn comes too.
      const settled = Date.now() + 20_000;
      while ((await idleInTransaction()).length > 0 && Date.now() < settled) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(await idleInTransaction()).toEqual([]);
      // Those that only got their connection late turn stale a few seconds later; the reaper (or this
      // call, racing it on a loaded machine) rolls them back, and then nothing is left open.
      await expect.poll(() => reapStaleTransactions(payload, 6000), { timeout: 20_000, interval: 1_000 }).toBe(0);
      // And the shop's own queries run again.
      expect((await shopDb(payload).query('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    }, 90_000);
  },
);
