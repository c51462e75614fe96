import { beforeAll, describe, expect, it } from 'vitest';

import {
  boardedCount,
  boardingList,
  mayBoard,
  replacedOnDeparture,
  scanCode,
  syncCheckIns,
  type TicketBoardedEvent,
} from '@/operations/boarding';
import { recordAudit } from '@/audit/record';
import { randomCode } from '@/booking/codes';
import { addDays, madridToday, madridToUtc } from '@/i18n/time';
import { shopDb } from '@/booking/db';
import { subscribe } from '@/booking/events';

import { paidBooking, staffUser } from '../fixtures/boarding-fixtures';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
let crew: { id: number; role: string };
let otherCrew: { id: number; role: string };
let office: { id: number; role: string };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'magic' });
  const a = await staffUser(payload, 'crew', 'Marta Vidal');
  const b = await staffUser(payload, 'crew', 'Pau Serra');
  crew = { id: Number(a.id), role: 'crew' };
  otherCrew = { id: Number(b.id), role: 'crew' };
  office = { id: Number((await staffUser(payload, 'office', 'Laia Font')).id), role: 'office' };
});

async function checkedIn(code: string) {
  const { rows } = await shopDb(payload).query(`SELECT checked_in_at, checked_in_by_id FROM tickets WHERE code = ?`, [
    code,
  ]);
  return rows[0];
}

describe(`boarding on ${testDatabaseKind}`, () => {
  it('boards a ticket once, then says when and by whom it was boarded', async () => {
    const departureId = await addDeparture(payload, shop);
    const { codes, reference } = await paidBooking(
      payload,
      shop,
      departureId,
      { adult: 1, child: 1 },
      { surnames: 'Rovira' },
    );
    const at = new Date('2031-07-15T09:40:00Z');

    const first = await scanCode(payload, { code: codes[1]!.toLowerCase(), departureId, staff: crew, now: at });
    expect(first).toMatchObject({
      result: 'boarded',
      scanned: 'ticket',
      boarded: [{ code: codes[1], category: 'child' }],
      at: at.toISOString(),
      booking: { reference, leadName: expect.stringContaining('Rovira') },
    });

    const second = await scanCode(payload, { code: codes[1]!, departureId, staff: otherCrew });
    expect(second).toMatchObject({ result: 'already-boarded', at: at.toISOString(), by: 'Marta Vidal' });
    expect(await boardedCount(payload, departureId)).toBe(1);
  });

  it('50 phones scanning one ticket at once board it exactly once', async () => {
    const departureId = await addDeparture(payload, shop);
    const { codes } = await paidBooking(payload, shop, departureId, { adult: 2 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        scanCode(payload, { code: codes[0]!, departureId, staff: i % 2 ? crew : otherCrew }),
      ),
    );
    const results = answers.map((answer) => answer.result);
    expect(results.filter((r) => r === 'boarded')).toHaveLength(1);
    expect(results.filter((r) => r === 'already-boarded')).toHaveLength(49);
    expect(await boardedCount(payload, departureId)).toBe(1);
    expect((await checkedIn(codes[1]!))?.checked_in_at ?? null).toBeNull();
  });

  it('names the right departure for a ticket of another one, and refuses unknown and cancelled codes', async () => {
    const today = await addDeparture(payload, shop, { startsAt: new Date('2031-07-15T08:00:00Z') });
    const tomorrow = await addDeparture(payload, shop, { startsAt: new Date('2031-07-16T15:30:00Z') });
    const elsewhere = await paidBooking(payload, shop, tomorrow);

    const wrong = await scanCode(payload, { code: elsewhere.codes[0]!, departureId: today, staff: office });
    expect(wrong).toMatchObject({
      result: 'wrong-departure',
      departure: { id: tomorrow, date: '2031-07-16', time: '17:30', tour: expect.stringMatching(/^Test tour/) },
    });
    expect(await checkedIn(elsewhere.codes[0]!)).toMatchObject({ checked_in_at: null });

    expect(await scanCode(payload, { code: 'NOSUCHCODE', departureId: today, staff: crew })).toEqual({
      result: 'unknown',
      code: 'NOSUCHCODE',
    });

    const cancelled = await paidBooking(payload, shop, today, { adult: 1 }, { status: 'cancelled' });
    expect(await scanCode(payload, { code: cancelled.codes[0]!, departureId: today, staff: crew })).toMatchObject({
      result: 'cancelled',
      reason: 'cancelled',
    });
    const refunded = await paidBooking(payload, shop, today, { adult: 1 }, { status: 'refundPending' });
    expect(await scanCode(payload, { code: refunded.codes[0]!, departureId: today, staff: crew })).toMatchObject({
      result: 'cancelled',
      reason: 'refunded',
    });
    expect(await boardedCount(payload, today)).toBe(0);
  });

  it('a booking reference boards all its people in one scan, or only those the crew choose', async () => {
    const departureId = await addDeparture(payload, shop);
    const family = await paidBooking(payload, shop, departureId, { adult: 2, child: 1, super3: 1 });

    const some = await scanCode(payload, {
      code: family.reference,
      tickets: family.codes.slice(0, 2),
      departureId,
      staff: crew,
    });
    expect(some).toMatchObject({ result: 'boarded', scanned: 'booking', alreadyBoarded: [] });
    expect(some.result === 'boarded' && some.boarded.map((t) => t.code)).toEqual(family.codes.slice(0, 2));

    const rest = await scanCode(payload, { code: family.reference, departureId, staff: otherCrew });
    expect(rest.result === 'boarded' && rest.boarded.map((t) => t.category)).toEqual(['child', 'super3']);
    expect(rest.result === 'boarded' && rest.alreadyBoarded.map((t) => t.code)).toEqual(family.codes.slice(0, 2));

    expect(await scanCode(payload, { code: family.reference, departureId, staff: crew })).toMatchObject({
      result: 'already-boarded',
      scanned: 'booking',
      by: 'Marta Vidal',
    });
    expect(await boardedCount(payload, departureId)).toBe(4);
  });

  it('an offline queue sent twice boards once, and reports what another phone boarded meanwhile', async () => {
    const now = new Date();
    const departureId = await addDeparture(payload, shop, { startsAt: new Date(now.getTime() + 10 * 60_000) });
    const one = await paidBooking(payload, shop, departureId, { adult: 3 });
    const scannedAt = new Date(now.getTime() - 5 * 60_000).toISOString();
    // Meanwhile, another phone with network boarded the third ticket.
    await scanCode(payload, { code: one.codes[2]!, departureId, staff: otherCrew });

    const queue = one.codes.map((code) => ({ code, scannedAt }));
    const first = await syncCheckIns(payload, { departureId, staff: crew, checkIns: queue, now });
    expect(first.map((o) => [o.answer.result, o.conflict])).toEqual([
      ['boarded', false],
      ['boarded', false],
      ['already-boarded', true],
    ]);
    // The check-in keeps the time it was made on the phone, not the time it reached the server.
    expect(first[0]!.answer).toMatchObject({ at: scannedAt });

    const replay = await syncCheckIns(payload, { departureId, staff: crew, checkIns: queue, now: new Date() });
    expect(replay.map((o) => [o.answer.result, o.conflict])).toEqual([
      ['already-boarded', false],
      ['already-boarded', false],
      ['already-boarded', true],
    ]);
    expect(await boardedCount(payload, departureId)).toBe(3);
    const list = await boardingList(payload, departureId);
    expect(list.map((t) => [t.code, t.state, t.checkedInBy])).toEqual([
      [one.codes[0], 'boarded', 'Marta Vidal'],
      [one.codes[1], 'boarded', 'Marta Vidal'],
      [one.codes[2], 'boarded', 'Pau Serra'],
    ]);
    expect(list[0]!.checkedInAt).toBe(scannedAt);
  });

  it('announces each boarding once, with the tickets it boarded', async () => {
    const events: TicketBoardedEvent[] = [];
    const off = subscribe('ticket.boarded', 'test.boarding', (event) => {
      events.push(event);
    });
    try {
      const departureId = await addDeparture(payload, shop);
      const pair = await paidBooking(payload, shop, departureId, { adult: 2 });
      await Promise.all([1, 2, 3].map(() => scanCode(payload, { code: pair.reference, departureId, staff: crew })));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'ticket.boarded',
        departureId,
        reference: pair.reference,
        byUserId: crew.id,
        offline: false,
      });
      expect(events[0]!.tickets.map((t) => t.code).sort()).toEqual([...pair.codes].sort());
    } finally {
      off();
    }
  });

  it('never boards a ticket voided by a move or cancellation, alone or through its booking', async () => {
    const departureId = await addDeparture(payload, shop);
    const pair = await paidBooking(payload, shop, departureId, { adult: 2 });
    // What a move does to the old tickets (booking-actions.ts): they stay, voided.
    await shopDb(payload).query(`UPDATE tickets SET voided_at = ? WHERE code = ?`, [
      new Date().toISOString(),
      pair.codes[0]!,
    ]);
    const voided = await scanCode(payload, { code: pair.codes[0]!, departureId, staff: crew });
    // Its booking still has a valid ticket: to the crew, a ticket replaced (by a move), on this departure.
    expect(voided).toMatchObject({ result: 'replaced', departure: { id: departureId } });
    const wholeBooking = await scanCode(payload, { code: pair.reference, departureId, staff: crew });
    expect(wholeBooking).toMatchObject({ result: 'boarded' });
    expect(wholeBooking.result === 'boarded' && wholeBooking.boarded.map((t) => t.code)).toEqual([pair.codes[1]]);
    const list = await boardingList(payload, departureId);
    expect(list.find((t) => t.code === pair.codes[0])?.state).toBe('cancelled');
    expect(await boardedCount(payload, departureId)).toBe(1);
  });

  it('an old ticket scanned at its old departure says it was replaced and where its passenger sails now', async () => {
    // Tomorrow morning in Madrid, both boats the same day: the crew sees only the day's bookings, so
    // "now + 1 h" and "now + 2 h" failed this test whenever the second fell after midnight in Madrid.
    const tomorrow = addDays(madridToday(new Date()), 1);
    const now = madridToUtc(tomorrow, '09:30');
    const first = await addDeparture(payload, shop, { startsAt: madridToUtc(tomorrow, '10:00') });
    const later = await addDeparture(payload, shop, { startsAt: madridToUtc(tomorrow, '11:00') });
    const family = await paidBooking(payload, shop, first, { adult: 2 }, { surnames: 'Mas Ferrer' });
    // What a move does (booking-actions.ts): the booking changes departure, its tickets are voided
    // and new ones issued.
    const db = shopDb(payload);
    const stamp = now.toISOString();
    await db.query(`UPDATE bookings SET departure_id = ? WHERE id = ?`, [later, family.bookingId]);
    await db.query(`UPDATE tickets SET voided_at = ? WHERE booking_id = ?`, [stamp, family.bookingId]);
    const fresh = randomCode(24);
    await db.query(
      `INSERT INTO tickets (code, booking_id, category, updated_at, created_at) VALUES (?, ?, 'adult', ?, ?)`,
      [fresh, family.bookingId, stamp, stamp],
    );

    for (const staff of [crew, office]) {
      const answer = await scanCode(payload, { code: family.codes[0]!, departureId: first, staff, now });
      expect(answer).toMatchObject({
        result: 'replaced',
        scanned: 'ticket',
        departure: { id: later },
        booking: { reference: family.reference, leadName: expect.stringContaining('Mas Ferrer') },
      });
    }
    // Through an offline queue alike: a conflict, nothing boarded.
    const [synced] = await syncCheckIns(payload, {
      departureId: first,
      staff: crew,
      checkIns: [{ code: family.codes[1]! }],
      now,
    });
    expect(synced).toMatchObject({ answer: { result: 'replaced', departure: { id: later } }, conflict: true });
    expect(await boardedCount(payload, first)).toBe(0);
    expect(await boardedCount(payload, later)).toBe(0);
  });

  it('gives the phone the old departure’s replaced tickets, with the answer a scan there gives online', async () => {
    const tomorrow = addDays(madridToday(new Date()), 1);
    const now = madridToUtc(tomorrow, '09:30');
    const first = await addDeparture(payload, shop, { startsAt: madridToUtc(tomorrow, '10:00') });
    const later = await addDeparture(payload, shop, { startsAt: madridToUtc(tomorrow, '11:00') });
    const nextWeek = await addDeparture(payload, shop, { startsAt: madridToUtc(addDays(tomorrow, 7), '11:00') });
    const family = await paidBooking(payload, shop, first, { adult: 2 }, { surnames: 'Bosch Mir' });
    const away = await paidBooking(payload, shop, first, { adult: 1 }, { surnames: 'Soler' });
    const stays = await paidBooking(payload, shop, first, { adult: 1 });
    const db = shopDb(payload);
    const stamp = now.toISOString();
    // A move as booking-actions.ts makes it, and the audit entry its event writes.
    for (const [booking, to] of [
      [family, later],
      [away, nextWeek],
    ] as const) {
      await db.query(`UPDATE bookings SET departure_id = ? WHERE id = ?`, [to, booking.bookingId]);
      await db.query(`UPDATE tickets SET voided_at = ? WHERE booking_id = ?`, [stamp, booking.bookingId]);
      await db.query(
        `INSERT INTO tickets (code, booking_id, category, updated_at, created_at) VALUES (?, ?, 'adult', ?, ?)`,
        [randomCode(24), booking.bookingId, stamp, stamp],
      );
      await recordAudit(payload, {
        actor: 'user:1',
        action: 'booking.moved',
        subject: `booking:${booking.reference}`,
        before: { departureId: first },
        after: { departureId: to },
        at: now,
      });
    }

    const replaced = await replacedOnDeparture(payload, { departureId: first, staff: crew, now });
    expect(replaced.map((ticket) => ticket.code).sort()).toEqual([...family.codes, ...away.codes].sort());
    for (const code of [...family.codes, ...away.codes]) {
      const online = await scanCode(payload, { code, departureId: first, staff: crew, now });
      expect(replaced.find((ticket) => ticket.code === code)?.answer).toEqual(online);
    }
    // Moved to next week: the crew's phone learns where, not who.
    expect(replaced.find((ticket) => ticket.code === away.codes[0])?.answer).toEqual({
      result: 'replaced',
      scanned: 'ticket',
      departure: expect.objectContaining({ id: nextWeek }),
    });
    // Nothing of the departure they moved to, nor of a booking that stayed.
    expect(await replacedOnDeparture(payload, { departureId: later, staff: crew, now })).toEqual([]);
    expect(replaced.some((ticket) => stays.codes.includes(ticket.code))).toBe(false);
  });

  it('boards by the six characters the group screen shows, only among this departure’s codes', async () => {
    const departureId = await addDeparture(payload, shop);
    const elsewhere = await addDeparture(payload, shop);
    const group = await paidBooking(payload, shop, departureId, { adult: 2, child: 1 });
    const other = await paidBooking(payload, shop, elsewhere, { adult: 1 });

    const one = await scanCode(payload, { code: group.codes[2]!.slice(-6).toLowerCase(), departureId, staff: crew });
    expect(one).toMatchObject({ result: 'boarded', scanned: 'ticket', boarded: [{ code: group.codes[2] }] });
    const rest = await scanCode(payload, { code: group.reference.slice(-6), departureId, staff: crew });
    expect(rest).toMatchObject({ result: 'boarded', scanned: 'booking', booking: { reference: group.reference } });
    expect(rest.result === 'boarded' && rest.boarded.map((t) => t.code).sort()).toEqual(
      [group.codes[0], group.codes[1]].sort(),
    );
    // Another departure's short code means nothing here: the full code is needed to name it.
    expect(await scanCode(payload, { code: other.codes[0]!.slice(-6), departureId, staff: crew })).toEqual({
      result: 'unknown',
      code: other.codes[0]!.slice(-6),
    });
    expect(await boardedCount(payload, departureId)).toBe(3);
  });

  it('a crew member scanning another day’s booking learns its departure, never its lead or ticket codes', async () => {
    // A morning in Madrid (not "now + 1 h", which is another day for the crew after 23:00).
    const tomorrow = addDays(madridToday(new Date()), 1);
    const now = madridToUtc(tomorrow, '09:30');
    const boarding = await addDeparture(payload, shop, { startsAt: madridToUtc(tomorrow, '10:00') });
    const later = await addDeparture(payload, shop, { startsAt: madridToUtc(addDays(tomorrow, 4), '10:00') });
    const family = await paidBooking(payload, shop, later, { adult: 2 }, { surnames: 'Casademunt' });
    const gone = await paidBooking(
      payload,
      shop,
      later,
      { adult: 1 },
      { status: 'cancelled', surnames: 'Puigdollers' },
    );

    for (const code of [family.reference, family.codes[1]!, gone.reference]) {
      const answer = await scanCode(payload, { code, departureId: boarding, staff: crew, now });
      expect(answer).toMatchObject({
        result: 'not-today',
        departure: { id: later, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), time: expect.any(String) },
      });
      const said = JSON.stringify(answer);
      for (const secret of ['Casademunt', 'Puigdollers', 'Lead', ...family.codes, ...gone.codes]) {
        expect(said).not.toContain(secret);
      }
    }
    // The same scan through an offline queue answers alike, and boards nothing.
    const [synced] = await syncCheckIns(payload, {
      departureId: boarding,
      staff: crew,
      checkIns: [{ code: family.reference }],
      now,
    });
    expect(synced).toMatchObject({ answer: { result: 'not-today' }, conflict: true });
    expect(JSON.stringify(synced)).not.toContain('Casademunt');
    // The office plans every day: it is told whose booking it is.
    expect(
      await scanCode(payload, { code: family.reference, departureId: boarding, staff: office, now }),
    ).toMatchObject({ result: 'wrong-departure', booking: { leadName: expect.stringContaining('Casademunt') } });
    expect(await boardedCount(payload, later)).toBe(0);
  });

  it('an offline check-in keeps the phone’s time only when it can be right; the audit log says when the server got it', async () => {
    const now = new Date();
    // Boarding time 15 minutes before: the earliest believable check-in is an hour before that.
    const departureId = await addDeparture(payload, shop, { startsAt: new Date(now.getTime() + 30 * 60_000) });
    const four = await paidBooking(payload, shop, departureId, { adult: 4 });
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();
    const phone = [minutes(-5), minutes(3 * 24 * 60), minutes(-3 * 60), '2020-01-01T08:00:00.000Z'];
    const outcomes = await syncCheckIns(payload, {
      departureId,
      staff: crew,
      checkIns: four.codes.map((code, i) => ({ code, scannedAt: phone[i] })),
      now,
    });
    expect(outcomes.map((o) => [o.answer.result, o.scannedAtAdjusted ?? null])).toEqual([
      ['boarded', null],
      ['boarded', 'future'],
      ['boarded', 'beforeBoarding'],
      ['boarded', 'tooOld'],
    ]);
    const times = await Promise.all(four.codes.map(async (code) => (await checkedIn(code))!.checked_in_at));
    expect(times.map((t) => new Date(t as string).toISOString())).toEqual([
      phone[0],
      now.toISOString(),
      now.toISOString(),
      now.toISOString(),
    ]);

    const audit = await shopDb(payload).query(
      `SELECT actor, action, after, created_at FROM audit_log WHERE subject = ? ORDER BY id`,
      [`booking:${four.reference}`],
    );
    expect(audit.rows).toHaveLength(4);
    for (const [i, row] of audit.rows.entries()) {
      expect(row).toMatchObject({ actor: `user:${crew.id}`, action: 'ticket.boarded' });
      expect(new Date(row.created_at as string).toISOString()).toBe(now.toISOString());
      const after = (typeof row.after === 'string' ? JSON.parse(row.after) : row.after) as Record<string, unknown>;
      expect(after).toMatchObject({
        tickets: [four.codes[i]],
        phoneScannedAt: phone[i],
        checkedInAt: new Date(times[i] as string).toISOString(),
        scannedAtAdjusted: [null, 'future', 'beforeBoarding', 'tooOld'][i],
      });
    }
  });

  it('crew board only today’s departures (Madrid), the office any', () => {
    const now = new Date('2031-07-15T22:30:00Z'); // 00:30 on the 16th in Madrid
    expect(mayBoard(crew, { date: '2031-07-16' }, now)).toBe(true);
    expect(mayBoard(crew, { date: '2031-07-15' }, now)).toBe(false);
    expect(mayBoard({ id: 1, role: 'office' }, { date: '2031-07-15' }, now)).toBe(true);
  });
});
