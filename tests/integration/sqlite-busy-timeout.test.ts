import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

/**
 * Another process (the site's other instance, its jobs, a CLI) holding SQLite's write lock for
 * `holdMs`: resolves once it holds it, with a promise of its end.
 */
function anotherProcessWriting(file: string, holdMs: number): Promise<{ released: Promise<void> }> {
  const script = `
    const Database = require('libsql');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    db.exec('INSERT INTO busy_probe (writer) VALUES (\\'other\\')');
    console.log('holding');
    setTimeout(() => { db.exec('COMMIT'); process.exit(0); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ['-e', script, file, String(holdMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const released = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the other writer exited ${code}`)))),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('holding')) resolve({ released });
    });
    released.catch(reject);
  });
}

// libsql gives each transaction the client's connection and opens a fresh one for what follows;
// the busy timeout Payload set at connect did not come with it (src/lib/sqlite-busy-timeout.ts).
describe.runIf(testDatabaseKind === 'sqlite')('SQLite shared with another process', () => {
  it('after a transaction, a plain write and the next transaction wait for the other writer instead of failing', async () => {
    const db = shopDb(payload);
    const file = fileURLToPath(process.env.DATABASE_URL!);
    await db.query('CREATE TABLE IF NOT EXISTS busy_probe (writer TEXT NOT NULL)');
    // A transaction of ours first: it takes the connection Payload set the timeout on.
    await db.transaction((tx) => tx.query("INSERT INTO busy_probe (writer) VALUES ('first')"));

    const plain = await anotherProcessWriting(file, 700);
    const plainStarted = Date.now();
    await db.query("INSERT INTO busy_probe (writer) VALUES ('plain')");
    expect(Date.now() - plainStarted).toBeGreaterThanOrEqual(300);
    await plain.released;

    const inTransaction = await anotherProcessWriting(file, 700);
    await db.transaction((tx) => tx.query("INSERT INTO busy_probe (writer) VALUES ('second')"));
    await inTransaction.released;

    // Payload's own writes go through the same client.
    const other = await anotherProcessWriting(file, 700);
    await payload.create({
      collection: 'redirects',
      data: { from: '/ca/busy-probe', to: '/ca' },
      overrideAccess: true,
    });
    await other.released;

    const { rows } = await db.query('SELECT writer FROM busy_probe ORDER BY rowid');
    expect(rows.map((row) => row.writer)).toEqual(['first', 'other', 'plain', 'other', 'second', 'other']);
  });
});
