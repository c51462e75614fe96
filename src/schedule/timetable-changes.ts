import type { Payload } from 'payload';

import { isLocale, type Locale } from '../i18n/locales';
import { loadClosedDays } from './closed-days';
import { iso, shopDb } from '../booking/db';
import {
  deleteUnbookedDeparture,
  futureDeparturesOfTimetable,
  futureGeneratedDeparturesWithSeatsTaken,
  reboatDeparture,
} from '../booking/departures-repository';
import { publish, type DomainEvent } from '../booking/events';
import { transitionDeparture } from '../booking/transitions';
import { departuresOf, horizon, refId, tourDurations, type TimetableDoc } from './departures';

/**
 * What a timetable edit does to the departures it already generated (decision 094). Departures
 * nobody booked follow the timetable: removed when their date or time goes, re-boated when the
 * boat changes. Departures with bookings are never changed behind their passengers' backs: they
 * are closed for sale and listed as "needs attention" on the today board, where staff cancel them
 * through the cancellation path (which tells every passenger) or keep them.
 */

/**
 * Keys every active timetable wants over the horizon, with `changed` standing in for its stored
 * version (or removed, when `changed` is inactive or deleted): the save may not be committed yet.
 * Two timetables may agree on a key; a departure goes only when neither wants it any more.
 */
async function wantedKeys(
  payload: Payload,
  now: Date,
  changed?: { id: number; doc: TimetableDoc | null },
  withClosedDays = true,
  until?: string,
): Promise<Map<string, string>> {
  const { from, to: horizonEnd } = horizon(now);
  // Departures may exist past today's horizon (the job ran later, or on a later clock): the
  // wanted set must reach them, or they would look dropped.
  const to = until && until > horizonEnd ? until : horizonEnd;
  const durationOf = await tourDurations(payload);
  const closed = withClosedDays ? await loadClosedDays(payload) : undefined;
  const { docs } = await payload.find({
    collection: 'timetables',
    where: { active: { not_equals: false } },
    limit: 10_000,
    depth: 0,
    pagination: false,
  });
  const timetables: TimetableDoc[] = docs.filter((doc) => changed === undefined || Number(doc.id) !== changed.id);
  if (changed?.doc) timetables.push(changed.doc);
  const boatByKey = new Map<string, string>();
  for (const doc of timetables) {
    for (const departure of departuresOf(doc, from, to, durationOf, closed)) {
      // The edited timetable's boat wins for its own keys; otherwise the first one listed.
      if (!boatByKey.has(departure.key) || Number(doc.id) === changed?.id) {
        boatByKey.set(departure.key, departure.boatId);
      }
    }
  }
  return boatByKey;
}

function lastDate(departures: readonly { localDate: string }[]): string | undefined {
  return departures.reduce<string | undefined>(
    (last, d) => (!last || d.localDate > last ? d.localDate : last),
    undefined,
  );
}

async function boatCapacities(payload: Payload): Promise<Map<number, { name: string; capacity: number }>> {
  const { docs } = await payload.find({ collection: 'boats', limit: 1000, depth: 0, pagination: false });
  return new Map(docs.map((boat) => [Number(boat.id), { name: boat.name, capacity: boat.capacity }]));
}

const refusal: Record<
  Locale,
  (w: { boat: string; capacity: number; date: string; time: string; taken: number }) => string
> = {
  ca: (w) =>
    `El vaixell ${w.boat} porta ${w.capacity} persones, però la sortida del ${w.date} a les ${w.time} ja en té ${w.taken} venudes o reservades. Mou o cancel·la aquestes reserves primer, o tria un vaixell més gran.`,
  es: (w) =>
    `El barco ${w.boat} lleva ${w.capacity} personas, pero la salida del ${w.date} a las ${w.time} ya tiene ${w.taken} vendidas o reservadas. Mueve o cancela esas reservas primero, o elige un barco más grande.`,
  en: (w) =>
    `Boat ${w.boat} takes ${w.capacity} people, but the departure on ${w.date} at ${w.time} already has ${w.taken} sold or held. Move or cancel those bookings first, or choose a bigger boat.`,
  fr: (w) =>
    `Le bateau ${w.boat} prend ${w.capacity} personnes, mais le départ du ${w.date} à ${w.time} en a déjà ${w.taken} vendues ou réservées. Déplacez ou annulez ces réservations d’abord, ou choisissez un bateau plus grand.`,
};

/**
 * Why a timetable's new boat cannot be saved, in the editor's language, or null: one of the
 * departures it keeps has more seats sold or held than the new boat carries.
 */
export async function boatChangeRefusal(
  payload: Payload,
  doc: TimetableDoc,
  locale: unknown,
  now = new Date(),
): Promise<string | null> {
  const boatId = Number(refId(doc.boat));
  if (doc.id === undefined || !Number.isFinite(boatId)) return null;
  const existing = (await futureDeparturesOfTimetable(shopDb(payload), Number(doc.id), now)).filter(
    (d) => d.boatId !== boatId,
  );
  if (existing.length === 0) return null;
  const wanted = await wantedKeys(payload, now, { id: Number(doc.id), doc }, true, lastDate(existing));
  const boat = (await boatCapacities(payload)).get(boatId);
  if (!boat) return null;
  const tooFull = existing
    .filter((d) => wanted.get(d.key) === String(boatId) && d.seatsSold + d.seatsHeld > boat.capacity)
    .sort((a, b) => `${a.localDate} ${a.localTime}`.localeCompare(`${b.localDate} ${b.localTime}`))[0];
  if (!tooFull) return null;
  return refusal[isLocale(locale) ? locale : 'en']({
    boat: boat.name,
    capacity: boat.capacity,
    date: tooFull.localDate,
    time: tooFull.localTime,
    taken: tooFull.seatsSold + tooFull.seatsHeld,
  });
}

export type TimetableReconciliation = { removed: number; reboated: number; needAttention: number };

/**
 * After a timetable is saved (`doc`) or deleted (`doc` null): its future departures that the
 * timetables no longer want are removed if nobody ever booked them, cancelled quietly if only
 * lapsed holds did, and closed for sale if someone holds a seat or a ticket; the ones it keeps
 * move to its boat. Each statement re-checks the seats it relies on, so a purchase landing at the
 * same moment is either counted or not started, never lost. Every change is announced once its
 * statement has committed (`departure.removed`, `departure.cancelled` or `departure.changed`, with
 * reason `timetable` and `by`, who saved the timetable), so listeners (invoicing, the audit log)
 * miss none (docs/domain-rules.md#events).
 */
export async function reconcileTimetableDepartures(
  payload: Payload,
  timetableId: number,
  doc: TimetableDoc | null,
  now = new Date(),
  by = 'system',
): Promise<TimetableReconciliation> {
  const existing = await futureDeparturesOfTimetable(shopDb(payload), timetableId, now);
  const result: TimetableReconciliation = { removed: 0, reboated: 0, needAttention: 0 };
  if (existing.length === 0) return result;
  const active = doc !== null && doc.active !== false;
  const wanted = await wantedKeys(
    payload,
    now,
    { id: timetableId, doc: active ? doc : null },
    true,
    lastDate(existing),
  );
  const boats = await boatCapacities(payload);
  const db = shopDb(payload);
  const stamp = iso(now);
  // Each statement below commits on its own (as before: this runs in the timetable's save hook);
  // its event waits until the loop is done, and never announces a statement that changed nothing.
  const events: DomainEvent[] = [];
  const common = { at: now, by, reason: 'timetable' } as const;
  for (const departure of existing) {
    const wantedBoat = wanted.get(departure.key);
    if (wantedBoat === undefined) {
      if (await deleteUnbookedDeparture(db, departure.id)) {
        events.push({ type: 'departure.removed', departureId: departure.id, ...common });
        result.removed += 1;
        continue;
      }
      const cancelled = await transitionDeparture(db, departure.id, ['scheduled', 'closed'], 'cancelled', {
        now,
        by,
        reason: 'timetable',
        set: { sql: 'cancelled_at = ?', params: [stamp] },
        and: { sql: 'seats_sold = 0 AND seats_held = 0' },
      });
      if (cancelled) {
        events.push(cancelled.event);
        result.removed += 1;
        continue;
      }
      const closed = await transitionDeparture(db, departure.id, 'scheduled', 'closed', {
        now,
        by,
        reason: 'timetable',
      });
      if (closed) events.push(closed.event);
      result.needAttention += 1;
      continue;
    }
    if (wantedBoat !== String(departure.boatId) && doc !== null && refId(doc.boat) === wantedBoat) {
      const newBoat = boats.get(Number(wantedBoat));
      const oldBoat = boats.get(departure.boatId);
      if (!newBoat) continue;
      // A capacity staff lowered for this sailing stays lowered; the boat's full capacity follows the boat.
      const capacity =
        oldBoat && departure.capacity < oldBoat.capacity
          ? Math.min(departure.capacity, newBoat.capacity)
          : newBoat.capacity;
      const moved = await reboatDeparture(db, departure.id, { boatId: Number(wantedBoat), capacity }, now);
      if (moved) {
        events.push({
          type: 'departure.changed',
          departureId: departure.id,
          changes: [`boat ${wantedBoat}`, `capacity ${capacity}`],
          ...common,
        });
      }
      if (moved) result.reboated += 1;
    }
  }
  for (const event of events) await publish(payload, event);
  return result;
}

export type DepartureNeedingAttention = {
  id: number;
  localDate: string;
  localTime: string;
  tourId: number;
  seatsSold: number;
  seatsHeld: number;
  reason: 'timetable' | 'closedDay';
};

/**
 * Future departures that still carry passengers (or seats being paid for) although their
 * timetable no longer has them or the day was closed: staff must cancel them (passengers are
 * told and rebook or get their money back, docs/decisions/170-schedule-changes-are-disruptions.md)
 * or decide to sail anyway.
 */
export async function departuresNeedingAttention(
  payload: Payload,
  now = new Date(),
): Promise<DepartureNeedingAttention[]> {
  const departures = await futureGeneratedDeparturesWithSeatsTaken(shopDb(payload), now);
  if (departures.length === 0) return [];
  const wanted = await wantedKeys(payload, now, undefined, false, lastDate(departures));
  return departures.flatMap((d): DepartureNeedingAttention[] => {
    // A one-off departure is no timetable's to drop: only a closed day strands it.
    const dropped = d.generated && !wanted.has(d.key);
    if (!d.onClosedDay && !dropped) return [];
    return [
      {
        id: d.id,
        localDate: d.localDate,
        localTime: d.localTime,
        tourId: d.tourId,
        seatsSold: d.seatsSold,
        seatsHeld: d.seatsHeld,
        reason: d.onClosedDay ? 'closedDay' : 'timetable',
      },
    ];
  });
}

export type StrandedDeparture = {
  id: number;
  localDate: string;
  localTime: string;
  tourId: number;
  seatsSold: number;
  seatsHeld: number;
};

/**
 * The booked departures a timetable save would newly leave without their sailing, before it is
 * saved: `proposed` holds the fields the save would change (the admin's form sends them all),
 * laid over the stored timetable, or null for a deletion. Departures the timetables already do
 * not want are under "needs attention" already and are not counted again.
 */
export async function departuresStrandedByTimetableChange(
  payload: Payload,
  timetableId: number,
  proposed: TimetableDoc | null,
  now = new Date(),
): Promise<StrandedDeparture[]> {
  const booked = (await futureDeparturesOfTimetable(shopDb(payload), timetableId, now)).filter(
    (d) => d.seatsSold + d.seatsHeld > 0,
  );
  if (booked.length === 0) return [];
  const stored = (
    await payload.find({
      collection: 'timetables',
      where: { id: { equals: timetableId } },
      depth: 0,
      limit: 1,
      pagination: false,
    })
  ).docs[0];
  const doc: TimetableDoc | null = proposed ? { ...stored, ...proposed, id: timetableId } : null;
  const until = lastDate(booked);
  const wantedNow = await wantedKeys(payload, now, undefined, true, until);
  const wantedAfter = await wantedKeys(
    payload,
    now,
    { id: timetableId, doc: doc && doc.active !== false ? doc : null },
    true,
    until,
  );
  return booked
    .filter((d) => wantedNow.has(d.key) && !wantedAfter.has(d.key))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map(({ id, localDate, localTime, tourId, seatsSold, seatsHeld }) => ({
      id,
      localDate,
      localTime,
      tourId,
      seatsSold,
      seatsHeld,
    }));
}
