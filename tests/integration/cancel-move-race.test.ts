import { describe, expect, it } from 'vitest';

import { cancelBooking, moveBooking } from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { BookingChangedError } from '@/operations/rebook';
import { findBooking } from '@/booking/bookings-repository';

import { checkInvariantsAfterEach, expectInvariants } from '../fixtures/invariants';
import { paidBooking, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Issue 41's two-instance soak: one desk cancelled a booking while another moved it. The cancel
 * read the booking before its transaction and gave back the seats of the departure it had read,
 * after the move had taken the booking elsewhere: the cancel answered 500 ("fewer than S seats
 * sold") or, worse, both answered 200 and the departure it left lost S seats while the one it went
 * to kept S seats sold for a cancelled booking. The seats must go back where the booking is when
 * the cancel commits.
 */
const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

describe(`a cancel racing a move of the same booking on ${testDatabaseKind}`, () => {
  it('gives the seats back where the booking is when it commits, whichever wins', async () => {
    const tour = await makeTour(payload, { menuKey: 'maritime60' });
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 16; round++) {
      const from = await addDeparture(payload, tour, { capacity: 10 });
      const to = await addDeparture(payload, tour, { capacity: 10 });
      const paid = await paidBooking(payload, from, { adults: 2 });
      // A move that finds the booking changed under it throws (the routes answer 409).
      const move = (): Promise<{ ok: boolean }> =>
        moveBooking(
          payload,
          { reference: paid.reference, departureId: to, by: 'user:1' },
          { provider: sandboxProvider },
        ).catch((error: unknown) => {
          if (error instanceof BookingChangedError) return { ok: false };
          throw error;
        });
      const cancel = () =>
        cancelBooking(
          payload,
          { reference: paid.reference, refund: 'none', reason: 'race', by: 'user:2' },
          { provider: sandboxProvider },
        );
      // Half the rounds start the move first, half the cancel.
      const [moved, cancelled] =
        round % 2 === 0
          ? await Promise.all([move(), cancel()])
          : await Promise.all([cancel(), move()]).then(([c, m]) => [m, c] as const);
      expect(cancelled).toMatchObject({ ok: true });
      outcomes.set(`moved:${moved.ok}`, (outcomes.get(`moved:${moved.ok}`) ?? 0) + 1);
      const booking = await findBooking(shopDb(payload), { reference: paid.reference });
      expect(booking!.status).toBe('cancelled');
      // Nothing is sold on either departure any more.
      expect(await seatsOf(payload, from)).toMatchObject({ sold: 0 });
      expect(await seatsOf(payload, to)).toMatchObject({ sold: 0 });
      await expectInvariants(payload);
    }
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(16);
  });

  it('a cancel that lost to another cancel says the booking was already cancelled', async () => {
    const tour = await makeTour(payload, { menuKey: 'maritime40' });
    const departure = await addDeparture(payload, tour, { capacity: 10 });
    const paid = await paidBooking(payload, departure, { adults: 1 });
    const cancel = (by: string) =>
      cancelBooking(
        payload,
        { reference: paid.reference, refund: 'none', reason: 'race', by },
        { provider: sandboxProvider },
      );
    const results = await Promise.all([cancel('user:1'), cancel('user:2')]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(results.filter((r) => r.ok && r.alreadyCancelled)).toHaveLength(1);
  });
});
