import { describe, expect, it } from 'vitest';

import { isSqliteWrite, processWriteQueue } from './sqlite-busy-timeout';

describe('isSqliteWrite', () => {
  it('lets plain reads through unqueued', () => {
    expect(isSqliteWrite('SELECT 1')).toBe(false);
    expect(isSqliteWrite('  select seats_sold from departures where id = ?')).toBe(false);
  });

  it('counts every statement that may take the write lock, however it starts', () => {
    for (const sql of [
      'INSERT INTO holds (id) VALUES (?)',
      ' update departures set seats_held = 0',
      'DELETE FROM holds',
      'REPLACE INTO t VALUES (1)',
      'WITH due AS (SELECT id FROM holds) UPDATE holds SET released = 1 WHERE id IN (SELECT id FROM due)',
      '-- the expired ones\nDELETE FROM holds',
      'CREATE INDEX i ON t (a)',
    ]) {
      expect(isSqliteWrite(sql), sql).toBe(true);
    }
  });
});

describe('processWriteQueue', () => {
  it('runs one write at a time, in the order they came', async () => {
    const queued = processWriteQueue();
    const events: string[] = [];
    const write = (name: string, ms: number) =>
      queued(async () => {
        events.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${name} end`);
        return name;
      });
    expect(await Promise.all([write('a', 20), write('b', 1), write('c', 5)])).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('does not make a write inside the queue wait for itself', async () => {
    const queued = processWriteQueue();
    const inner = await queued(() => queued(async () => 'inner write'));
    expect(inner).toBe('inner write');
  });

  it('goes on after a write that failed', async () => {
    const queued = processWriteQueue();
    const failed = queued(async () => {
      throw new Error('SQLITE_CONSTRAINT');
    });
    await expect(failed).rejects.toThrow('SQLITE_CONSTRAINT');
    expect(await queued(async () => 'next')).toBe('next');
  });
});
