// Seat-hold throughput and the last-seats race, on the database DATABASE_URL names (use a
// throwaway PostgreSQL database: it creates a boat, a tour and departures).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx payload run scripts/bench-holds.ts
import config from '@payload-config';
import { getPayload } from 'payload';

import { shopDb } from '../src/booking/db';
import { findDeparture } from '../src/booking/departures-repository';
import { createHold } from '../src/booking/holds';

import { benchCustomer, benchDeparture, benchTour } from './bench-shop';

const HOLDS = Number(process.env.BENCH_HOLDS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RACERS = Number(process.env.BENCH_RACERS ?? 500);

const payload = await getPayload({ config });
await payload.db.migrate();
const shop = await benchTour(payload, { slug: `bench-${Date.now()}`, boatCapacity: 1000, reuse: true });
const departure = (capacity: number, sold: number) => benchDeparture(payload, shop, { capacity, sold, jitter: true });
const customer = benchCustomer;
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
const after = (await findDeparture(shopDb(payload), last))!;
const oversold = Math.max(0, after.seatsSold + after.seatsHeld - after.capacity);

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
