import { expect, type APIRequestContext } from '@playwright/test';

import { madridToUtc } from '../../src/booking/time';

/**
 * Departures that staff specs add for themselves. They go on a tour no visitor spec books
 * (the Time Out Market combination): a small late departure on the tour the purchase specs use
 * would, once the seeded times of the day have gone, become the first one a visitor is offered,
 * with too few seats left for the three tickets those specs buy.
 */
export const STAFF_SPEC_TOUR = 'puerto-y-litoral-time-out-market';

export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

export async function staffToken(
  request: APIRequestContext,
  who: { email: string; password: string } = E2E_ADMIN,
): Promise<string> {
  const login = await request.post('/api/users/login', { data: who });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

export interface StaffDeparture {
  id: number;
  tourId: number;
  adultCents: number;
}

/**
 * Adds a departure at `time` on `date` (Madrid), as the admin, and returns it with its adult fare.
 * On the staff specs' tour unless another is named (one no visitor spec books, for the same reason).
 */
export async function addStaffDeparture(
  request: APIRequestContext,
  adminAuth: Record<string, string>,
  {
    date,
    time,
    capacity,
    key,
    tour: slug = STAFF_SPEC_TOUR,
  }: { date: string; time: string; capacity: number; key: string; tour?: string },
): Promise<StaffDeparture> {
  const tours = await (
    await request.get(`/api/tours?where[slug][equals]=${slug}&limit=1&depth=0&locale=ca`, {
      headers: adminAuth,
    })
  ).json();
  const tour = tours.docs[0];
  expect(tour, `seeded tour ${slug}`).toBeTruthy();
  const boats = await (await request.get('/api/boats?limit=1&depth=0', { headers: adminAuth })).json();
  const created = await request.post('/api/departures', {
    headers: adminAuth,
    data: {
      key: `e2e-${key}-${Date.now()}-${time}`,
      tour: tour.id,
      boat: boats.docs[0].id,
      startsAt: madridToUtc(date, time).toISOString(),
      localDate: date,
      localTime: time,
      durationMinutes: 60,
      capacity: Math.min(capacity, boats.docs[0].capacity),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return {
    id: ((await created.json()) as { doc: { id: number } }).doc.id,
    tourId: tour.id,
    adultCents: Number(tour.booking.roundTrip.adult),
  };
}
