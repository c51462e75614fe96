import { expect, test, type APIRequestContext } from '@playwright/test';

import { madridToUtc } from '../../src/i18n/time';

/**
 * Departures that staff specs add for themselves. They go on a tour no visitor spec books
 * (the Time Out Market combination): a small late departure on the tour the purchase specs use
 * would, once the seeded times of the day have gone, become the first one a visitor is offered,
 * with too few seats left for the three tickets those specs buy.
 */
export const STAFF_SPEC_TOUR = 'puerto-y-litoral-time-out-market';

/**
 * This worker's own admin (scripts/e2e-server.mjs makes four): Payload keeps a user's sessions in
 * one row, so workers signing in as one shared admin at the same instant lose each other's session.
 */
export function e2eAdmin(): { email: string; password: string } {
  return { email: `e2e-admin-${test.info().parallelIndex % 4}@example.com`, password: 'e2e-admin-password' };
}

/**
 * A JWT for a staff member. Payload keeps a user's sessions in one row, so two specs signing in
 * as the same user at the same instant can each write the row without the other's session, and
 * one token then answers 403. The token is checked before it is handed out, and a lost one is
 * replaced.
 */
export async function staffToken(
  request: APIRequestContext,
  who: { email: string; password: string } = e2eAdmin(),
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const login = await request.post('/api/users/login', { data: who });
    expect(login.ok(), await login.text()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    const me = await request.get('/api/users/me', { headers: { Authorization: `JWT ${token}` } });
    const user = me.ok() ? ((await me.json()) as { user?: { email?: string } | null }).user : null;
    if (user?.email === who.email || attempt === 5) return token;
  }
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
  // A departure "tonight" can no longer be sold (the web stops 10 minutes before it leaves) in the
  // last half hour before it, and none exists past midnight: a test that needs one today cannot
  // run then. Skipped, and said so, rather than failing on the clock.
  const startsAt = madridToUtc(date, time);
  test.skip(
    startsAt.getTime() - Date.now() < 30 * 60_000,
    `a departure at ${time} on ${date} (Madrid) is too close to sell now`,
  );
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
      startsAt: startsAt.toISOString(),
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
