import { iso, num, str, type Tx } from './db';
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

/** A tour's scheduled departures between two Madrid days (both included), earliest first. */
export async function scheduledDeparturesOfTour(
  target: Pick<Tx, 'query'>,
  tourId: number,
  between: { from: string; to: string },
): Promise<DepartureRecord[]> {
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS} FROM departures
     WHERE tour_id = ? AND status = 'scheduled' AND local_date >= ? AND local_date <= ? ORDER BY starts_at`,
    [tourId, between.from, between.to],
  );
  return rows.map(departureRecordFromRow);
}

/** A departure a timetable generates, on sale with no seats taken. */
export type NewDeparture = {
  /** Unique per timetable slot: generating twice inserts once. */
  key: string;
  tourId: number;
  boatId: number;
  timetableId: number | null;
  startsAt: Date;
  localDate: string;
  localTime: string;
  durationMinutes: number;
  capacity: number;
};

/** Inserts the departure unless one with its key exists; whether it was inserted. */
export async function insertScheduledDeparture(tx: Tx, d: NewDeparture, now: Date): Promise<boolean> {
  const result = await tx.query(
    `INSERT INTO departures (key, tour_id, boat_id, timetable_id, starts_at, local_date, local_time,
       duration_minutes, capacity, seats_sold, seats_held, status, updated_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 'scheduled', ?, ?)
     ON CONFLICT (key) DO NOTHING`,
    [
      d.key,
      d.tourId,
      d.boatId,
      d.timetableId,
      iso(d.startsAt),
      d.localDate,
      d.localTime,
      d.durationMinutes,
      d.capacity,
      iso(now),
      iso(now),
    ],
  );
  return result.rowsAffected === 1;
}

/** Whether a departure falls on a closed day of its tour or of the whole fleet. */
export async function isDepartureOnClosedDay(target: Pick<Tx, 'query'>, departureId: number): Promise<boolean> {
  const { rows } = await target.query(
    `SELECT 1 AS closed FROM departures d JOIN closed_days c ON c.date = d.local_date
     WHERE d.id = ? AND (c.tour_id IS NULL OR c.tour_id = d.tour_id) LIMIT 1`,
    [departureId],
  );
  return rows.length > 0;
}
