import { afterEach, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { subscribe, type DomainEvent, type DomainEventType } from '@/booking/events';
import { releaseHold } from '@/booking/hold-release';
import { createHold } from '@/booking/holds';
import { addDays, madridToday } from '@/i18n/time';
import { IllegalTransitionError, transitionBooking, transitionDeparture } from '@/booking/transitions';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { customer, addDeparture, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

/** Every event of `types` published from now on, until the test ends. */
const stops: (() => void)[] = [];
function listen(types: DomainEventType[]): DomainEvent[] {
  const seen: DomainEvent[] = [];
  for (const type of types) stops.push(subscribe(type, `test.transitions.${type}`, (event) => void seen.push(event)));
  return seen;
}
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function row(table: 'bookings' | 'departures', id: number) {
  const { rows } = await shopDb(payload).query(
    `SELECT status, updated_at${table === 'departures' ? ', seats_held' : ''} FROM ${table} WHERE id = ?`,
    [id],
  );
  return rows[0];
}

async function officeUser() {
  return payload.create({
    collection: 'users',
    data: { email: `transitions-${Date.now()}@example.com`, password: 'harbour transitions 1888', role: 'office' },
  });
}

describe(`status transitions on ${testDatabaseKind}`, () => {
  it('an illegal or stale move leaves the row as it was', async () => {
    const shop = await makeTour(payload, { menuKey: 'kingsParade40' });
    const departureId = await addDeparture(payload, shop);
    const hold = await createHold(payload, { departureId, selection: selection(), customer, locale: 'en' });
    if (!hold.ok) throw new Error(hold.error);
    const seen = listen(['booking.statusChanged']);
    expect(await releaseHold(payload, hold.reference)).toMatchObject({ ok: true });
    // Announced once committed, with who did it.
    expect(seen).toEqual([
      expect.objectContaining({ bookingId: hold.bookingId, from: 'held', to: 'expired', by: 'visitor' }),
    ]);
    const released = await row('bookings', hold.bookingId);
    expect(released).toMatchObject({ status: 'expired' });

    const db = shopDb(payload);
    const later = new Date(Date.now() + 60_000);
    // Not in the table: refused before any SQL, whatever the row holds.
    await expect(
      db.transaction((tx) => transitionBooking(tx, hold.bookingId, 'expired', 'held', { now: later })),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
    await expect(
      db.transaction((tx) => transitionBooking(tx, hold.bookingId, 'cancelled', 'paid', { now: later })),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
    // In the table, but the booking is no longer held: nothing matches, nothing changes.
    expect(
      await db.transaction((tx) => transitionBooking(tx, hold.bookingId, 'held', 'paid', { now: later })),
    ).toBeNull();
    expect(await row('bookings', hold.bookingId)).toEqual(released);
    // Releasing it again gives no seats back twice.
    expect(await releaseHold(payload, hold.reference)).toEqual({ ok: false, error: 'notHeld' });
    expect(seen).toHaveLength(1);

    // A cancelled departure stays cancelled.
    const cancelled = await db.transaction((tx) =>
      transitionDeparture(tx, departureId, 'scheduled', 'cancelled', { now: later, reason: 'other' }),
    );
    expect(cancelled?.event).toMatchObject({ type: 'departure.cancelled', from: 'scheduled', reason: 'other' });
    const cancelledRow = await row('departures', departureId);
    await expect(
      db.transaction((tx) => transitionDeparture(tx, departureId, 'cancelled', 'scheduled', { now: later })),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
    expect(
      await db.transaction((tx) => transitionDeparture(tx, departureId, 'closed', 'scheduled', { now: later })),
    ).toBeNull();
    expect(await row('departures', departureId)).toEqual(cancelledRow);
  });

  it('a closed day and a timetable edit announce every departure they change, and the audit log records it', async () => {
    const shop = await makeTour(payload, { menuKey: 'time-out-market', boatCapacity: 40 });
    const office = await officeUser();
    const by = `user:${office.id}`;
    const today = madridToday(new Date());
    const [day1, day2, day3] = [addDays(today, 2), addDays(today, 3), addDays(today, 4)];
    const timetable = await payload.create({
      collection: 'timetables',
      data: {
        label: 'transitions test',
        tour: shop.tourId,
        boat: shop.boatId,
        validFrom: day1,
        validTo: day3,
        days: 'daily',
        times: [{ time: '11:00' }, { time: '17:00' }],
      },
    });
    const { rows } = await shopDb(payload).query(
      'SELECT id, local_date, local_time FROM departures WHERE tour_id = ? ORDER BY starts_at',
      [shop.tourId],
    );
    const at = (date: string, time: string) =>
      Number(rows.find((r) => r.local_date === date && r.local_time === time)!.id);
    const seen = listen(['departure.cancelled', 'departure.changed', 'departure.removed']);

    // The office closes day 1 for this tour: both unsold departures are cancelled, and said so.
    await payload.create({ collection: 'closed-days', data: { date: day1, tour: shop.tourId }, user: office });
    expect(seen.filter((e) => e.type === 'departure.cancelled')).toEqual([
      expect.objectContaining({ departureId: at(day1, '11:00'), reason: 'closedDay', from: 'scheduled', by }),
      expect.objectContaining({ departureId: at(day1, '17:00'), reason: 'closedDay', from: 'scheduled', by }),
    ]);

    // A hold on day 2's 17:00, then the office drops 17:00: that one closes for sale, day 3's goes.
    const hold = await createHold(payload, {
      departureId: at(day2, '17:00'),
      selection: selection(),
      customer,
      locale: 'ca',
    });
    expect(hold.ok).toBe(true);
    seen.length = 0;
    await payload.update({
      collection: 'timetables',
      id: timetable.id,
      data: { times: [{ time: '11:00' }] },
      user: office,
    });
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'departure.changed',
          departureId: at(day2, '17:00'),
          changes: ['closed for sale'],
          status: { from: 'scheduled', to: 'closed' },
          reason: 'timetable',
          by,
        }),
        expect.objectContaining({ type: 'departure.removed', departureId: at(day3, '17:00'), reason: 'timetable', by }),
      ]),
    );
    expect(seen).toHaveLength(2);

    // A new boat: the departures the timetable keeps move to it, each announced.
    const big = await payload.create({
      collection: 'boats',
      data: { name: `Transitions boat ${Date.now()}`, slug: `transitions-boat-${Date.now()}`, capacity: 60 },
    });
    seen.length = 0;
    await payload.update({ collection: 'timetables', id: timetable.id, data: { boat: big.id }, user: office });
    expect(seen.map((e) => [e.type, 'departureId' in e ? e.departureId : null]).sort()).toEqual(
      [
        ['departure.changed', at(day2, '11:00')],
        ['departure.changed', at(day3, '11:00')],
      ].sort(),
    );
    expect(seen[0]).toMatchObject({ changes: [`boat ${big.id}`, 'capacity 60'], by });

    // The audit log has each of them, with the office user and the status before and after.
    const audit = async (departureId: number) => {
      const { rows: entries } = await shopDb(payload).query(
        'SELECT actor, action, before, after FROM audit_log WHERE subject = ? ORDER BY id',
        [`departure:${departureId}`],
      );
      const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
      return entries.map((e) => ({ actor: e.actor, action: e.action, before: json(e.before), after: json(e.after) }));
    };
    expect(await audit(at(day1, '11:00'))).toEqual([
      {
        actor: by,
        action: 'departure.cancelled',
        before: { status: 'scheduled' },
        after: { status: 'cancelled', reason: 'closedDay' },
      },
    ]);
    expect(await audit(at(day2, '17:00'))).toEqual([
      {
        actor: by,
        action: 'departure.changed',
        before: { status: 'scheduled' },
        after: { changes: ['closed for sale'], status: 'closed', reason: 'timetable' },
      },
    ]);
    expect(await audit(at(day3, '17:00'))).toEqual([
      { actor: by, action: 'departure.removed', before: null, after: { removed: true, reason: 'timetable' } },
    ]);
    expect(await audit(at(day3, '11:00'))).toEqual([
      {
        actor: by,
        action: 'departure.changed',
        before: null,
        after: { changes: [`boat ${big.id}`, 'capacity 60'], reason: 'timetable' },
      },
    ]);
  });
});
