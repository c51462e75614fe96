import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { addDays, madridToday } from '@/i18n/time';
import { departuresNeedingAttention } from '@/schedule/timetable-changes';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

async function departuresOf(tourId: number) {
  const { rows } = await shopDb(payload).query(
    `SELECT id, local_date, local_time, status, boat_id, capacity, seats_sold
     FROM departures WHERE tour_id = ? ORDER BY starts_at`,
    [tourId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    date: String(r.local_date),
    time: String(r.local_time),
    status: String(r.status),
    boatId: Number(r.boat_id),
    capacity: Number(r.capacity),
    sold: Number(r.seats_sold),
  }));
}

/** `seats` paid through the website, in bookings of at most 10 (the web's per-booking cap is 20). */
async function sell(departureId: number, seats: number) {
  for (let left = seats; left > 0; left -= 10) {
    await paidBooking(payload, departureId, { adults: Math.min(10, left), locale: 'fr' });
  }
}

describe(`timetable changes reach departures on ${testDatabaseKind}`, () => {
  it('removes unsold departures, keeps booked ones for staff, re-boats the rest and refuses a boat too small', async () => {
    const shop = await makeTour(payload, { menuKey: 'time-out-market', boatCapacity: 40 });
    const today = madridToday(new Date());
    const [day1, day2, day3] = [addDays(today, 2), addDays(today, 3), addDays(today, 4)];
    const timetable = await payload.create({
      collection: 'timetables',
      data: {
        label: 'timetable-changes test',
        tour: shop.tourId,
        boat: shop.boatId,
        validFrom: day1,
        validTo: day3,
        days: 'daily',
        times: [{ time: '11:00' }, { time: '17:00' }],
      },
    });
    const generated = await departuresOf(shop.tourId);
    expect(generated.map((d) => `${d.date} ${d.time}`)).toEqual([
      `${day1} 11:00`,
      `${day1} 17:00`,
      `${day2} 11:00`,
      `${day2} 17:00`,
      `${day3} 11:00`,
      `${day3} 17:00`,
    ]);
    const at = (date: string, time: string) => generated.find((d) => d.date === date && d.time === time)!;

    // Passengers on two departures that the edit below drops: 30 paid at 17:00 on day 1, a hold on day 2's 17:00.
    await sell(at(day1, '17:00').id, 30);
    const hold = await createHold(payload, {
      departureId: at(day2, '17:00').id,
      selection: selection({ adult: 2 }),
      customer,
      locale: 'ca',
    });
    expect(hold.ok).toBe(true);

    // The office drops the 17:00 time and closes day 3.
    const office = await payload.create({
      collection: 'users',
      data: { email: `timetables-${Date.now()}@example.com`, password: 'harbour timetable 1888', role: 'office' },
    });
    await payload.update({
      collection: 'timetables',
      id: timetable.id,
      data: { times: [{ time: '11:00' }], closedDates: [{ date: day3 }] },
      user: office,
    });
    // The audit log says who changed what, before and after.
    const audit = await payload.find({
      collection: 'audit-log',
      where: { subject: { equals: `timetables:${timetable.id}` } },
      depth: 0,
    });
    expect(audit.docs).toHaveLength(1);
    expect(audit.docs[0]).toMatchObject({ actor: `user:${office.id}`, action: 'timetables.updated' });
    expect(audit.docs[0]!.before).toMatchObject({
      times: [expect.objectContaining({ time: '11:00' }), expect.objectContaining({ time: '17:00' })],
    });
    expect(audit.docs[0]!.after).toMatchObject({ closedDates: [expect.objectContaining({ date: day3 })] });
    expect(Object.keys(audit.docs[0]!.after as object).sort()).toEqual(['closedDates', 'times']);
    const after = await departuresOf(shop.tourId);
    // Nobody had booked these: gone, as if never generated.
    expect(after.find((d) => d.date === day3)).toBeUndefined();
    // Booked ones stay, untouched for their passengers, closed for sale, and on the board's list.
    expect(after.find((d) => d.id === at(day1, '17:00').id)).toMatchObject({ status: 'closed', sold: 30 });
    expect(after.find((d) => d.id === at(day2, '17:00').id)).toMatchObject({ status: 'closed' });
    const attention = await departuresNeedingAttention(payload);
    expect(attention.filter((d) => d.tourId === shop.tourId)).toEqual([
      expect.objectContaining({ id: at(day1, '17:00').id, seatsSold: 30, reason: 'timetable' }),
      expect.objectContaining({ id: at(day2, '17:00').id, seatsHeld: 2, reason: 'timetable' }),
    ]);
    expect(after.filter((d) => d.time === '11:00').map((d) => d.status)).toEqual(['scheduled', 'scheduled']);

    // A boat for 20 cannot take over while a kept departure has 30 sold… but the 11:00s are free.
    const small = await payload.create({
      collection: 'boats',
      data: { name: `Small boat ${Date.now()}`, slug: `small-boat-${Date.now()}`, capacity: 20 },
    });
    await sell(at(day1, '11:00').id, 25);
    await expect(
      payload.update({ collection: 'timetables', id: timetable.id, data: { boat: small.id }, locale: 'en' }),
    ).rejects.toThrow(`Boat ${small.name} takes 20 people, but the departure on ${day1} at 11:00 already has 25`);
    expect((await departuresOf(shop.tourId)).every((d) => d.boatId === shop.boatId)).toBe(true);

    // A boat big enough takes every departure the timetable keeps, with its own capacity.
    const big = await payload.create({
      collection: 'boats',
      data: { name: `Big boat ${Date.now()}`, slug: `big-boat-${Date.now()}`, capacity: 60 },
    });
    await payload.update({ collection: 'timetables', id: timetable.id, data: { boat: big.id } });
    const reboated = await departuresOf(shop.tourId);
    expect(reboated.filter((d) => d.time === '11:00').map((d) => [d.boatId, d.capacity])).toEqual([
      [Number(big.id), 60],
      [Number(big.id), 60],
    ]);
    // The dropped ones keep their boat: they are no longer the timetable's to move.
    expect(reboated.filter((d) => d.time === '17:00').every((d) => d.boatId === shop.boatId)).toBe(true);

    // Deleting the timetable leaves booked departures in staff hands and removes the unsold ones.
    await payload.delete({ collection: 'timetables', id: timetable.id });
    const left = await departuresOf(shop.tourId);
    expect(left.map((d) => d.id).sort()).toEqual(
      [at(day1, '11:00').id, at(day1, '17:00').id, at(day2, '17:00').id].sort(),
    );
    expect((await departuresNeedingAttention(payload)).filter((d) => d.tourId === shop.tourId)).toHaveLength(3);
  });
});
