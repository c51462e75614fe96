import { afterAll, describe, expect, it, vi } from 'vitest';

import { POST as moveRoute } from '@/app/api/ops/bookings/[reference]/move/route';
import { getBooking } from '@/booking/holds';
import ca from '@/i18n/messages/ops/ca.json';
import en from '@/i18n/messages/ops/en.json';
import es from '@/i18n/messages/ops/es.json';
import fr from '@/i18n/messages/ops/fr.json';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

vi.hoisted(() => {
  process.env.ENABLE_TEST_ROUTES = '1';
});

/**
 * Issue 25: a staff member double-clicking "Move" sent the same move twice at once; on
 * PostgreSQL the second waited for the first's row lock, found the booking already moved and
 * answered 500 (nine times in the review; the money stayed right, the rollback saw to that).
 * The second click must be told, in the staff member's language, what happened.
 */
const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);
let client = 0;

afterAll(() => {
  client = 0;
});

describe(`a double-clicked staff move on ${testDatabaseKind}`, () => {
  it('moves the booking once; the other click gets a 4xx with a message, never a 5xx', async () => {
    const email = 'office-double@example.com';
    const password = 'long enough office password 2026';
    await payload.create({ collection: 'users', data: { email, password, role: 'office' } as never });
    const { token } = await payload.login({ collection: 'users', data: { email, password } });
    const tour = await makeTour(payload, { menuKey: 'maritime60' });
    const messages = { ca, es, en, fr };

    for (let round = 0; round < 8; round++) {
      const language = (['ca', 'es', 'en', 'fr'] as const)[round % 4]!;
      const from = await addDeparture(payload, tour, { capacity: 10 });
      const to = await addDeparture(payload, tour, { capacity: 10 });
      const paid = await paidBooking(payload, from, { adults: 2 });
      const click = () =>
        moveRoute(
          new Request(`http://localhost:3000/api/ops/bookings/${paid.reference}/move`, {
            method: 'POST',
            headers: {
              authorization: `JWT ${token}`,
              'content-type': 'application/json',
              cookie: `payload-lng=${language}`,
              'x-test-client-ip': `double-${client++}`,
            },
            body: JSON.stringify({ departure: to }),
          }),
          { params: Promise.resolve({ reference: paid.reference }) },
        );
      const answers = await Promise.all([click(), click()]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      expect(statuses[1], `round ${round}`).toBeGreaterThanOrEqual(400);
      expect(statuses[1], `round ${round}`).toBeLessThan(500);
      const second = (await answers.find((a) => a.status !== 200)!.json()) as { error: string; message?: string };
      expect(second.message, `round ${round}`).toBe(
        messages[language].ops.bookingActions.errors[second.error as keyof typeof en.ops.bookingActions.errors],
      );
      expect(['alreadyThere', 'changed']).toContain(second.error);

      expect((await getBooking(payload, paid.reference))?.departureId).toBe(to);
      expect(await seatsOf(payload, from)).toMatchObject({ sold: 0 });
      expect(await seatsOf(payload, to)).toMatchObject({ sold: 2 });
    }
  });
});
