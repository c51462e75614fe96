import { num, str, type Tx } from './db';
import { departureFromRow, type DepartureRow } from './repository';

/**
 * The departures table (docs/decisions/132-one-repository-per-table.md). The statements that
 * move seats stay single conditional UPDATEs (repository.ts, transitions.ts); what other modules
 * need to know about a departure is read here, mapped once.
 */

/** A departure with what the pages and notices after the sale show: its length and why it was cancelled. */
export type DepartureRecord = DepartureRow & {
  durationMinutes: number;
  /** Empty unless the departure was cancelled. */
  cancelReason: string;
};

const DEPARTURE_RECORD_COLUMNS = `id, tour_id, boat_id, starts_at, local_date, local_time, capacity, seats_sold,
  seats_held, status, duration_minutes, cancel_reason`;

function departureRecordFromRow(row: Record<string, unknown>): DepartureRecord {
  return { ...departureFromRow(row), durationMinutes: num(row.duration_minutes), cancelReason: str(row.cancel_reason) };
}

export async function findDeparture(target: Pick<Tx, 'query'>, id: number): Promise<DepartureRecord | null> {
  const { rows } = await target.query(`SELECT ${DEPARTURE_RECORD_COLUMNS} FROM departures WHERE id = ?`, [id]);
  return rows[0] ? departureRecordFromRow(rows[0]) : null;
}

/** The scheduled departures of one Madrid day, earliest first. */
export async function scheduledDeparturesOn(target: Pick<Tx, 'query'>, localDate: string): Promise<DepartureRecord[]> {
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS} FROM departures WHERE status = 'scheduled' AND local_date = ? ORDER BY starts_at`,
    [localDate],
  );
  return rows.map(departureRecordFromRow);
}

/** Gives a booking's sold seats back to its departure (cancelled departures included). */
export async function releaseSoldSeats(tx: Tx, departureId: number, seats: number): Promise<void> {
  const { rowsAffected } = await tx.query(
    'UPDATE departures SET seats_sold = seats_sold - ? WHERE id = ? AND seats_sold >= ?',
    [seats, departureId, seats],
  );
  if (rowsAffected !== 1) throw new Error(`Departure ${departureId} has fewer than ${seats} seats sold`);
}
