// Seat-hold throughput and the last-seats race, on the database DATABASE_URL names (use a
// throwaway PostgreSQL database: it creates a boat, a tour and departures).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx payload run scripts/bench-holds.ts
import config from '@payload-config';
import { getPayload } from 'payload';

import { shopDb } from '../src/booking/db';
import { createHold } from '../src/booking/holds';

const HOLDS = Number(process.env.BENCH_HOLDS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RACERS = Number(process.env.BENCH_RACERS ?? 500);

const payload = await getPayload({ config });
await payload.db.migrate();
const db = shopDb(payload);
const stamp = Date.now();
const boat = await payload.create({
  collection: 'boats',
  data: { name: `Bench ${stamp}`, slug: `bench-${stamp}`, capacity: 1000 },
});
const existing = await payload.find({ collection: 'tours', where: { menuKey: { equals: 'sailingEvent' } }, limit: 1 });
const tour =
  existing.docs[0] ??
  (await payload.create({
    collection: 'tours',
    data: {
      title: 'Bench',
      slug: `bench-${stamp}`,
      menuKey: 'sailingEvent',
      kind: 'event',
      durationMinutes: 60,
    } as never,
  }));
await payload.update({
  collection: 'tours',
  id: tour.id,
  data: { booking: { mode: 'online', roundTrip: { adult: 1500, reduced: 1200, child: 800 } } } as never,
});

async function departure(capacity: number, sold: number): Promise<number> {
  const now = new Date().toISOString();
  const startsAt = new Date(Date.now() + 7 * 86_400_000 + Math.random() * 86_400_000).toISOString();
  const { rows } = await db.query(
    `INSERT INTO departures (key, tour_id, boat_id, starts_at, local_date, local_time, duration_minutes, capacity,
       seats_sold, seats_held, status, updated_at, created_at)
     VALUES (?, ?, ?, ?, '2099-01-01', '10:30', 60, ?, ?, 0, 'scheduled', ?, ?) RETURNING id`,
    [`bench-${stamp}-${Math.random()}`, tour.id, boat.id, startsAt, capacity, sold, now, now],
  );
  return Number(rows[0]!.id);
}

const customer = {
  name: 'Bench',
  surnames: 'Mark',
  email: 'bench@example.com',
  phone: '600000000',
  mobilePhone: '600000000',
};
const selection = { adult: 1, reduced: 0, child: 0, super3: 0, audioGuides: 0, tripType: 'roundTrip' as const };

// Throughput: HOLDS successful holds spread over departures with room, CONCURRENCY in flight.
const departures = await Promise.all(Array.from({ length: Math.ceil(HOLDS / 900) }, () => departure(1000, 0)));
let next = 0;
let ok = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < HOLDS) {
      const i = next++;
      const result = await createHold(payload, {
        departureId: departures[i % departures.length]!,
        selection,
        customer,
        locale: 'ca',
      });
      if (result.ok) ok++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

// The race: RACERS buyers at once for the last 10 seats.
const last = await departure(150, 140);
const race = await Promise.all(
  Array.from({ length: RACERS }, () => createHold(payload, { departureId: last, selection, customer, locale: 'ca' })),
);
const { rows } = await db.query('SELECT capacity, seats_sold, seats_held FROM departures WHERE id = ?', [last]);
const row = rows[0]!;
const oversold = Math.max(0, Number(row.seats_sold) + Number(row.seats_held) - Number(row.capacity));

console.log(
  JSON.stringify({
    database: payload.db.name,
    holds: ok,
    concurrency: CONCURRENCY,
    seconds: Number(seconds.toFixed(2)),
    holdsPerSecond: Math.round(ok / seconds),
    race: {
      racers: RACERS,
      won: race.filter((r) => r.ok).length,
      capacityExhausted: race.filter((r) => !r.ok && r.error === 'capacityExhausted').length,
      oversold,
    },
  }),
);
await payload.destroy();
process.exit(oversold === 0 ? 0 : 1);
