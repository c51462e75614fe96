// What the shop's benchmarks sail on: a boat, an online tour with a price list and departures a
// week out, made through the shop's own repositories. Use a throwaway database.
import type { Payload } from 'payload';

import { shopDb } from '../src/booking/db';
import { insertDeparture, sellFreeSeats } from '../src/booking/departures-repository';

/** The lead passenger every benchmark booking carries. */
export const benchCustomer = {
  name: 'Bench',
  surnames: 'Mark',
  email: 'bench@example.com',
  phone: '600000000',
  mobilePhone: '600000000',
};

/**
 * A boat of `boatCapacity` and an online tour (adults 15.00, reduced 12.00, children 8.00):
 * `slug` names a new tour, or with `reuse` the event tour already there is taken if there is one.
 */
export async function benchTour(payload: Payload, input: { slug: string; boatCapacity: number; reuse?: boolean }) {
  const stamp = Date.now();
  const boat = await payload.create({
    collection: 'boats',
    data: { name: `Bench ${stamp}`, slug: `bench-${stamp}`, capacity: input.boatCapacity },
  });
  const existing = input.reuse
    ? await payload.find({ collection: 'tours', where: { menuKey: { equals: 'sailingEvent' } }, limit: 1 })
    : { docs: [] };
  const tour =
    existing.docs[0] ??
    (await payload.create({
      collection: 'tours',
      data: {
        title: 'Bench',
        slug: input.slug,
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
  return { boatId: Number(boat.id), tourId: Number(tour.id) };
}

/** A departure of the bench tour about a week out (`jitter` spreads it over a day), `sold` of its seats sold. */
export async function benchDeparture(
  payload: Payload,
  shop: { boatId: number; tourId: number },
  input: { capacity: number; sold?: number; jitter?: boolean },
): Promise<number> {
  const startsAt = new Date(Date.now() + 7 * 86_400_000 + (input.jitter ? Math.random() * 86_400_000 : 0));
  return shopDb(payload).transaction(async (tx) => {
    const id = await insertDeparture(
      tx,
      {
        key: `bench-${Date.now()}-${Math.random()}`,
        tourId: shop.tourId,
        boatId: shop.boatId,
        timetableId: null,
        startsAt,
        localDate: '2099-01-01',
        localTime: '10:30',
        durationMinutes: 60,
        capacity: input.capacity,
      },
      new Date(),
    );
    if (id === null) throw new Error('bench departure key taken');
    if (input.sold && !(await sellFreeSeats(tx, id, input.sold))) throw new Error('bench departure too small');
    return id;
  });
}
