import type { Payload } from 'payload';

import { iso, num, shopDb, type Tx } from '../booking/db';
import {
  boatDeparturesBetween,
  findDepartureWithBoat,
  firstDepartureOfBoatAbove,
  futureDeparturesOfBoatAbove,
  insertDeparture,
  lowerBoatDepartures,
  setDepartureCapacity,
  type DepartureRecord,
} from '../booking/departures-repository';
import { publish } from '../booking/events';
import { expireHolds } from '../booking/holds';
import type { DepartureStatus } from '../booking/statuses';
import { transitionDeparture } from '../booking/transitions';
import { departureKey, findBoatConflicts, type BoatSlot } from '../schedule/timetable';
import { addDays, isLocalDate, isLocalTime, madridToUtc, madridToday, utcToMadrid } from '@/i18n/time';

/**
 * What the office does to a departure during the day: close it for sale, reopen it, change its
 * capacity, add an extra sailing. Each change is one conditional UPDATE (or one INSERT … ON
 * CONFLICT) whose affected-row count is the answer, exactly like the seat holds, so a change can
 * never interleave with a hold and break `seats_sold + seats_held <= capacity` (docs/domain-rules.md, No overselling).
 *
 * Each change is announced as `departure.changed` through the domain events (src/booking/events.ts)
 * once committed, with who made it, so the audit log records it (docs/domain-rules.md, Events).
 */

export type { DepartureStatus } from '../booking/statuses';

export type OpsError =
  | 'notFound'
  | 'cancelled'
  | 'departed'
  | 'alreadyClosed'
  | 'notClosed'
  | 'belowTaken'
  | 'boatBelowTaken'
  | 'aboveBoat'
  | 'invalidCapacity'
  | 'invalidInput'
  | 'unknownTour'
  | 'unknownBoat'
  | 'inThePast'
  | 'duplicate'
  | 'boatBusy';

export type OpsResult<T = object> =
  ({ ok: true } & T) | { ok: false; error: OpsError; details?: Record<string, unknown> };

type DepartureState = {
  id: number;
  status: DepartureStatus;
  startsAt: Date;
  capacity: number;
  sold: number;
  held: number;
  boatCapacity: number;
};

async function loadState(payload: Payload, id: number): Promise<DepartureState | null> {
  const d = await findDepartureWithBoat(shopDb(payload), id);
  if (!d) return null;
  return {
    id: d.id,
    status: d.status,
    startsAt: d.startsAt,
    capacity: d.capacity,
    sold: d.seatsSold,
    held: d.seatsHeld,
    boatCapacity: d.boatCapacity,
  };
}

/**
 * Every write goes through the shop's transaction: on SQLite that is the one queue of this
 * process's writers (see db.ts), so a change never meets a hold's open write lock.
 */
function write<T>(payload: Payload, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return shopDb(payload).transaction(fn);
}

/** Who asked, as the audit log records it: `user:<id>` for staff, `system` otherwise. */
export type Actor = string;

function announce(payload: Payload, departureId: number, changes: string[], by: Actor, now: Date): Promise<void> {
  return publish(payload, { type: 'departure.changed', departureId, changes, by, at: now });
}

async function moveStatus(
  payload: Payload,
  id: number,
  from: DepartureStatus,
  to: DepartureStatus,
  now: Date,
  by: Actor,
): Promise<OpsResult<{ status: DepartureStatus }>> {
  const moved = await write(payload, (tx) =>
    transitionDeparture(tx, id, from, to, { now, by, and: { sql: 'starts_at > ?', params: [iso(now)] } }),
  );
  if (moved) {
    // `departure.changed`, saying "closed for sale" or "reopened for sale".
    await publish(payload, moved.event);
    return { ok: true, status: to };
  }
  const state = await loadState(payload, id);
  if (!state) return { ok: false, error: 'notFound' };
  if (state.status === 'cancelled') return { ok: false, error: 'cancelled' };
  if (state.startsAt.getTime() <= now.getTime()) return { ok: false, error: 'departed' };
  return { ok: false, error: to === 'closed' ? 'alreadyClosed' : 'notClosed' };
}

/** Nobody can buy seats any more (every seat-taking UPDATE requires status 'scheduled'). */
export function closeDeparture(payload: Payload, id: number, now = new Date(), by: Actor = 'system') {
  return moveStatus(payload, id, 'scheduled', 'closed', now, by);
}

export function reopenDeparture(payload: Payload, id: number, now = new Date(), by: Actor = 'system') {
  return moveStatus(payload, id, 'closed', 'scheduled', now, by);
}

/**
 * Sets the seats for sale. Never below what is sold plus held right now, never above the boat:
 * both checks are in the UPDATE's WHERE clause, so a hold that lands between a read and this
 * write cannot be undercut. Stale holds are released first, so they do not block a change.
 */
/** A number of seats a departure or boat may have. */
function isCapacity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100_000;
}

/**
 * The one rule for a departure's capacity, whichever door asks (the staff capacity API, Payload's
 * REST API and admin through the Departures hook): never below its seats sold plus held, never
 * above its boat, never on a cancelled departure. One conditional UPDATE, so a hold can never
 * slip between the check and the write. `boatCapacity` is for a save that also changes the
 * departure's boat: that boat's seats are the limit, not those of the boat it had.
 */
export async function setCapacity(
  payload: Payload,
  id: number,
  capacity: unknown,
  now = new Date(),
  by: Actor = 'system',
  options: { boatCapacity?: number } = {},
): Promise<OpsResult<{ capacity: number; sold: number; held: number }>> {
  if (!isCapacity(capacity)) return { ok: false, error: 'invalidCapacity' };
  await expireHolds(payload, { now, departureId: id });
  // The limit is the departure's boat, or the boat the same save gives it.
  const changed = await write(payload, (tx) => setDepartureCapacity(tx, id, capacity, now, options.boatCapacity));
  const state = await loadState(payload, id);
  if (!state) return { ok: false, error: 'notFound' };
  if (changed) {
    await announce(payload, id, [`capacity ${capacity}`], by, now);
    return { ok: true, capacity: state.capacity, sold: state.sold, held: state.held };
  }
  if (state.status === 'cancelled') return { ok: false, error: 'cancelled' };
  const boatCapacity = options.boatCapacity ?? state.boatCapacity;
  if (capacity > boatCapacity) {
    return { ok: false, error: 'aboveBoat', details: { boatCapacity } };
  }
  return {
    ok: false,
    error: 'belowTaken',
    details: { sold: state.sold, held: state.held, minimum: state.sold + state.held },
  };
}

/**
 * A boat's seats lowered (the Boats hook, whichever door the save came through): every departure
 * of the boat still to sail comes down to them, each by the same conditional UPDATE as
 * `setCapacity`, all in one transaction. If one of them has more seats sold plus held than the
 * boat will have, nothing changes and the answer names that departure (`boatBelowTaken`).
 * Departures already at or below the new seats, cancelled ones and past ones are left alone.
 */
export async function lowerBoatCapacity(
  payload: Payload,
  boatId: number,
  capacity: unknown,
  now = new Date(),
  by: Actor = 'system',
): Promise<OpsResult<{ lowered: number[] }>> {
  if (!isCapacity(capacity)) return { ok: false, error: 'invalidCapacity' };
  const db = shopDb(payload);
  for (const departureId of await futureDeparturesOfBoatAbove(db, boatId, capacity, now)) {
    await expireHolds(payload, { now, departureId });
  }
  const outcome = await db
    .transaction(async (tx) => {
      const lowered = await lowerBoatDepartures(tx, boatId, capacity, now);
      // Whatever could not come down has more seats taken than the boat will have.
      const first = await firstDepartureOfBoatAbove(tx, boatId, capacity, now);
      if (first) throw new BoatBelowTaken(first);
      return lowered;
    })
    .catch((error: unknown) => {
      if (!(error instanceof BoatBelowTaken)) throw error;
      return error;
    });
  if (outcome instanceof BoatBelowTaken) {
    const { departure } = outcome;
    const [sold, held] = [departure.seatsSold, departure.seatsHeld];
    return {
      ok: false,
      error: 'boatBelowTaken',
      details: {
        departureId: departure.id,
        date: departure.localDate,
        time: departure.localTime,
        sold,
        held,
        minimum: sold + held,
      },
    };
  }
  for (const id of outcome) await announce(payload, id, [`capacity ${capacity} (boat)`], by, now);
  return { ok: true, lowered: outcome };
}

/** Rolls the boat's transaction back, carrying the departure that refused to come down. */
class BoatBelowTaken extends Error {
  constructor(readonly departure: DepartureRecord) {
    super('boatBelowTaken');
  }
}

export type ExtraDepartureInput = { tour: unknown; boat: unknown; date: unknown; time: unknown; capacity?: unknown };

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** An extra sailing added by the office for one day (not from a timetable: timetable_id stays null). */
export async function createExtraDeparture(
  payload: Payload,
  input: ExtraDepartureInput,
  now = new Date(),
  by: Actor = 'system',
): Promise<OpsResult<{ id: number; key: string; startsAt: string; capacity: number }>> {
  const tourId = positiveId(input.tour);
  const boatId = positiveId(input.boat);
  if (!tourId || !boatId || !isLocalDate(input.date) || !isLocalTime(input.time)) {
    return { ok: false, error: 'invalidInput' };
  }
  const localDate: string = input.date;
  const localTime: string = input.time;
  const db = shopDb(payload);
  const [tours, boats] = await Promise.all([
    db.query('SELECT id, duration_minutes FROM tours WHERE id = ?', [tourId]),
    db.query('SELECT id, capacity FROM boats WHERE id = ?', [boatId]),
  ]);
  const tour = tours.rows[0];
  const boat = boats.rows[0];
  if (!tour) return { ok: false, error: 'unknownTour' };
  if (!boat) return { ok: false, error: 'unknownBoat' };
  const boatCapacity = num(boat.capacity);
  const capacity = input.capacity === undefined || input.capacity === null ? boatCapacity : input.capacity;
  if (typeof capacity !== 'number' || !Number.isInteger(capacity) || capacity < 0) {
    return { ok: false, error: 'invalidCapacity' };
  }
  if (capacity > boatCapacity) return { ok: false, error: 'aboveBoat', details: { boatCapacity } };
  const startsAt = madridToUtc(input.date, input.time);
  if (startsAt.getTime() <= now.getTime()) return { ok: false, error: 'inThePast' };
  const durationMinutes = num(tour.duration_minutes);

  // The boat must be free: the same rule as timetables (trip plus turnaround), against every
  // departure it already has around that day, whichever tour it sails for.
  const around = await boatDeparturesBetween(db, boatId, { from: addDays(input.date, -1), to: addDays(input.date, 1) });
  const key = departureKey(String(tourId), input.date, input.time);
  const slots: BoatSlot[] = around.map((d) => ({
    key: d.key,
    tourId: String(d.tourId),
    boatId: String(d.boatId),
    startsAt: d.startsAt,
    durationMinutes: d.durationMinutes,
  }));
  const mine: BoatSlot = { key, tourId: String(tourId), boatId: String(boatId), startsAt, durationMinutes };
  const clash = findBoatConflicts([...slots.filter((s) => s.key !== key), mine]).find(
    (c) => c.first.key === key || c.second.key === key,
  );
  if (clash) {
    const other = clash.first.key === key ? clash.second : clash.first;
    return { ok: false, error: 'boatBusy', details: { at: utcToMadrid(other.startsAt).time } };
  }

  const created = await write(payload, (tx) =>
    insertDeparture(
      tx,
      { key, tourId, boatId, timetableId: null, startsAt, localDate, localTime, durationMinutes, capacity },
      now,
    ),
  );
  if (created === null) return { ok: false, error: 'duplicate' };
  await announce(payload, created, ['extra departure added'], by, now);
  return { ok: true, id: created, key, startsAt: startsAt.toISOString(), capacity };
}

/** Today in Madrid, for callers that decide what crew may see. */
export function isToday(localDate: string, now = new Date()): boolean {
  return localDate === madridToday(now);
}
