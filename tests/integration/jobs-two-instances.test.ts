import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import type { BoxOfficeResult, BoxOfficeSale } from '@/operations/box-office';
import type { Role } from '@/collections/access';
import { EMAIL_QUEUE, queueEmail } from '@/mail/queue';
import { TICKETS_TEMPLATE } from '@/tickets/delivery';

import { STAFF_PASSWORD, staffUser } from '../fixtures/boarding-fixtures';
import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
const root = path.resolve(import.meta.dirname, '../..');
const outbox = mkdtempSync(path.join(tmpdir(), 'two-runners-outbox-'));
type Instance = { process: ChildProcess; out: string; port: number };
const children: Instance[] = [];

afterAll(async () => {
  for (const child of children) kill(child.process);
  await stop?.();
  rmSync(outbox, { recursive: true, force: true });
});

function kill(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function startInstance(): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/fixtures/jobs-instance.ts'], {
      cwd: root,
      env: { ...process.env, JOBS_AUTORUN: '1', LOG_LEVEL: 'info', MAIL_OUTBOX_DIR: outbox, INSTANCE_HTTP: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the script in a child process, and both must die together.
      detached: true,
    });
    const entry: Instance = { process: child, out: '', port: 0 };
    children.push(entry);
    child.stdout!.on('data', (chunk: Buffer) => {
      entry.out += chunk.toString();
      const ready = /\{"msg":"instance ready","port":(\d+)\}/.exec(entry.out);
      if (ready && !entry.port) {
        entry.port = Number(ready[1]);
        resolve(entry);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (entry.out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`instance exited ${code}: ${entry.out.slice(-800)}`)));
  });
}

/** Connections to this test's database, and those left inside a transaction for over 5 s. */
async function connections(): Promise<{ total: number; stuck: number }> {
  const { rows } = await shopDb(payload).query(
    `SELECT count(*) AS total,
            count(*) FILTER (WHERE state LIKE 'idle in transaction%' AND state_change < now() - interval '5 seconds') AS stuck
     FROM pg_stat_activity WHERE datname = current_database()`,
  );
  return { total: Number(rows[0]!.total), stuck: Number(rows[0]!.stuck) };
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('timed out');
}

const isLeader = (child: Instance) => child.out.includes('this instance runs the jobs queue');
const sentBy = (child: Instance) => child.out.split('\n').filter((l) => l.includes('"email sent"')).length;
const emlFiles = () => readdirSync(outbox).filter((f) => f.endsWith('.eml'));
/** Nothing left for the leader to send: completed jobs are deleted, failed ones wait for a retry. */
const emailQueueDrained = async () =>
  (await payload.count({ collection: 'payload-jobs', where: { queue: { equals: EMAIL_QUEUE } } })).totalDocs === 0;
const allLogs = async () => (await payload.find({ collection: 'email-log', limit: 5000, depth: 0 })).docs;

let a: Instance;
let b: Instance;
let departureId: number;
const tokens = {} as Record<Role, string>;
let sales = 0;
/** Every booking sold in this file: each must get its ticket e-mail exactly once. */
const sold: number[] = [];

/** A cash sale at the box office, made by the given instance (the customer wants the tickets by e-mail). */
async function sell(instance: Instance): Promise<number> {
  sales += 1;
  const sale: Omit<BoxOfficeSale, 'now'> = {
    departureId,
    selection: selection({ adult: 2 }),
    customer: { ...customer, email: `buyer-${sales}@example.com` },
    locale: 'ca',
    method: 'cash',
    requestKey: `two-instances-${sales}`,
    by: 'user:1',
  };
  const response = await fetch(`http://127.0.0.1:${instance.port}/sell`, {
    method: 'POST',
    body: JSON.stringify(sale),
  });
  const result = (await response.json()) as BoxOfficeResult;
  if (!result.ok) throw new Error(`sale refused: ${result.error}`);
  sold.push(result.bookingId);
  return result.bookingId;
}

/** Every way staff (or anybody) could ask an instance to run the queue over HTTP, all at once. */
async function runAttempts(instance: Instance): Promise<number[]> {
  const paths = ['/api/payload-jobs/run?queue=email&limit=20', '/api/payload-jobs/handle-schedules'];
  const who: (string | null)[] = [tokens.crew, tokens.crew, tokens.crew, tokens.office, tokens.admin, null];
  const attempts = paths.flatMap((p) =>
    who.map((token) =>
      fetch(`http://127.0.0.1:${instance.port}${p}`, { headers: token ? { Authorization: `JWT ${token}` } : {} }).then(
        (response) => response.status,
      ),
    ),
  );
  return Promise.all(attempts);
}

/** Each booking sold so far got its ticket e-mail exactly once: one log row, one attempt, sent. */
async function expectTicketsOnce() {
  const bookingIds = sold;
  await until(async () => {
    const logs = (await allLogs()).filter((log) => log.template === TICKETS_TEMPLATE);
    return logs.length >= bookingIds.length && logs.every((log) => log.status === 'sent');
  }, 90_000);
  const logs = (await allLogs()).filter((log) => log.template === TICKETS_TEMPLATE);
  expect(logs.map((log) => log.ref).sort()).toEqual(bookingIds.map((id) => `bookings:${id}`).sort());
  expect(logs.map((log) => log.attempts)).toEqual(logs.map(() => 1));
}

/** The instance logged exactly this many deliveries (its log lines may reach us a moment late). */
async function expectSentBy(instance: Instance, count: number) {
  await until(async () => sentBy(instance) >= count, 5000).catch(() => undefined);
  expect(sentBy(instance)).toBe(count);
}

async function health(instance: Instance): Promise<number> {
  return (await fetch(`http://127.0.0.1:${instance.port}/healthz`)).status;
}

// Issue 13, item 2 and issue 25, item 2: two instances with the jobs queue on (the default) on
// one PostgreSQL; only the leader runs jobs, and nobody can make the other run them over HTTP.
describe.runIf(testDatabaseKind === 'postgres')('two instances running the jobs queue on one PostgreSQL', () => {
  beforeAll(async () => {
    ({ payload, stop } = await startTestPayload());
    for (const role of ['admin', 'office', 'crew'] as const) {
      const user = await staffUser(payload, role);
      tokens[role] = (
        await payload.login({ collection: 'users', data: { email: user.email, password: STAFF_PASSWORD } })
      ).token!;
    }
    const shop = await makeTour(payload, { menuKey: 'kingsParade60' });
    departureId = await addDeparture(payload, shop, { capacity: 500 });
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    // The first autoRun tick (every 5 s) decides the leader.
    await until(async () => isLeader(a) || isLeader(b), 30_000);
  }, 120_000);

  it('three run attempts on the non-leader right after 10 sales: refused, each e-mail once, no connection left in a transaction', async () => {
    const [leader, other] = isLeader(a) ? [a, b] : [b, a];
    await Promise.all(Array.from({ length: 10 }, (_, i) => sell(i % 2 ? a : b)));
    // Crew, office, admin and anonymous, three crew calls at once on each endpoint: all refused.
    const statuses = await runAttempts(other);
    await expectTicketsOnce();
    // Once each: ten .eml files, all delivered by the leader, counted once nothing is left to send.
    await until(emailQueueDrained, 30_000);
    expect(emlFiles()).toHaveLength(10);
    await expectSentBy(leader, 10);
    expect(sentBy(other)).toBe(0);
    expect((await connections()).stuck).toBe(0);
    expect(statuses.every((status) => status === 401 || status === 403)).toBe(true);
    expect(await health(other)).toBe(200);
    expect(await health(leader)).toBe(200);
  }, 150_000);

  it('a soak of sales on both instances, with run attempts on the way: each e-mail once, connections flat', async () => {
    const [leader, other] = isLeader(a) ? [a, b] : [b, a];
    const before = { eml: emlFiles().length, leader: sentBy(leader), sales };
    const samples: { total: number; stuck: number }[] = [await connections()];
    let queued = 0;
    // Six waves (about 25 s, each waiting for a 5-second queue run): in each a sale on each
    // instance, e-mails queued, a hold taken and every kind of run attempt on the non-leader. Ten
    // waves showed nothing six do not, and their wait was the PostgreSQL run's idle tail in CI.
    for (let wave = 0; wave < 6; wave++) {
      const [, , statuses] = await Promise.all([
        sell(a),
        sell(b),
        runAttempts(other),
        (async () => {
          for (let i = 0; i < 2; i++) {
            queued += 1;
            await queueEmail(payload, {
              to: [{ address: `load-${queued}@example.com`, name: 'Buyer' }],
              subject: `Message ${queued}`,
              text: 'Tickets',
              template: 'load',
              ref: `load:${queued}`,
            });
          }
          await createHold(payload, { departureId, selection: selection({ adult: 2 }), customer, locale: 'ca' });
        })(),
      ]);
      expect(statuses.every((status) => status === 401 || status === 403)).toBe(true);
      samples.push(await connections());
      // The next wave once the leader has sent this one's e-mails: each wave meets a queue run.
      await until(emailQueueDrained, 30_000);
    }
    await until(async () => (await allLogs()).every((log) => log.status === 'sent'), 90_000);
    samples.push(await connections());
    console.log(`connections over time: ${samples.map((s) => s.total).join(' ')}`);

    await expectTicketsOnce();
    const load = (await allLogs()).filter((log) => log.template === 'load');
    expect(load).toHaveLength(queued);
    expect(load.every((log) => log.attempts === 1)).toBe(true);
    // One .eml per message, all sent by the leader.
    const sent = sales - before.sales + queued;
    expect(emlFiles().length - before.eml).toBe(sent);
    await expectSentBy(leader, before.leader + sent);
    expect(sentBy(other)).toBe(0);
    // Flat and bounded: two pools of 10, the leader's lock connection and this test's own pool of
    // 10; and never a connection left inside a transaction nobody finishes.
    expect(Math.max(...samples.map((s) => s.total))).toBeLessThanOrEqual(2 * 10 + 1 + 10);
    const warm = Math.max(...samples.slice(0, 4).map((s) => s.total));
    expect(samples.at(-1)!.total).toBeLessThanOrEqual(warm + 3);
    expect(samples.every((s) => s.stuck === 0)).toBe(true);
    expect(await health(other)).toBe(200);
  }, 240_000);

  // Issue 43: the instance that commits a job is often not the leader. Here it is this test's own
  // process, which runs no jobs at all; the leader's ticks are paused, so only the wake-up (NOTIFY
  // after the commit, heard on the leader's lock connection) can send the e-mail.
  it('a job committed elsewhere wakes the leader at once: sent within seconds, its ticks paused', async () => {
    const [leader, other] = isLeader(a) ? [a, b] : [b, a];
    await until(emailQueueDrained, 30_000);
    for (const instance of [leader, other]) {
      const paused = await fetch(`http://127.0.0.1:${instance.port}/ticks/pause`, { method: 'POST' });
      expect(((await paused.json()) as { ticks: number }).ticks).toBeGreaterThan(0);
    }
    try {
      const before = emlFiles().length;
      const sentBefore = sentBy(leader);
      const started = Date.now();
      await queueEmail(payload, {
        to: [{ address: 'woken@example.com' }],
        subject: 'Woken',
        text: 'x',
        template: 'woken',
        ref: 'woken:1',
      });
      await until(async () => emlFiles().length > before, 10_000);
      console.log(`queued elsewhere → .eml in ${Date.now() - started} ms`);
      expect(Date.now() - started).toBeLessThan(10_000);
      await expectSentBy(leader, sentBefore + 1);
      expect(sentBy(other)).toBe(0);
    } finally {
      for (const instance of [leader, other])
        await fetch(`http://127.0.0.1:${instance.port}/ticks/resume`, { method: 'POST' });
    }
  }, 60_000);

  it('the leader dies without a goodbye: the other takes over and sends what is left', async () => {
    const [leader, survivor] = isLeader(a) ? [a, b] : [b, a];
    const before = emlFiles().length;
    kill(leader.process);
    for (let i = 0; i < 3; i++) {
      await queueEmail(payload, {
        to: [{ address: `late-${i}@example.com` }],
        subject: 'Late',
        text: 'x',
        template: 'late',
        ref: `late:${i}`,
      });
    }
    await until(async () => (await allLogs()).every((log) => log.status === 'sent'), 60_000);
    expect(isLeader(survivor)).toBe(true);
    expect(emlFiles().length - before).toBe(3);
  }, 120_000);
});
