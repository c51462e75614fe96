import type { Payload } from 'payload';

import { date, iso, num, qualified, shopDb, str, type Param, type Row, type Tx } from './db';
import { isDepartureStatus, type DepartureStatus } from './statuses';

/**
 * The departures table (docs/decisions/132-one-repository-per-table.md). Seats move only in the
 * single conditional UPDATEs here and in transitions.ts, whose affected-row count is the answer
 * (docs/domain-rules.md, no overselling); what other modules need to know about a departure is
 * read here, mapped once.
 */

export type DepartureRow = {
  id: number;
  tourId: number;
  boatId: number;
  startsAt: Date;
  localDate: string;
  localTime: string;
  capacity: number;
  seatsSold: number;
  seatsHeld: number;
  status: DepartureStatus;
};

export function departureFromRow(row: Row): DepartureRow {
  return {
    id: num(row.id),
    tourId: num(row.tour_id),
    boatId: num(row.boat_id),
    startsAt: date(row.starts_at),
    localDate: str(row.local_date),
    localTime: str(row.local_time),
    capacity: num(row.capacity),
    seatsSold: num(row.seats_sold),
    seatsHeld: num(row.seats_held),
    status: isDepartureStatus(row.status) ? row.status : 'scheduled',
  };
}

const DEPARTURE_COLUMNS =
  'id, tour_id, boat_id, starts_at, local_date, local_time, capacity, seats_sold, seats_held, status';

export async function loadDeparture(payload: Payload, id: number): Promise<DepartureRow | null> {
  const { rows } = await shopDb(payload).query(`SELECT ${DEPARTURE_COLUMNS} FROM departures WHERE id = ?`, [id]);
  return rows[0] ? departureFromRow(rows[0]) : null;
}

/**
 * Takes `seats` from a departure, or does nothing: the capacity check and the increment are one
 * statement, so two buyers can never both see the last seat as free.
 */
export async function takeHeldSeats(tx: Tx, departureId: number, seats: number): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE departures SET seats_held = seats_held + ?
     WHERE id = ? AND status = 'scheduled' AND seats_sold + seats_held + ? <= capacity`,
    [seats, departureId, seats],
  );
  return rowsAffected === 1;
}

/**
 * Gives held seats back: the one statement every release uses (an expired or given-back hold, a
 * reseller's hold let go, the holds of a cancelled departure). Refuses, and so rolls the
 * transaction back with the booking's status move, if the seats were not there: seats and bookings
 * must keep adding up.
 */
export async function releaseHeldSeats(tx: Tx, departureId: number, seats: number): Promise<void> {
  const { rowsAffected } = await tx.query(
    'UPDATE departures SET seats_held = seats_held - ? WHERE id = ? AND seats_held >= ?',
    [seats, departureId, seats],
  );
  if (rowsAffected !== 1) throw new Error(`Departure ${departureId} holds fewer than ${seats} seats`);
}

/**
 * Moves a held booking's seats to sold; throws (rolling the payment back) if the departure does
 * not hold them, which would mean the counters were changed outside these statements.
 */
export async function sellHeldSeats(tx: Tx, departureId: number, seats: number): Promise<void> {
  const moved = await tx.query(
    `UPDATE departures SET seats_held = seats_held - ?, seats_sold = seats_sold + ? WHERE id = ? AND seats_held >= ?`,
    [seats, seats, departureId, seats],
  );
  if (moved.rowsAffected !== 1) throw new Error(`Departure ${departureId} lost the seats of a held booking`);
}

/** Sells free seats straight away, or does nothing (same single-statement check as holds). */
export async function sellFreeSeats(tx: Tx, departureId: number, seats: number): Promise<boolean> {
  const { rowsAffected } = await tx.query(
    `UPDATE departures SET seats_sold = seats_sold + ?
     WHERE id = ? AND status = 'scheduled' AND seats_sold + seats_held + ? <= capacity`,
    [seats, departureId, seats],
  );
  return rowsAffected === 1;
}

/** A departure with what the pages and notices after the sale show: its length and why it was cancelled. */
export type DepartureRecord = DepartureRow & {
  durationMinutes: number;
  /** Empty unless the departure was cancelled. */
  cancelReason: string;
};

const DEPARTURE_RECORD_COLUMNS = `id, tour_id, boat_id, starts_at, local_date, local_time, capacity, seats_sold,
  seats_held, status, duration_minutes, cancel_reason`;

/** The same, qualified for a query that names the departure `d`. */
const D_COLUMNS = qualified(DEPARTURE_RECORD_COLUMNS, 'd');

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

/** Inserts the departure unless one with its key exists; its id, or null if the key was taken. */
export async function insertDeparture(tx: Tx, d: NewDeparture, now: Date): Promise<number | null> {
  const { rows } = await tx.query(
    `INSERT INTO departures (key, tour_id, boat_id, timetable_id, starts_at, local_date, local_time,
       duration_minutes, capacity, seats_sold, seats_held, status, updated_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 'scheduled', ?, ?)
     ON CONFLICT (key) DO NOTHING RETURNING id`,
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
  return rows[0] ? num(rows[0].id) : null;
}

/** Inserts the departure unless one with its key exists; whether it was inserted. */
export async function insertScheduledDeparture(tx: Tx, d: NewDeparture, now: Date): Promise<boolean> {
  return (await insertDeparture(tx, d, now)) !== null;
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

/** A departure a timetable generated, with the key of its timetable slot. */
export type GeneratedDeparture = DepartureRecord & { key: string };

function generatedDepartureFromRow(row: Record<string, unknown>): GeneratedDeparture {
  return { ...departureRecordFromRow(row), key: str(row.key) };
}

/** A timetable's departures after `now` that are not cancelled. */
export async function futureDeparturesOfTimetable(
  target: Pick<Tx, 'query'>,
  timetableId: number,
  now: Date,
): Promise<GeneratedDeparture[]> {
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS}, key
     FROM departures WHERE timetable_id = ? AND starts_at > ? AND status <> 'cancelled'`,
    [timetableId, iso(now)],
  );
  return rows.map(generatedDepartureFromRow);
}

/** Deletes a departure nobody ever booked (no seats, no booking row); whether it was deleted. */
export async function deleteUnbookedDeparture(target: Pick<Tx, 'query'>, departureId: number): Promise<boolean> {
  const { rowsAffected } = await target.query(
    `DELETE FROM departures WHERE id = ? AND seats_sold = 0 AND seats_held = 0
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.departure_id = departures.id)`,
    [departureId],
  );
  return rowsAffected > 0;
}

/** Puts a departure on another boat with that capacity, unless its seats taken no longer fit; whether it moved. */
export async function reboatDeparture(
  target: Pick<Tx, 'query'>,
  departureId: number,
  boat: { boatId: number; capacity: number },
  now: Date,
): Promise<boolean> {
  const { rowsAffected } = await target.query(
    `UPDATE departures SET boat_id = ?, capacity = ?, updated_at = ?
     WHERE id = ? AND seats_sold + seats_held <= ?`,
    [boat.boatId, boat.capacity, iso(now), departureId, boat.capacity],
  );
  return rowsAffected > 0;
}

/**
 * Departures after `now`, not cancelled, that carry passengers or seats being paid for, earliest
 * first: the generated ones (a timetable may have dropped them) and one-off ones on a closed day,
 * each with whether a timetable generated it and whether it falls on a closed day of its tour or
 * of the fleet.
 */
export async function futureGeneratedDeparturesWithSeatsTaken(
  target: Pick<Tx, 'query'>,
  now: Date,
): Promise<(GeneratedDeparture & { generated: boolean; onClosedDay: boolean })[]> {
  const { rows } = await target.query(
    `SELECT ${D_COLUMNS}, d.key, d.timetable_id,
       EXISTS (SELECT 1 FROM closed_days c WHERE c.date = d.local_date AND (c.tour_id IS NULL OR c.tour_id = d.tour_id)) AS closed_day
     FROM departures d
     WHERE d.starts_at > ? AND d.status <> 'cancelled' AND (d.seats_sold > 0 OR d.seats_held > 0)
       AND (d.timetable_id IS NOT NULL
         OR EXISTS (SELECT 1 FROM closed_days c WHERE c.date = d.local_date AND (c.tour_id IS NULL OR c.tour_id = d.tour_id)))
     ORDER BY d.starts_at`,
    [iso(now)],
  );
  return rows.map((row) => ({
    ...generatedDepartureFromRow(row),
    generated: row.timetable_id !== null && row.timetable_id !== undefined,
    onClosedDay: row.closed_day === true || Number(row.closed_day) === 1,
  }));
}

/**
 * The departures of one Madrid day (of one tour, or all when `tourId` is null) after `now`, not
 * cancelled, that carry passengers or seats being paid for: what closing that day would leave.
 */
export async function futureDeparturesOnDayWithSeatsTaken(
  target: Pick<Tx, 'query'>,
  day: { localDate: string; tourId: number | null },
  now: Date,
): Promise<DepartureRecord[]> {
  const params: Param[] = [day.localDate, iso(now)];
  if (day.tourId !== null) params.push(day.tourId);
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS} FROM departures
     WHERE local_date = ? AND starts_at > ? AND status <> 'cancelled' AND (seats_sold > 0 OR seats_held > 0)
       ${day.tourId === null ? '' : 'AND tour_id = ?'}
     ORDER BY starts_at`,
    params,
  );
  return rows.map(departureRecordFromRow);
}

/** A departure with the capacity of the boat it sails on (its ceiling). */
export async function findDepartureWithBoat(
  target: Pick<Tx, 'query'>,
  id: number,
): Promise<(DepartureRecord & { boatCapacity: number }) | null> {
  const { rows } = await target.query(
    `SELECT ${D_COLUMNS}, b.capacity AS boat_capacity FROM departures d JOIN boats b ON b.id = d.boat_id WHERE d.id = ?`,
    [id],
  );
  return rows[0] ? { ...departureRecordFromRow(rows[0]), boatCapacity: num(rows[0].boat_capacity) } : null;
}

/**
 * Sets a departure's seats for sale, in one conditional UPDATE: never below its seats sold plus
 * held, never above its boat's (or `boatCapacity`, the boat the same save gives it), never on a
 * cancelled departure. Whether it changed.
 */
export async function setDepartureCapacity(
  tx: Tx,
  id: number,
  capacity: number,
  now: Date,
  boatCapacity?: number,
): Promise<boolean> {
  // A parameter typed, or PostgreSQL would compare two bare parameters as text ('80' > '150').
  const boatLimit =
    boatCapacity === undefined
      ? '(SELECT b.capacity FROM boats b WHERE b.id = departures.boat_id)'
      : 'CAST(? AS integer)';
  const { rowsAffected } = await tx.query(
    `UPDATE departures SET capacity = ?, updated_at = ?
     WHERE id = ? AND status <> 'cancelled' AND seats_sold + seats_held <= ? AND ? <= ${boatLimit}`,
    [capacity, iso(now), id, capacity, capacity, ...(boatCapacity === undefined ? [] : [boatCapacity])],
  );
  return rowsAffected === 1;
}

/** A boat's departures after `now`, not cancelled, with more seats than `capacity`. */
const BOAT_ABOVE = `boat_id = ? AND starts_at > ? AND status <> 'cancelled' AND capacity > ?`;

/** The ids of a boat's future departures (not cancelled) that have more seats than `capacity`. */
export async function futureDeparturesOfBoatAbove(
  target: Pick<Tx, 'query'>,
  boatId: number,
  capacity: number,
  now: Date,
): Promise<number[]> {
  const { rows } = await target.query(`SELECT id FROM departures WHERE ${BOAT_ABOVE}`, [boatId, iso(now), capacity]);
  return rows.map((row) => num(row.id));
}

/** Brings those of them whose seats taken fit down to `capacity`; the ids lowered. */
export async function lowerBoatDepartures(tx: Tx, boatId: number, capacity: number, now: Date): Promise<number[]> {
  const { rows } = await tx.query(
    `UPDATE departures SET capacity = ?, updated_at = ? WHERE ${BOAT_ABOVE} AND seats_sold + seats_held <= ? RETURNING id`,
    [capacity, iso(now), boatId, iso(now), capacity, capacity],
  );
  return rows.map((row) => num(row.id));
}

/** The earliest of them still above `capacity` (after lowerBoatDepartures: one with too many seats taken). */
export async function firstDepartureOfBoatAbove(
  target: Pick<Tx, 'query'>,
  boatId: number,
  capacity: number,
  now: Date,
): Promise<DepartureRecord | null> {
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS} FROM departures WHERE ${BOAT_ABOVE} ORDER BY starts_at LIMIT 1`,
    [boatId, iso(now), capacity],
  );
  return rows[0] ? departureRecordFromRow(rows[0]) : null;
}

/** A boat's departures (not cancelled) between two Madrid days, both included: what it sails around a day. */
export async function boatDeparturesBetween(
  target: Pick<Tx, 'query'>,
  boatId: number,
  between: { from: string; to: string },
): Promise<GeneratedDeparture[]> {
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS}, key FROM departures
     WHERE boat_id = ? AND status <> 'cancelled' AND local_date >= ? AND local_date <= ?`,
    [boatId, between.from, between.to],
  );
  return rows.map(generatedDepartureFromRow);
}

/** A departure on the day's board: whether a timetable made it, and how many of its passengers boarded. */
export type BoardDepartureRecord = DepartureRecord & { timetableId: number | null; boarded: number };

/** Every departure of one Madrid day, cancelled ones included, earliest first, with the tickets checked in on it. */
export async function departuresOnWithBoarded(
  target: Pick<Tx, 'query'>,
  localDate: string,
): Promise<BoardDepartureRecord[]> {
  const { rows } = await target.query(
    `SELECT ${D_COLUMNS}, d.timetable_id,
            (SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id
              WHERE b.departure_id = d.id AND b.status = 'paid' AND t.checked_in_at IS NOT NULL) AS boarded
     FROM departures d WHERE d.local_date = ? ORDER BY d.starts_at, d.id`,
    [localDate],
  );
  return rows.map((row) => ({
    ...departureRecordFromRow(row),
    timetableId: row.timetable_id === null || row.timetable_id === undefined ? null : num(row.timetable_id),
    boarded: num(row.boarded),
  }));
}

/** The seats sold and held of each departure of one Madrid day, by id. */
export async function seatsOfDeparturesOn(
  target: Pick<Tx, 'query'>,
  localDate: string,
): Promise<Map<number, { seatsSold: number; seatsHeld: number }>> {
  const { rows } = await target.query(`SELECT id, seats_sold, seats_held FROM departures WHERE local_date = ?`, [
    localDate,
  ]);
  return new Map(rows.map((row) => [num(row.id), { seatsSold: num(row.seats_sold), seatsHeld: num(row.seats_held) }]));
}

/** How many departures between two Madrid days (both included) were cancelled. */
export async function cancelledDeparturesCount(
  target: Pick<Tx, 'query'>,
  between: { from: string; to: string },
): Promise<number> {
  const { rows } = await target.query(
    `SELECT COUNT(*) AS departures FROM departures
     WHERE local_date >= ? AND local_date <= ? AND status = 'cancelled'`,
    [between.from, between.to],
  );
  return num(rows[0]?.departures ?? 0);
}

/**
 * Per Madrid day between two (both included), the departures not cancelled that had left by
 * `now`, their seats sold and the valid tickets of their paid or disrupted bookings checked in.
 */
export async function boardingByDay(
  target: Pick<Tx, 'query'>,
  between: { from: string; to: string },
  now: Date,
): Promise<{ localDate: string; departures: number; sold: number; boarded: number }[]> {
  const { rows } = await target.query(
    `SELECT d.local_date, COUNT(*) AS departures, SUM(d.seats_sold) AS sold,
       SUM((SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id
         WHERE b.departure_id = d.id AND b.status IN ('paid', 'disrupted')
           AND t.checked_in_at IS NOT NULL AND t.voided_at IS NULL)) AS boarded
     FROM departures d
     WHERE d.local_date >= ? AND d.local_date <= ? AND d.status <> 'cancelled' AND d.starts_at <= ?
     GROUP BY d.local_date ORDER BY d.local_date`,
    [between.from, between.to, iso(now)],
  );
  return rows.map((row) => ({
    localDate: str(row.local_date),
    departures: num(row.departures),
    sold: num(row.sold),
    boarded: num(row.boarded),
  }));
}

/**
 * A tour's departures on sale other than `exceptId`, starting after `startsAfter`, with at least
 * `seats` free: where a disrupted booking could go. Earliest first.
 */
export async function departuresWithFreeSeats(
  target: Pick<Tx, 'query'>,
  input: { tourId: number; exceptId: number; startsAfter: Date; seats: number; limit?: number },
): Promise<DepartureRecord[]> {
  const limit = input.limit === undefined ? '' : ` LIMIT ${Math.trunc(input.limit)}`;
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS} FROM departures
     WHERE tour_id = ? AND id <> ? AND status = 'scheduled' AND starts_at > ?
       AND capacity - seats_sold - seats_held >= ?
     ORDER BY starts_at${limit}`,
    [input.tourId, input.exceptId, iso(input.startsAfter), input.seats],
  );
  return rows.map(departureRecordFromRow);
}

/** When and why a departure was cancelled (nulls when it was not, or is not there). */
export async function departureCancellation(
  target: Pick<Tx, 'query'>,
  id: number,
): Promise<{ cancelledAt: Date | null; reason: string | null }> {
  const { rows } = await target.query('SELECT cancelled_at, cancel_reason FROM departures WHERE id = ?', [id]);
  return {
    cancelledAt: rows[0]?.cancelled_at ? date(rows[0].cancelled_at) : null,
    reason: rows[0]?.cancel_reason ? str(rows[0].cancel_reason) : null,
  };
}

/** The times of day a tour's departures after `now` leave at, distinct and in order. */
export async function upcomingStartTimes(target: Pick<Tx, 'query'>, tourId: number, now: Date): Promise<string[]> {
  const { rows } = await target.query(
    `SELECT DISTINCT local_time FROM departures WHERE tour_id = ? AND starts_at > ? ORDER BY local_time`,
    [tourId, iso(now)],
  );
  return rows.map((row) => str(row.local_time));
}

/**
 * A tour's departures of any status, between two Madrid days if given (both included) and among
 * `ids` if given, earliest first, at most `limit`.
 */
export async function departuresOfTour(
  target: Pick<Tx, 'query'>,
  tourId: number,
  filter: { from?: string | undefined; to?: string | undefined; ids?: readonly number[] | undefined; limit: number },
): Promise<DepartureRecord[]> {
  const where = ['tour_id = ?'];
  const params: (string | number)[] = [tourId];
  if (filter.from) {
    where.push('local_date >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('local_date <= ?');
    params.push(filter.to);
  }
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    where.push(`id IN (${filter.ids.map(() => '?').join(', ')})`);
    params.push(...filter.ids);
  }
  const { rows } = await target.query(
    `SELECT ${DEPARTURE_RECORD_COLUMNS} FROM departures
     WHERE ${where.join(' AND ')} ORDER BY starts_at LIMIT ${Math.trunc(filter.limit)}`,
    params,
  );
  return rows.map(departureRecordFromRow);
}

/** A departure with the name of its boat (empty if the boat is gone). */
export type DepartureWithBoatName = DepartureRecord & { boatName: string };

const WITH_BOAT_NAME = `SELECT ${D_COLUMNS}, bt.name AS boat_name
  FROM departures d LEFT JOIN boats bt ON bt.id = d.boat_id`;

function withBoatNameFromRow(row: Record<string, unknown>): DepartureWithBoatName {
  return { ...departureRecordFromRow(row), boatName: str(row.boat_name) };
}

export async function findDepartureWithBoatName(
  target: Pick<Tx, 'query'>,
  id: number,
): Promise<DepartureWithBoatName | null> {
  const { rows } = await target.query(`${WITH_BOAT_NAME} WHERE d.id = ?`, [id]);
  return rows[0] ? withBoatNameFromRow(rows[0]) : null;
}

/** Every departure of one Madrid day, any status, earliest first, with its boat's name. */
export async function departuresOnWithBoatName(
  target: Pick<Tx, 'query'>,
  localDate: string,
): Promise<DepartureWithBoatName[]> {
  const { rows } = await target.query(`${WITH_BOAT_NAME} WHERE d.local_date = ? ORDER BY d.starts_at, d.id`, [
    localDate,
  ]);
  return rows.map(withBoatNameFromRow);
}

/** When a departure leaves and how many minutes before its tour boards (null: the tour never said). */
export async function departureBoardingStart(
  target: Pick<Tx, 'query'>,
  id: number,
): Promise<{ startsAt: Date; boardingMinutesBefore: number | null } | null> {
  const { rows } = await target.query(
    `SELECT d.starts_at, t.booking_boarding_minutes_before FROM departures d JOIN tours t ON t.id = d.tour_id
     WHERE d.id = ?`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    startsAt: date(row.starts_at),
    boardingMinutesBefore:
      row.booking_boarding_minutes_before === null || row.booking_boarding_minutes_before === undefined
        ? null
        : num(row.booking_boarding_minutes_before),
  };
}
