import { date, iso, num, optNum, str, type Tx } from '../booking/db';

/**
 * The till's own tables (migration `20261127_060100_till`): its sessions and the amounts counted
 * at their close. The money a session expects comes from the payment events, read by the
 * cash-up (box-office.ts), never from here.
 */

export type TillSessionRecord = { id: number; openedAt: Date; closedAt: Date | null; closedBy: string | null };

export type TillCountRecord = {
  staff: string;
  method: string;
  countedCents: number;
  /** What the payment events said at the close; null while the session is open. */
  expectedCents: number | null;
  sales: number | null;
  countedBy: string;
  countedAt: Date;
};

const sessionFromRow = (row: Record<string, unknown>): TillSessionRecord => ({
  id: num(row.id),
  openedAt: date(row.opened_at),
  closedAt: row.closed_at === null || row.closed_at === undefined ? null : date(row.closed_at),
  closedBy: row.closed_by === null || row.closed_by === undefined ? null : str(row.closed_by),
});

const SESSION_COLUMNS = 'id, opened_at, closed_at, closed_by';

export async function openTillSession(db: Pick<Tx, 'query'>): Promise<TillSessionRecord | null> {
  const { rows } = await db.query(`SELECT ${SESSION_COLUMNS} FROM till_sessions WHERE closed_at IS NULL`);
  return rows[0] ? sessionFromRow(rows[0]) : null;
}

export async function tillSessionById(db: Pick<Tx, 'query'>, id: number): Promise<TillSessionRecord | null> {
  const { rows } = await db.query(`SELECT ${SESSION_COLUMNS} FROM till_sessions WHERE id = ?`, [id]);
  return rows[0] ? sessionFromRow(rows[0]) : null;
}

/** The newest sessions first (the Z reports to look back at). */
export async function recentTillSessions(db: Pick<Tx, 'query'>, limit: number): Promise<TillSessionRecord[]> {
  const { rows } = await db.query(
    `SELECT ${SESSION_COLUMNS} FROM till_sessions ORDER BY id DESC LIMIT ${Math.trunc(limit)}`,
  );
  return rows.map(sessionFromRow);
}

/** When the first session opened: no till event before it is any session's. */
export async function firstTillOpening(db: Pick<Tx, 'query'>): Promise<Date | null> {
  const { rows } = await db.query(`SELECT MIN(opened_at) AS first FROM till_sessions`);
  const first = rows[0]?.first;
  return first === null || first === undefined ? null : date(first);
}

export async function lastClosedTillSession(db: Pick<Tx, 'query'>): Promise<TillSessionRecord | null> {
  const { rows } = await db.query(
    `SELECT ${SESSION_COLUMNS} FROM till_sessions WHERE closed_at IS NOT NULL ORDER BY closed_at DESC, id DESC LIMIT 1`,
  );
  return rows[0] ? sessionFromRow(rows[0]) : null;
}

/**
 * Opens a session from `openedAt` unless one is open. Two requests at once: the partial unique
 * index lets one insert; the other's insert does nothing (`ON CONFLICT DO NOTHING`, on both
 * databases) and both read the same open session.
 */
export async function insertOpenTillSession(db: Pick<Tx, 'query'>, openedAt: Date, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO till_sessions (opened_at, closed_at, closed_by, updated_at, created_at)
     VALUES (?, NULL, NULL, ?, ?) ON CONFLICT DO NOTHING`,
    [iso(openedAt), iso(now), iso(now)],
  );
}

/** Closes the session if it is still open; false when someone closed it first. */
export async function closeTillSessionRow(db: Pick<Tx, 'query'>, id: number, by: string, at: Date): Promise<boolean> {
  const { rowsAffected } = await db.query(
    `UPDATE till_sessions SET closed_at = ?, closed_by = ?, updated_at = ? WHERE id = ? AND closed_at IS NULL`,
    [iso(at), by, iso(at), id],
  );
  return rowsAffected === 1;
}

export async function tillCounts(db: Pick<Tx, 'query'>, sessionId: number): Promise<TillCountRecord[]> {
  const { rows } = await db.query(
    `SELECT staff, method, counted_cents, expected_cents, sales, counted_by, counted_at FROM till_counts
     WHERE session_id = ? ORDER BY staff, method`,
    [sessionId],
  );
  return rows.map((row) => ({
    staff: str(row.staff),
    method: str(row.method),
    countedCents: num(row.counted_cents),
    expectedCents: optNum(row.expected_cents),
    sales: optNum(row.sales),
    countedBy: str(row.counted_by),
    countedAt: date(row.counted_at),
  }));
}

/** A staff member's drawer counted (again) for one method, while the session is open. */
export async function saveTillCount(
  db: Pick<Tx, 'query'>,
  count: { sessionId: number; staff: string; method: string; countedCents: number; by: string; at: Date },
): Promise<boolean> {
  const { rowsAffected } = await db.query(
    `INSERT INTO till_counts (session_id, staff, method, counted_cents, expected_cents, sales, counted_by, counted_at)
     SELECT ?, ?, ?, ?, NULL, NULL, ?, ? WHERE EXISTS (SELECT 1 FROM till_sessions WHERE id = ? AND closed_at IS NULL)
     ON CONFLICT (session_id, staff, method) DO UPDATE SET counted_cents = excluded.counted_cents,
       counted_by = excluded.counted_by, counted_at = excluded.counted_at`,
    [count.sessionId, count.staff, count.method, count.countedCents, count.by, iso(count.at), count.sessionId],
  );
  return rowsAffected > 0;
}

/** At the close: what was expected of a line, written next to what was counted. */
export async function settleTillCount(
  db: Pick<Tx, 'query'>,
  line: { sessionId: number; staff: string; method: string; expectedCents: number; sales: number },
): Promise<void> {
  await db.query(
    `UPDATE till_counts SET expected_cents = ?, sales = ? WHERE session_id = ? AND staff = ? AND method = ?`,
    [line.expectedCents, line.sales, line.sessionId, line.staff, line.method],
  );
}
