import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * One repository per table (docs/decisions/132-one-repository-per-table.md): the SQL that reads or
 * writes the sale's tables lives in booking's repositories, each returning domain types, so a
 * column is mapped in one place and a change of the table touches one file.
 */
const src = path.resolve(import.meta.dirname, '..');

const TABLES = ['bookings', 'tickets', 'departures', 'payment_events'] as const;

/** Files that own SQL on those tables for good: the repositories, and the statements under them. */
function mayHoldTableSql(file: string): boolean {
  return (
    /^booking\/[a-z-]+-repository\.ts$/.test(file) ||
    // A combined tour's admissions, issued with the tickets in the sale's transaction (beside booking).
    /^partners\/[a-z-]+-repository\.ts$/.test(file) ||
    // Every status change and the seats it moves, in one statement each (decision 130).
    file === 'booking/transitions.ts' ||
    // The connection itself counts writes to departures (availability's cache).
    file === 'booking/db.ts' ||
    file.startsWith('migrations/') ||
    /\.test\.tsx?$/.test(file)
  );
}

const TABLE_SQL = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE)\\s+"?(${TABLES.join('|')})"?(?![\\w"])`, 'g');

/** The sale's tables a piece of code reads or writes with SQL of its own. */
export function tablesTouched(code: string): string[] {
  return [...new Set([...code.matchAll(TABLE_SQL)].map((m) => m[1]!))].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path.relative(src, full).split(path.sep).join('/')] : [];
  });
}

/** Files (relative to src/, with their code) that run SQL on the sale's tables outside a repository. */
export function outsideRepositories(files: { file: string; code: string }[]) {
  return files
    .filter(({ file }) => !mayHoldTableSql(file))
    .flatMap(({ file, code }) => {
      const tables = tablesTouched(code);
      return tables.length ? [`${file}: ${tables.join(', ')}`] : [];
    });
}

const tree = () => sourceFiles(src).map((file) => ({ file, code: readFileSync(path.join(src, file), 'utf8') }));

describe('one repository per table', () => {
  it('recognises reads and writes of the tables, quoted or not, and not of tables that only share the prefix', () => {
    expect(tablesTouched('SELECT b.id FROM bookings b JOIN departures d ON d.id = b.departure_id')).toEqual([
      'bookings',
      'departures',
    ]);
    expect(tablesTouched('UPDATE "tickets" SET voided_at = ?')).toEqual(['tickets']);
    expect(tablesTouched('INSERT INTO payment_events (booking_id) VALUES (?)')).toEqual(['payment_events']);
    expect(tablesTouched('DELETE FROM\n      departures WHERE id = ?')).toEqual(['departures']);
    expect(tablesTouched('SELECT rowid FROM bookings_search; SELECT 1 FROM booking_moves; FROM tours')).toEqual([]);
  });

  it('fails on a file outside the repositories that runs its own SQL on one of the tables', () => {
    const files = [
      { file: 'operations/new-report.ts', code: "db.query('SELECT seats FROM bookings WHERE id = ?', [id])" },
      { file: 'booking/bookings-repository.ts', code: "db.query('SELECT seats FROM bookings WHERE id = ?')" },
      { file: 'tickets/delivery.ts', code: "db.query('SELECT code, category FROM tickets')" },
      { file: 'booking/repository.ts', code: "db.query('SELECT id FROM departures')" },
      { file: 'booking/transitions.ts', code: "tx.query('UPDATE bookings SET status = ?')" },
      { file: 'operations/today.ts', code: 'const rows = await findDepartures(db)' },
    ];
    expect(outsideRepositories(files)).toEqual([
      'operations/new-report.ts: bookings',
      'tickets/delivery.ts: tickets',
      'booking/repository.ts: departures',
    ]);
  });

  it('no file outside the repositories runs SQL on bookings, tickets, departures or payment_events', () => {
    expect(outsideRepositories(tree())).toEqual([]);
  });
});
