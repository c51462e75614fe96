import { describe, expect, it } from 'vitest';

import { GET as availability } from '@/app/api/shop/tours/[slug]/availability/route';
import { createHold } from '@/booking/holds';
import { releaseHold } from '@/booking/hold-release';
import { utcToMadrid } from '@/i18n/time';

import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

/**
 * The calendar API shares one read of the seats per second among the phones asking for the same
 * tour and month (availability.ts, recentMonthAvailability). What a visitor must still see: their
 * own hold at once, seats coming back at once, and a change made elsewhere (another instance, the
 * back office) within the second.
 */
describe(`the calendar's seats on ${testDatabaseKind}`, () => {
  it('follow this instance’s holds at once, and a change made elsewhere within a second', async () => {
    const shop = await makeTour(payload, { menuKey: 'museum' });
    const startsAt = new Date(Date.now() + 6 * 24 * 3600_000);
    const departureId = await addDeparture(payload, shop, { capacity: 10, startsAt });
    const { slug } = await payload.findByID({ collection: 'tours', id: shop.tourId, depth: 0 });
    const month = utcToMadrid(startsAt).date.slice(0, 7);
    const seatsLeft = async () => {
      const response = await availability(
        new Request(`http://localhost/api/shop/tours/${slug}/availability?month=${month}&locale=en`),
        { params: Promise.resolve({ slug }) },
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { days: { departures: { id: number; seatsLeft: number }[] }[] };
      return body.days.flatMap((day) => day.departures).find((d) => d.id === departureId)?.seatsLeft;
    };

    expect(await seatsLeft()).toBe(10);
    expect(await seatsLeft()).toBe(10);
    const hold = await createHold(payload, {
      departureId,
      selection: selection({ adult: 3 }),
      customer,
      locale: 'en',
    });
    if (!hold.ok) throw new Error(`hold refused: ${hold.error}`);
    expect(await seatsLeft()).toBe(7);
    await releaseHold(payload, hold.reference);
    expect(await seatsLeft()).toBe(10);

    // The back office (Payload's own connection, as another instance would be) lowers the capacity.
    await payload.update({ collection: 'departures', id: departureId, data: { capacity: 4 } });
    const started = Date.now();
    await expect.poll(seatsLeft, { interval: 100, timeout: 2_000 }).toBe(4);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
