import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { generateAllDepartures } from '@/schedule/departures';
import { seed } from '@/seed/seed';
import { seedShop } from '@/seed/shop';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

async function departuresOf(tourId: number | string) {
  const { rows } = await shopDb(payload).query(
    'SELECT local_date, local_time FROM departures WHERE tour_id = ? ORDER BY starts_at',
    [Number(tourId)],
  );
  return rows.map((r) => ({ date: String(r.local_date), time: String(r.local_time) }));
}

describe(`demo shop seed on ${testDatabaseKind}`, () => {
  it('seeds demo timetables that pass the conflict check, with the Kings’ Parade once on 5 January at 15:15', async () => {
    await seed(payload);
    const first = await seedShop(payload);
    expect(first.timetables).toBeGreaterThanOrEqual(10);
    const tours = await payload.find({ collection: 'tours', limit: 100, depth: 0 });
    const bySlug = new Map(tours.docs.map((t) => [t.slug, t]));
    const kings = await departuresOf(bySlug.get('cabalgata-de-reyes-litoral-60-min')!.id);
    expect(kings.map((d) => `${d.date} ${d.time}`)).toEqual(['2027-01-05 15:15']);
    const aquarium = await departuresOf(bySlug.get('puerto-y-litoral-aquarium')!.id);
    expect(new Set(aquarium.map((d) => d.time))).toEqual(new Set(['10:30']));
    expect(aquarium.length).toBeGreaterThan(100);
    const waxMuseum = await departuresOf(bySlug.get('puerto-y-litoral-museo-de-cera')!.id);
    expect(waxMuseum.every((d) => ![0, 6].includes(new Date(`${d.date}T12:00:00Z`).getUTCDay()))).toBe(true);
    expect(bySlug.get('puerto-y-litoral-restaurante-il-mercante-di-venezia')!.booking?.mode).toBe('onRequest');
    expect(bySlug.get('puerto-y-litoral-60-min')!.booking?.roundTrip?.adult).toBe(1750);

    expect(await seedShop(payload)).toEqual({ toursPriced: 0, timetables: 0 });
    expect(await generateAllDepartures(payload)).toEqual({ created: 0 });
    // The whole demo catalogue and 120 days of departures: over a minute on a loaded 2-core machine.
  }, 180_000);
});
