import { beforeAll, describe, expect, it } from 'vitest';

import { POST as moveRoute } from '@/app/api/ops/bookings/[reference]/move/route';
import {
  ANONYMISED_EMAIL,
  anonymiseBooking,
  cancelBooking,
  correctBooking,
  moveBooking,
  transferBooking,
} from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { getBooking } from '@/booking/holds';
import { refundBooking } from '@/operations/refunds';
import { sellFreeSeats } from '@/booking/departures-repository';
import { sandboxLedger } from '@/lib/sandbox-ledger';

import { checkInvariantsAfterEach, invariantViolations } from '../fixtures/invariants';
import { paidBooking, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let dear: { tourId: number; boatId: number };
let cheap: { tourId: number; boatId: number };

beforeAll(async () => {
  dear = await makeTour(payload, { menuKey: 'maritime60' });
  // The shorter tour costs 10.00 an adult instead of 15.00.
  cheap = await makeTour(payload, { menuKey: 'maritime40', roundTrip: { adult: 1000, reduced: 800, child: 500 } });
});
checkInvariantsAfterEach(() => payload);

async function auditOf(reference: string) {
  const { rows } = await shopDb(payload).query(
    'SELECT actor, action, before, after FROM audit_log WHERE subject = ? ORDER BY id',
    [`booking:${reference}`],
  );
  const parse = (v: unknown) => (v === null ? null : typeof v === 'string' ? JSON.parse(v) : v);
  return rows.map((r) => ({ actor: r.actor, action: r.action, before: parse(r.before), after: parse(r.after) }));
}

describe(`staff actions on one booking on ${testDatabaseKind}`, () => {
  it('moves to a cheaper tour and refunds the difference; a dearer move needs the difference collected', async () => {
    const from = await addDeparture(payload, dear, { capacity: 10 });
    const to = await addDeparture(payload, cheap, { capacity: 10 });
    const paid = await paidBooking(payload, from, { adults: 2 });

    const cheaper = await moveBooking(
      payload,
      { reference: paid.reference, departureId: to, by: 'user:7' },
      { provider },
    );
    expect(cheaper).toMatchObject({ ok: true, differenceCents: -1000, refund: { ok: true } });
    expect(
      sandboxLedger()
        .order(paid.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([1000]);
    expect(await seatsOf(payload, from)).toMatchObject({ sold: 0 });
    expect(await seatsOf(payload, to)).toMatchObject({ sold: 2 });

    const back = await addDeparture(payload, dear, { capacity: 10 });
    expect(
      await moveBooking(payload, { reference: paid.reference, departureId: back, by: 'user:7' }, { provider }),
    ).toEqual({
      ok: false,
      error: 'paymentRequired',
      differenceCents: 1000,
    });
    expect(
      await moveBooking(
        payload,
        { reference: paid.reference, departureId: back, by: 'user:7', collect: 'cash' },
        { provider },
      ),
    ).toMatchObject({ ok: true, differenceCents: 1000 });
    expect((await getBooking(payload, paid.reference))?.totalCents).toBe(3000);
    expect((await auditOf(paid.reference)).filter((a) => a.action === 'booking.moved')).toEqual([
      { actor: 'user:7', action: 'booking.moved', before: { departureId: from }, after: { departureId: to } },
      { actor: 'user:7', action: 'booking.moved', before: { departureId: to }, after: { departureId: back } },
    ]);
  });

  it('a full refund of money that came two ways goes back both ways: the card through the gateway, the cash by hand', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 10 });
    const to = await addDeparture(payload, dear, { capacity: 10 });
    const paid = await paidBooking(payload, from, { adults: 2 });
    expect(
      await moveBooking(
        payload,
        { reference: paid.reference, departureId: to, by: 'user:7', collect: 'cash' },
        { provider },
      ),
    ).toMatchObject({ ok: true, differenceCents: 1000 });

    const cancelled = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 'full', reason: 'changed plans', by: 'user:7' },
      { provider },
    );
    expect(cancelled).toMatchObject({ ok: true, refund: { ok: true } });
    const parts = cancelled.ok && cancelled.refund?.ok ? cancelled.refund.parts : [];
    expect(parts.map((p) => [p.method, p.amountCents, p.status])).toEqual([
      ['cash', 1000, 'succeeded'],
      ['card', 2000, 'succeeded'],
    ]);
    expect(
      sandboxLedger()
        .order(paid.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([2000]);
    // A replay refunds nothing more.
    const again = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 'full', reason: 'changed plans', by: 'user:7' },
      { provider },
    );
    expect(again).toMatchObject({ ok: true, alreadyCancelled: true, refund: { ok: true, replayed: true } });
    expect(sandboxLedger().order(paid.orderRef)?.refunds).toHaveLength(1);
  });

  it('moving back and forth refunds every cheaper move and records every collected difference, even at one instant', async () => {
    // Issue 25: A→B refunded 10.00, B→A took 10.00 in cash, and A→B again found the first move's
    // refund under its key and refunded nothing: 40.00 paid, 10.00 back, for a 20.00 trip. One
    // instant for all three (as a test clock or a fast desk would give) must not merge them either.
    const a = await addDeparture(payload, dear, { capacity: 10 });
    const b = await addDeparture(payload, cheap, { capacity: 10 });
    const paid = await paidBooking(payload, a, { adults: 2 });
    const now = new Date();
    const move = (departureId: number, collect?: 'cash') =>
      moveBooking(
        payload,
        { reference: paid.reference, departureId, by: 'user:7', now, ...(collect ? { collect } : {}) },
        { provider },
      );
    expect(await move(b)).toMatchObject({ ok: true, differenceCents: -1000, refund: { ok: true, replayed: false } });
    expect(await move(a, 'cash')).toMatchObject({ ok: true, differenceCents: 1000 });
    expect(await move(b)).toMatchObject({ ok: true, differenceCents: -1000, refund: { ok: true, replayed: false } });
    expect(await move(a, 'cash')).toMatchObject({ ok: true, differenceCents: 1000 });
    expect(await move(b)).toMatchObject({ ok: true, differenceCents: -1000, refund: { ok: true, replayed: false } });

    const { rows } = await shopDb(payload).query(
      `SELECT kind, method, amount_cents, idempotency_key FROM payment_events WHERE booking_id = ? ORDER BY id`,
      [paid.bookingId],
    );
    const money = rows.map((r) => [r.kind, r.method, Number(r.amount_cents)]);
    expect(money).toEqual([
      ['payment', 'card', 3000],
      ['refund', 'card', 1000],
      ['payment', 'cash', 1000],
      ['refund', 'card', 1000],
      ['payment', 'cash', 1000],
      // The card order has 1000 left and covers it; the customer gets it back the way they paid.
      ['refund', 'card', 1000],
    ]);
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
    const paidIn = money.filter(([kind]) => kind === 'payment').reduce((sum, [, , cents]) => sum + Number(cents), 0);
    const paidBack = money.filter(([kind]) => kind === 'refund').reduce((sum, [, , cents]) => sum + Number(cents), 0);
    expect(paidIn - paidBack).toBe(2000);
    expect(await getBooking(payload, paid.reference)).toMatchObject({ totalCents: 2000, departureId: b });
    expect(
      sandboxLedger()
        .order(paid.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([1000, 1000, 1000]);
  });

  it('the invariant check catches a move whose refund replayed an earlier one', async () => {
    const a = await addDeparture(payload, dear, { capacity: 10 });
    const b = await addDeparture(payload, cheap, { capacity: 10 });
    const paid = await paidBooking(payload, a, { adults: 2 });
    const first = await moveBooking(payload, { reference: paid.reference, departureId: b, by: 'user:7' }, { provider });
    const firstKey = first.ok && first.refund?.ok ? first.refund.event.idempotencyKey : '';
    expect(firstKey).toMatch(/^move:/);
    await moveBooking(
      payload,
      { reference: paid.reference, departureId: a, by: 'user:7', collect: 'cash' },
      { provider },
    );
    // The third move as the old code made it: moved, then its refund asked under the first one's key.
    const now = new Date();
    const booking = (await getBooking(payload, paid.reference))!;
    await shopDb(payload).transaction(async (tx) => {
      expect(await sellFreeSeats(tx, b, booking.seats)).toBe(true);
      await transferBooking(
        tx,
        booking,
        { departureId: b, tourId: cheap.tourId, totalCents: 2000 },
        { chosenBy: 'user:7', now },
      );
    });
    const replayed = await refundBooking(
      payload,
      { bookingId: paid.bookingId, amount: 1000, idempotencyKey: firstKey, requestedBy: 'user:7', reason: 'move', now },
      { provider },
    );
    expect(replayed).toMatchObject({ ok: true, replayed: true });
    expect(await invariantViolations(payload)).toContain(
      `booking ${paid.reference} (paid): holds 3000 cents but costs 2000`,
    );
    // Given back under a key of its own, the books add up again.
    await refundBooking(
      payload,
      {
        bookingId: paid.bookingId,
        amount: 1000,
        idempotencyKey: `${firstKey}:again`,
        requestedBy: 'user:7',
        reason: 'move',
        now,
      },
      { provider },
    );
    expect(await invariantViolations(payload)).toEqual([]);
  });

  it('refuses a move to a full departure and leaves everything as it was', async () => {
    const from = await addDeparture(payload, dear, { capacity: 10 });
    const full = await addDeparture(payload, dear, { capacity: 1 });
    const paid = await paidBooking(payload, from, { adults: 2 });
    expect(
      await moveBooking(payload, { reference: paid.reference, departureId: full, by: 'user:7' }, { provider }),
    ).toEqual({
      ok: false,
      error: 'full',
    });
    expect(await seatsOf(payload, from)).toMatchObject({ sold: 2 });
  });

  it('corrects contact details and anonymises on request, keeping the accounting record; the audit log has no personal data', async () => {
    const departureId = await addDeparture(payload, dear, { capacity: 10 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    expect(
      await correctBooking(payload, {
        reference: paid.reference,
        changes: { email: 'new@example.com', surnames: 'King' },
        by: 'user:8',
      }),
    ).toEqual({ ok: true, fields: ['surnames', 'email'] });
    expect((await getBooking(payload, paid.reference))?.customer).toMatchObject({
      email: 'new@example.com',
      surnames: 'King',
    });

    expect(await anonymiseBooking(payload, { reference: paid.reference, by: 'user:8' })).toEqual({ ok: true });
    const erased = await getBooking(payload, paid.reference);
    expect(erased).toMatchObject({ status: 'paid', totalCents: 1500 });
    expect(erased?.customer).toMatchObject({ name: '—', surnames: '', email: ANONYMISED_EMAIL, mobilePhone: '' });
    const { rows } = await shopDb(payload).query('SELECT "to", text FROM email_log WHERE ref = ?', [
      `bookings:${paid.bookingId}`,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.to === ANONYMISED_EMAIL && r.text === '')).toBe(true);

    const audit = JSON.stringify(await auditOf(paid.reference));
    expect(audit).toContain('booking.corrected');
    expect(audit).toContain('booking.anonymised');
    expect(audit).not.toContain('new@example.com');
    expect(audit).not.toContain('King');
  });

  it('nobody can edit or delete the audit log, bookings, tickets or payments, and only admins read the log', async () => {
    const admin = await payload.create({
      collection: 'users',
      data: { email: `admin-${Date.now()}@example.com`, password: 'a-long-enough-password-42', role: 'admin' } as never,
      overrideAccess: true,
    });
    const office = await payload.create({
      collection: 'users',
      data: {
        email: `office-${Date.now()}@example.com`,
        password: 'a-long-enough-password-42',
        role: 'office',
      } as never,
      overrideAccess: true,
    });
    const asAdmin = { user: { ...admin, collection: 'users' }, overrideAccess: false } as const;
    const asOffice = { user: { ...office, collection: 'users' }, overrideAccess: false } as const;
    const entries = await payload.find({ collection: 'audit-log', ...asAdmin, limit: 1 });
    expect(entries.totalDocs).toBeGreaterThan(0);
    await expect(payload.find({ collection: 'audit-log', ...asOffice })).rejects.toThrow();
    const id = entries.docs[0]!.id;
    await expect(payload.update({ collection: 'audit-log', id, data: { action: 'x' }, ...asAdmin })).rejects.toThrow();
    await expect(payload.delete({ collection: 'audit-log', id, ...asAdmin })).rejects.toThrow();
    for (const collection of ['bookings', 'tickets', 'payment-events'] as const) {
      const { docs } = await payload.find({ collection, ...asAdmin, limit: 1 });
      await expect(payload.delete({ collection, id: docs[0]!.id, ...asAdmin })).rejects.toThrow();
    }
  });

  it('crew get 403 on the move endpoint', async () => {
    const email = `crew-${Date.now()}@example.com`;
    const password = 'a-long-enough-password-42';
    await payload.create({
      collection: 'users',
      data: { email, password, role: 'crew' } as never,
      overrideAccess: true,
    });
    const { token } = await payload.login({ collection: 'users', data: { email, password } });
    const response = await moveRoute(
      new Request('http://localhost/api/ops/bookings/X/move', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ departure: 1 }),
      }),
      { params: Promise.resolve({ reference: 'X' }) },
    );
    expect(response.status).toBe(403);
  });
});
