import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { generateAllDepartures } from '@/schedule/departures';
import { addDays, madridToday } from '@/i18n/time';

import { makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

async function departuresOf(tourId: number | string) {
  const { rows } = await shopDb(payload).query(
    'SELECT key, local_date, local_time, starts_at, capacity, boat_id FROM departures WHERE tour_id = ? ORDER BY starts_at',
    [Number(tourId)],
  );
  return rows.map((r) => ({
    key: String(r.key),
    date: String(r.local_date),
    time: String(r.local_time),
    startsAt: new Date(r.starts_at as string).toISOString(),
    capacity: Number(r.capacity),
  }));
}

describe(`departure generation on ${testDatabaseKind}`, () => {
  it('generates departures on timetable save with the boat’s capacity, Madrid times stored as UTC, no duplicates', async () => {
    const shop = await makeTour(payload, { menuKey: 'ramonet', boatCapacity: 88 });
    const timetable = await payload.create({
      collection: 'timetables',
      data: {
        label: 'Weekdays at 10:30',
        tour: shop.tourId,
        boat: shop.boatId,
        validFrom: '2027-03-22',
        validTo: '2027-04-02',
        days: 'weekdays',
        times: [{ time: '10:30' }],
        closedDates: [{ date: '2027-03-24' }],
        extraDepartures: [{ date: '2027-03-27', time: '15:15' }],
      },
    });
    // On save: only what falls inside the 120-day horizon from today.
    const horizonEnd = addDays(madridToday(new Date()), 120);
    const onSave = await departuresOf(shop.tourId);
    expect(onSave.every((d) => d.date <= horizonEnd)).toBe(true);
    // The daily job, run as if on 1 March 2027, fills in the rest of the season.
    await generateAllDepartures(payload, new Date('2027-03-01T12:00:00Z'));
    const generated = await departuresOf(shop.tourId);
    // Mon 22 … Fri 2 April: 10 weekdays, one closed, plus the Saturday extra.
    expect(generated.map((d) => `${d.date} ${d.time}`)).toEqual([
      '2027-03-22 10:30',
      '2027-03-23 10:30',
      '2027-03-25 10:30',
      '2027-03-26 10:30',
      '2027-03-27 15:15',
      '2027-03-29 10:30',
      '2027-03-30 10:30',
      '2027-03-31 10:30',
      '2027-04-01 10:30',
      '2027-04-02 10:30',
    ]);
    // Winter time (UTC+1) before the last Sunday of March, summer time (UTC+2) after it.
    expect(generated[0]!.startsAt).toBe('2027-03-22T09:30:00.000Z');
    expect(generated.at(-1)!.startsAt).toBe('2027-04-02T08:30:00.000Z');
    expect(generated.every((d) => d.capacity === 88)).toBe(true);

    await payload.update({ collection: 'timetables', id: timetable.id, data: { label: 'Renamed' } });
    expect(await generateAllDepartures(payload, new Date('2027-03-01T12:00:00Z'))).toMatchObject({ created: 0 });
    expect(await departuresOf(shop.tourId)).toHaveLength(10);
  });

  it('refuses a timetable that puts a boat on two overlapping departures, saying which', async () => {
    const shop = await makeTour(payload, { menuKey: 'americas' });
    await payload.create({
      collection: 'timetables',
      data: {
        label: 'Morning',
        tour: shop.tourId,
        boat: shop.boatId,
        validFrom: '2026-12-01',
        validTo: '2027-02-28',
        days: 'daily',
        times: [{ time: '11:00' }],
      },
    });
    // 60 minutes out plus 15 turning around: 12:00 is too early, 12:15 is fine.
    await expect(
      payload.create({
        collection: 'timetables',
        locale: 'en',
        data: {
          label: 'Clash',
          tour: shop.tourId,
          boat: shop.boatId,
          validFrom: '2027-01-10',
          validTo: '2027-01-10',
          days: 'daily',
          times: [{ time: '12:00' }],
        },
      }),
    ).rejects.toThrow(/is already sailing at 11:00 on 2027-01-10/);
    await payload.create({
      collection: 'timetables',
      data: {
        label: 'Fits',
        tour: shop.tourId,
        boat: shop.boatId,
        validFrom: '2027-01-10',
        validTo: '2027-01-10',
        days: 'daily',
        times: [{ time: '12:15' }],
      },
    });
  });
});
