// The office's booking search on 100,000 bookings, on the database DATABASE_URL names (a throwaway
// one: `npm run bench:search` creates and drops it). Seeds bookings with varied names, e-mails and
// phones over a year of departures, then times the queries the office types.
import config from '@payload-config';
import { getPayload } from 'payload';

import { searchBookings } from '../src/operations/booking-search';
import { shopDb, type Param } from '../src/booking/db';
import { addDays } from '../src/i18n/time';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const RUNS = 7;

const payload = await getPayload({ config });
await payload.db.migrate();
const db = shopDb(payload);
const stamp = Date.now();
const boat = await payload.create({
  collection: 'boats',
  data: { name: `Bench ${stamp}`, slug: `bench-${stamp}`, capacity: 200 },
});
const tours: { id: number | string }[] = [];
for (const [menuKey, kind] of [
  ['museum', 'harbour'],
  ['sailingEvent', 'event'],
] as const) {
  tours.push(
    await payload.create({
      collection: 'tours',
      locale: 'ca',
      data: { title: `Bench ${menuKey}`, slug: `bench-${kind}-${stamp}`, menuKey, kind, durationMinutes: 40 } as never,
    }),
  );
}

// A year of departures, six a day per tour.
const firstDay = '2026-01-01';
const departures: { id: number; tour: number; date: string }[] = [];
const now = new Date().toISOString();
await db.transaction(async (tx) => {
  for (let day = 0; day < 365; day++) {
    const date = addDays(firstDay, day);
    for (const tour of tours) {
      for (const time of ['10:00', '11:30', '13:00', '15:00', '16:30', '18:00']) {
        const { rows } = await tx.query(
          `INSERT INTO departures (key, tour_id, boat_id, starts_at, local_date, local_time, duration_minutes, capacity,
             seats_sold, seats_held, status, updated_at, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 40, 200, 0, 0, 'scheduled', ?, ?) RETURNING id`,
          [
            `bench-${stamp}-${tour.id}-${date}-${time}`,
            tour.id,
            boat.id,
            `${date}T${time}:00.000Z`,
            date,
            time,
            now,
            now,
          ],
        );
        departures.push({ id: Number(rows[0]!.id), tour: Number(tour.id), date });
      }
    }
  }
});

const names = [
  'Joan',
  'Maria',
  'Jordi',
  'Laia',
  'Pere',
  'Núria',
  'Carlos',
  'Lucía',
  'Pierre',
  'Camille',
  'John',
  'Emma',
  'Marc',
  'Anna',
  'David',
  'Sara',
];
const surnames = [
  'Garcia',
  'Martínez',
  'Puig',
  'Vidal',
  'Soler',
  'Ferrer',
  'Serra',
  'López',
  'Dubois',
  'Moreau',
  'Smith',
  'Brown',
  'Rovira',
  'Casals',
  'Pujol',
  'Bosch',
  'Roca',
  'Font',
  'Riera',
  'Mas',
];
// mulberry32: a fixed seed, so every run searches the same data.
let seed = 42;
const rand = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
};
const statuses = ['paid', 'paid', 'paid', 'paid', 'expired', 'cancelled'];
const started = performance.now();
const BATCH = 500;
for (let start = 0; start < BOOKINGS; start += BATCH) {
  await db.transaction(async (tx) => {
    const values: string[] = [];
    const params: Param[] = [];
    for (let i = start; i < Math.min(BOOKINGS, start + BATCH); i++) {
      const d = departures[rand(departures.length)]!;
      const name = names[rand(names.length)]!;
      const surname = `${surnames[rand(surnames.length)]} ${surnames[rand(surnames.length)]}${i % 97 === 0 ? ' Zabaleta' : ''}`;
      const phone = `+34 6${String(10_000_000 + rand(89_999_999)).slice(0, 2)} ${String(rand(999)).padStart(3, '0')} ${String(i % 1000).padStart(3, '0')}`;
      values.push("(?, ?, ?, ?, 'roundTrip', 2, 0, 0, 0, 0, 2, 3000, ?, ?, ?, ?, ?, ?, 'ca', ?, ?, ?, ?)");
      params.push(
        `B${String(i).padStart(7, '0')}X`,
        d.tour,
        d.id,
        statuses[rand(statuses.length)]!,
        name,
        surname,
        `${name.toLowerCase()}.${i}@example.com`,
        phone,
        phone,
        i % 5 === 0 ? 'Cadira de rodes' : null,
        now,
        false,
        now,
        now,
      );
    }
    await tx.query(
      `INSERT INTO bookings (reference, tour_id, departure_id, status, trip_type, adults, reduced, children, super3,
         audio_guides, seats, total_cents, customer_name, customer_surnames, customer_email, customer_phone,
         customer_mobile_phone, customer_comments, locale, hold_expires_at, hold_extended, updated_at, created_at)
       VALUES ${values.join(', ')}`,
      params,
    );
  });
}
console.log(`seeded ${BOOKINGS} bookings on ${db.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (db.kind === 'postgres') await db.query('ANALYZE bookings');
else await db.query('ANALYZE');

const sampleDay = departures[departures.length / 2]!.date;
const queries: [string, Parameters<typeof searchBookings>[1]][] = [
  ['surname, partial ("zabal")', { q: 'zabal' }],
  ['surname, common ("martínez")', { q: 'martínez' }],
  ['name + surname ("laia puig")', { q: 'laia puig' }],
  ['surname without its accent ("lopez")', { q: 'lopez' }],
  ['two surnames, any order ("lopez garcia")', { q: 'lopez garcia' }],
  ['e-mail, partial (".54321@")', { q: '.54321@' }],
  ['phone digits ("123")', { q: '123' }],
  ['reference ("B0054321X")', { q: 'B0054321X' }],
  ['reference, partial ("0054321")', { q: '0054321' }],
  ['date only', { date: sampleDay }],
  ['date + tour', { date: sampleDay, tour: Number(tours[0]!.id) }],
  ['surname + date ("garcia", date)', { q: 'garcia', date: sampleDay }],
  ['no match ("qqqxyz")', { q: 'qqqxyz' }],
];
const report: { query: string; hits: number; medianMs: number; maxMs: number }[] = [];
for (const [label, query] of queries) {
  const times: number[] = [];
  let hits = 0;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    hits = (await searchBookings(payload, query)).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  report.push({
    query: label,
    hits,
    medianMs: Math.round(times[Math.floor(RUNS / 2)]! * 10) / 10,
    maxMs: Math.round(times[RUNS - 1]! * 10) / 10,
  });
}
console.table(report);
console.log(`BENCH_SEARCH ${JSON.stringify({ database: db.kind, bookings: BOOKINGS, report })}`);
await payload.destroy();
process.exit(0);
