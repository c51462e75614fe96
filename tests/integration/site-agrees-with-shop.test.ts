import { beforeAll, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { releaseHold } from '@/booking/hold-release';
import { createHold } from '@/booking/holds';
import { tourBookingSettings } from '@/booking/tours-repository';
import { tripTypes } from '@/booking/pricing';
import { loadPublishedTimetable, promisedDepartures } from '@/schedule/published-timetable';
import { tourCard } from '@/content/site';
import { seed } from '@/seed/seed';
import { seedShop } from '@/seed/shop';

import { customer } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

/**
 * Issue 14, "what the site says is what the shop sells", on the demo catalogue: every price and
 * timetable a page shows is checked against what the shop actually sells.
 */
const payload = useTestPayload();

beforeAll(async () => {
  await seed(payload);
  await seedShop(payload);
}, 120_000);

async function nextDepartureId(tourId: number): Promise<number | null> {
  const { rows } = await shopDb(payload).query(
    `SELECT id FROM departures WHERE tour_id = ? AND status = 'scheduled' AND starts_at > ? ORDER BY starts_at LIMIT 1`,
    [tourId, new Date(Date.now() + 3600_000).toISOString()],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

describe(`the site agrees with the shop on ${testDatabaseKind}`, () => {
  it('every tour’s “from” price is the cheapest adult ticket checkout charges', async () => {
    const { docs } = await payload.find({ collection: 'tours', limit: 100, depth: 0, pagination: false });
    expect(docs.length).toBeGreaterThan(10);
    let priced = 0;
    for (const doc of docs) {
      const card = tourCard(doc);
      const settings = tourBookingSettings(doc as never);
      if (settings.mode !== 'online') {
        expect(card.priceFromCents, doc.slug).toBeNull();
        continue;
      }
      const departureId = await nextDepartureId(Number(doc.id));
      expect(departureId, `${doc.slug} has a departure to sell`).not.toBeNull();
      const charged: number[] = [];
      for (const tripType of tripTypes) {
        if (tripType === 'oneWay' && !settings.priceList?.oneWay) continue;
        const held = await createHold(payload, {
          departureId: departureId!,
          selection: { tripType, adult: 1, reduced: 0, child: 0, super3: 0, audioGuides: 0 },
          customer,
          locale: 'en',
        });
        expect(held.ok, `${doc.slug} ${tripType}`).toBe(true);
        if (!held.ok) continue;
        charged.push(held.totalCents);
        await releaseHold(payload, held.reference);
      }
      expect(card.priceFromCents, doc.slug).toBe(Math.min(...charged));
      priced++;
    }
    expect(priced).toBeGreaterThan(5);
  });
});

describe(`published timetables on ${testDatabaseKind}`, () => {
  it('every tour’s published timetable is exactly its departures over the next 60 days', async () => {
    const { docs } = await payload.find({ collection: 'tours', limit: 100, depth: 0, pagination: false });
    let published = 0;
    for (const doc of docs) {
      const timetable = await loadPublishedTimetable(payload, doc.id);
      const { rows } = await shopDb(payload).query(
        `SELECT local_date, local_time FROM departures
         WHERE tour_id = ? AND status = 'scheduled' AND local_date >= ? AND local_date <= ?`,
        [Number(doc.id), timetable.from, timetable.to],
      );
      const onSale = new Set(rows.map((r) => `${String(r.local_date)} ${String(r.local_time)}`));
      expect([...promisedDepartures(timetable)].sort(), doc.slug).toEqual([...onSale].sort());
      if (onSale.size > 0) published++;
    }
    expect(published).toBeGreaterThan(5);
  });

  it('a weekend-only timetable publishes weekends only (the Moco combination)', async () => {
    const moco = (await payload.find({ collection: 'tours', where: { menuKey: { equals: 'moco60' } }, depth: 0 }))
      .docs[0]!;
    const timetable = await loadPublishedTimetable(payload, moco.id);
    expect(timetable.rows.map((row) => row.days)).toEqual(['weekends']);
    expect(timetable.rows[0]!.times).toEqual(['12:00']);
  });
});
