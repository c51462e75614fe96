import { describe, expect, it } from 'vitest';

import { createHold } from '@/booking/holds';
import { todaysBoard, todaysDepartures } from '@/operations/today';

import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

describe(`today's departures on ${testDatabaseKind}`, () => {
  it('lists today’s departures in Madrid time with the seats left right now, and marks closed sales', async () => {
    // 08:00 UTC on a July morning is 10:00 in Madrid.
    const now = new Date('2031-07-15T08:00:00Z');
    const shop = await makeTour(payload, { menuKey: '40' });
    const past = await addDeparture(payload, shop, { capacity: 30, startsAt: new Date('2031-07-15T07:30:00Z') });
    const soon = await addDeparture(payload, shop, { capacity: 12, startsAt: new Date('2031-07-15T10:00:00Z') });
    await addDeparture(payload, shop, { capacity: 30, startsAt: new Date('2031-07-16T10:00:00Z') });
    const hold = await createHold(payload, {
      departureId: soon,
      selection: selection({ adult: 2, child: 1 }),
      customer,
      locale: 'en',
      now,
    });
    expect(hold.ok).toBe(true);

    const board = await todaysDepartures(payload, 'en', now);
    expect(board.map((d) => [d.id, d.time, d.seatsLeft, d.bookable, d.departed])).toEqual([
      [past, '09:30', 30, false, true],
      [soon, '12:00', 9, true, false],
    ]);
    expect(board[1]).toMatchObject({ boardingTime: '11:45', state: 'few' });
    // The board says when it read the seats in Madrid time, so the visitor's browser need not work it out.
    expect(await todaysBoard(payload, 'en', now)).toEqual({ departures: board, at: now.toISOString(), time: '10:00' });
  });

  it('shows a full departure as sold out, not bookable', async () => {
    const now = new Date('2031-08-01T06:00:00Z');
    const shop = await makeTour(payload, { menuKey: 'aquarium' });
    const full = await addDeparture(payload, shop, { capacity: 2, startsAt: new Date('2031-08-01T09:00:00Z') });
    const hold = await createHold(payload, {
      departureId: full,
      selection: selection({ adult: 2 }),
      customer,
      locale: 'ca',
      now,
    });
    expect(hold.ok).toBe(true);
    const [departure] = await todaysDepartures(payload, 'ca', now);
    expect(departure).toMatchObject({ id: full, seatsLeft: 0, state: 'soldOut', bookable: false, departed: false });
  });
});
