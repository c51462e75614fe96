import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * A booking's or a departure's status changes only in src/booking/transitions.ts (decision 130):
 * there the move is checked against the table and its event is returned for the caller to publish,
 * so invoicing and the audit log miss none. An `UPDATE bookings|departures SET … status = …`
 * anywhere else would change a status nobody hears about. Migrations may (they reshape data once).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const allowed = new Set(['src/booking/transitions.ts']);

/** What in `code` sets a booking's or a departure's status, one line of description per finding. */
export function statusWrites(code: string): string[] {
  const found: string[] = [];
  // The SET clause of every UPDATE of the two tables, up to its WHERE (or the end of the literal
  // or of the call: an UPDATE without WHERE).
  for (const match of code.matchAll(/UPDATE\s+(bookings|departures)\s+SET\b([\s\S]*?)(?:\bWHERE\b|`|\)\s*;|$)/gi)) {
    const setClause = match[2] ?? '';
    // `status = …` as an assignment: first in the clause or after a comma (never `WHEN status =`).
    if (/(^|,)\s*status\s*=/i.test(setClause)) found.push(`UPDATE ${match[1]} SET … status = …`);
    // A SET built from parts: the parts are literals somewhere in the file.
    if (/^\s*\$\{/.test(setClause) && /['"`]\s*status\s*=[^=]/.test(code))
      found.push(`UPDATE ${match[1]} SET \${…} with a "status = …" part`);
  }
  // Payload's local API writing the status of either collection.
  for (const match of code.matchAll(/\.update\(\s*\{([\s\S]{0,400}?)\}\s*\)/g)) {
    const call = match[1] ?? '';
    if (/collection:\s*['"](bookings|departures)['"]/.test(call) && /\bstatus\s*:/.test(call))
      found.push('payload.update of bookings/departures with a status');
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'migrations' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('status writes', () => {
  it('recognises a status write, and only a status write', () => {
    expect(statusWrites("tx.query(`UPDATE bookings SET status = 'paid', updated_at = ? WHERE id = ?`)")).toHaveLength(
      1,
    );
    expect(statusWrites("q('UPDATE departures SET updated_at = ?, status = ? WHERE id = ?')")).toHaveLength(1);
    expect(statusWrites('q(`UPDATE bookings\n   SET paid_at = ?,\n  status = ?\n WHERE id = ?`)')).toHaveLength(1);
    expect(
      statusWrites("q(`UPDATE bookings SET disruption_choice = 'moved', status = 'paid' WHERE id = ?`)"),
    ).toHaveLength(1);
    expect(statusWrites("q('UPDATE departures SET updated_at = now(), status = ? WHERE id = ?', [to]);")).toHaveLength(
      1,
    );
    expect(statusWrites('q("UPDATE bookings SET status = \'paid\'", []);')).toHaveLength(1);
    expect(
      statusWrites("const sets = [\"status = 'paid'\"]; q(`UPDATE bookings SET ${sets.join(', ')} WHERE id = ?`)"),
    ).toHaveLength(1);
    expect(statusWrites("payload.update({ collection: 'departures', id, data: { status: 'closed' } })")).toHaveLength(
      1,
    );

    expect(
      statusWrites("q(`UPDATE bookings SET paid_cents = paid_cents + ? WHERE id = ? AND status = 'paid'`)"),
    ).toEqual([]);
    expect(statusWrites("q(`UPDATE payment_events SET status = 'failed' WHERE id = ?`)")).toEqual([]);
    expect(
      statusWrites("q(`UPDATE departures SET seats_held = seats_held - ? WHERE id = ? AND status = 'scheduled'`)"),
    ).toEqual([]);
    expect(
      statusWrites("sql: `departure_id = ?, disruption_choice = CASE WHEN status = 'disrupted' THEN 'moved' END`"),
    ).toEqual([]);
    expect(statusWrites("payload.update({ collection: 'departures', id, data: { capacity: 4 } })")).toEqual([]);
  });

  it('no file but booking/transitions.ts sets a booking’s or a departure’s status', () => {
    const files = [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'scripts'))];
    expect(files.length).toBeGreaterThan(100);
    const violations = files
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .filter((file) => !allowed.has(file))
      .flatMap((file) => statusWrites(readFileSync(path.join(root, file), 'utf8')).map((what) => `${file}: ${what}`));
    expect(violations).toEqual([]);
  });
});
