import { describe, expect, it } from 'vitest';

import { monthAvailability } from '@/schedule/availability';
import { isOnClosedDay } from '@/schedule/closed-days';
import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { addDays, madridToday } from '@/i18n/time';

import { customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();

async function departuresOn(tourId: number, date: string) {
  const { rows } = await shopDb(payload).query(
    'SELECT id, status FROM departures WHERE tour_id = ? AND local_date = ? ORDER BY id',
    [tourId, date],
  );
  return rows.map((r) => ({ id: Number(r.id), status: String(r.status) }));
}

describe(`closed days on ${testDatabaseKind}`, () => {
  it('are not generated, are shown closed on the calendar, and close what was already on sale', async () => {
    const shop = await makeTour(payload, { menuKey: 'kingsParade40' });
    const today = madridToday(new Date());
    const closedBefore = addDays(today, 5);
    const closedAfter = addDays(today, 6);
    const withHold = addDays(today, 7);
    // Whole fleet closed before the timetable exists: never generated.
    await payload.create({ collection: 'closed-days', data: { date: closedBefore, note: 'test' } });
    await payload.create({
      collection: 'timetables',
      data: {
        label: 'closed-days test',
        tour: shop.tourId,
        boat: shop.boatId,
        validFrom: addDays(today, 1),
        validTo: addDays(today, 20),
        days: 'daily',
        times: [{ time: '11:00' }],
      },
    });
    expect(await departuresOn(shop.tourId, closedBefore)).toEqual([]);
    expect(await departuresOn(shop.tourId, closedAfter)).toHaveLength(1);

    // A hold on a day closed afterwards: that departure stays (staff must deal with it) but is not sold.
    const [held] = await departuresOn(shop.tourId, withHold);
    const hold = await createHold(payload, { departureId: held!.id, selection: selection(), customer, locale: 'en' });
    expect(hold.ok).toBe(true);

    // Closed for this tour after generation: the unsold departure is cancelled.
    await payload.create({ collection: 'closed-days', data: { date: closedAfter, tour: shop.tourId } });
    await payload.create({ collection: 'closed-days', data: { date: withHold, tour: shop.tourId } });
    expect(await departuresOn(shop.tourId, closedAfter)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    expect(await departuresOn(shop.tourId, withHold)).toEqual([expect.objectContaining({ status: 'scheduled' })]);
    expect(await isOnClosedDay(payload, held!.id)).toBe(true);

    // Not sellable on the calendar: every closed day is listed closed and has no departure.
    const tour = await payload.findByID({ collection: 'tours', id: shop.tourId, depth: 0 });
    for (const date of [closedBefore, closedAfter, withHold]) {
      const month = await monthAvailability(payload, tour.slug, date.slice(0, 7), 'en');
      expect(month?.closedDates).toContain(date);
      expect(month?.days.find((d) => d.date === date)).toBeUndefined();
    }
    // Nor through the hold API: the cancelled departure refuses a hold.
    const [cancelled] = await departuresOn(shop.tourId, closedAfter);
    const refused = await createHold(payload, {
      departureId: cancelled!.id,
      selection: selection(),
      customer,
      locale: 'en',
    });
    expect(refused).toMatchObject({ ok: false, error: 'departureUnavailable' });
  });
});
