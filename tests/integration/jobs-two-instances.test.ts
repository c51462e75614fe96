import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { queueEmail } from '@/mail/queue';

import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
const root = path.resolve(import.meta.dirname, '../..');
const outbox = mkdtempSync(path.join(tmpdir(), 'two-runners-outbox-'));
const children: { process: ChildProcess; out: string }[] = [];

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
});
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

function startInstance(): Promise<{ process: ChildProcess; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/fixtures/jobs-instance.ts'], {
      cwd: root,
      env: { ...process.env, JOBS_AUTORUN: '1', LOG_LEVEL: 'info', MAIL_OUTBOX_DIR: outbox },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the script in a child process, and both must die together.
      detached: true,
    });
    const entry = { process: child, out: '' };
    children.push(entry);
    child.stdout!.on('data', (chunk: Buffer) => {
      entry.out += chunk.toString();
      if (entry.out.includes('instance ready')) resolve(entry);
    });
    child.stderr!.on('data', (chunk: Buffer) => (entry.out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`instance exited ${code}: ${entry.out.slice(-800)}`)));
  });
}

async function connections(): Promise<number> {
  const { rows } = await shopDb(payload).query(
    'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()',
  );
  return Number(rows[0]!.n);
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('timed out');
}

const sentLogs = async () =>
  (await payload.find({ collection: 'email-log', limit: 1000, depth: 0, where: { template: { equals: 'load' } } }))
    .docs;

// Issue 13, item 2: two instances with the jobs queue on (the default) on one PostgreSQL.
describe.runIf(testDatabaseKind === 'postgres')('two instances running the jobs queue on one PostgreSQL', () => {
  it('one runner at a time, connections stay flat, every e-mail sent once, the other takes over', async () => {
    const shop = await makeTour(payload, { menuKey: 'kingsParade60' });
    const departureId = await addDeparture(payload, shop, { capacity: 150 });
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    const samples: number[] = [await connections()];

    // About a minute of traffic: e-mails queued and holds taken, in waves, while both instances run.
    let queued = 0;
    for (let wave = 0; wave < 12; wave++) {
      for (let i = 0; i < 5; i++) {
        queued += 1;
        await queueEmail(payload, {
          to: [{ address: `buyer-${queued}@example.com`, name: 'Buyer' }],
          subject: `Message ${queued}`,
          text: 'Tickets',
          template: 'load',
          ref: `load:${queued}`,
        });
      }
      await createHold(payload, { departureId, selection: selection({ adult: 2 }), customer, locale: 'ca' });
      samples.push(await connections());
      await new Promise((resolve) => setTimeout(resolve, 4000));
    }
    await until(async () => (await sentLogs()).every((log) => log.status === 'sent'), 60_000);
    samples.push(await connections());

    console.log(`connections over time: ${samples.join(' ')}`);
    // Exactly one instance ran the queue.
    const leaders = [a, b].filter((child) => child.out.includes('this instance runs the jobs queue'));
    expect(leaders).toHaveLength(1);
    const sentBy = (child: { out: string }) => child.out.split('\n').filter((l) => l.includes('"email sent"')).length;
    expect(sentBy(leaders[0]!)).toBe(queued);
    expect(sentBy(leaders[0] === a ? b : a)).toBe(0);
    // Each e-mail once: one delivery attempt, one .eml file each.
    const logs = await sentLogs();
    expect(logs).toHaveLength(queued);
    expect(logs.every((log) => log.attempts === 1)).toBe(true);
    expect(readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(queued);
    // Bounded: two pools of 10, the leader's lock connection and this test's own pool of 10.
    expect(Math.max(...samples)).toBeLessThanOrEqual(2 * 10 + 1 + 10);
    // Nothing leaked: no connection left inside a transaction nobody finishes.
    const { rows: stuck } = await shopDb(payload).query(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()
         AND state LIKE 'idle in transaction%' AND state_change < now() - interval '5 seconds'`,
    );
    expect(Number(stuck[0]!.n)).toBe(0);

    // The leader dies without a goodbye: the other instance takes over and sends what is left.
    const [leader] = leaders;
    const survivor = leader === a ? b : a;
    kill(leader!.process);
    for (let i = 0; i < 3; i++) {
      queued += 1;
      await queueEmail(payload, {
        to: [{ address: `late-${i}@example.com` }],
        subject: 'Late',
        text: 'x',
        template: 'load',
        ref: `load:${queued}`,
      });
    }
    await until(async () => (await sentLogs()).every((log) => log.status === 'sent'), 60_000);
    expect(survivor.out).toContain('this instance runs the jobs queue');
    expect(readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(queued);
  }, 240_000);
});
