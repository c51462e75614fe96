import { beforeAll, describe, expect, it } from 'vitest';

import { POST as changeRoute } from '@/app/api/shop/bookings/[reference]/change/route';
import { startMovePayment } from '@/operations/move-payment';
import { num, shopDb, str } from '@/booking/db';
import { getBooking } from '@/booking/holds';
import { pendingMoveOf } from '@/operations/pending-moves';
import { bookingLinkSignature } from '@/booking/signature';
import { salesReport } from '@/operations/reports';
import { changeOwnBooking } from '@/operations/self-change';
import { utcToMadrid } from '@/i18n/time';
import { sandboxLedger } from '@/lib/sandbox-ledger';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import {
  openedAtSandbox,
  paidBooking,
  payAtSandbox,
  sandboxProvider as provider,
  siteUrl,
  validTickets as validCodes,
} from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
let other: { tourId: number; boatId: number };

const HOUR = 3600_000;
/** How many changes the two simultaneous taps made (one or, one after the other, two). */
let raceMoves = 0;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'maritime60' });
  other = await makeTour(payload, { menuKey: 'maritime40' });
});
checkInvariantsAfterEach(() => payload);

async function setTour(tourId: number, booking: Record<string, unknown>) {
  const tour = await payload.findByID({ collection: 'tours', id: tourId, depth: 0 });
  await payload.update({
    collection: 'tours',
    id: tourId,
    data: { booking: { ...tour.booking, ...booking } } as never,
    overrideAccess: true,
  });
}

/** The visitor's tap on "Change to this departure", from the signed link of the booking's e-mail. */
async function tap(reference: string, departure: number, firma?: string) {
  const response = await changeRoute(
    new Request(`http://localhost/api/shop/bookings/${reference}/change`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify({
        choice: 'date',
        departure,
        firma: firma ?? (await bookingLinkSignature(payload, reference)),
      }),
    }),
    { params: Promise.resolve({ reference }) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const validTickets = (bookingId: number) => validCodes(payload, bookingId);

async function emails(bookingId: number) {
  const { rows } = await shopDb(payload).query('SELECT template, subject FROM email_log WHERE ref = ? ORDER BY id', [
    `bookings:${bookingId}`,
  ]);
  return rows.map((row) => ({ template: str(row.template), subject: str(row.subject) }));
}

async function audit(reference: string) {
  const { rows } = await shopDb(payload).query(
    "SELECT actor, action FROM audit_log WHERE subject = ? AND action = 'booking.moved' ORDER BY id",
    [`booking:${reference}`],
  );
  return rows.map((row) => ({ actor: str(row.actor), action: str(row.action) }));
}

describe(`a visitor changes the date or time of their own booking, on ${testDatabaseKind}`, () => {
  it('moves seats and tickets in one go, at the same price, and tells the visitor in their language; staff see it in the log', async () => {
    const from = await addDeparture(payload, shop, { capacity: 10, startsAt: inHours(72) });
    const to = await addDeparture(payload, shop, { capacity: 10, startsAt: inHours(96) });
    const paid = await paidBooking(payload, from, { adults: 2, locale: 'es' });
    const oldTickets = await validTickets(paid.bookingId);

    const answer = await tap(paid.reference, to);
    expect(answer).toEqual({ status: 200, body: { ok: true, choice: 'date', departure: to, refunded: false } });
    expect(await getBooking(payload, paid.reference)).toMatchObject({
      status: 'paid',
      departureId: to,
      totalCents: 3000,
    });
    expect(await seatsOf(payload, from)).toMatchObject({ sold: 0, held: 0 });
    expect(await seatsOf(payload, to)).toMatchObject({ sold: 2, held: 0 });
    const newTickets = await validTickets(paid.bookingId);
    expect(newTickets).toHaveLength(2);
    expect(newTickets.some((code) => oldTickets.includes(code))).toBe(false);
    expect(await audit(paid.reference)).toEqual([{ actor: 'visitor', action: 'booking.moved' }]);
    await expect
      .poll(async () => (await emails(paid.bookingId)).find((e) => e.template === 'booking-moved')?.subject)
      .toMatch(new RegExp(`^Tu salida ha cambiado: reserva ${paid.reference}, ahora el`));
    // No money moved: the one card payment is all there is.
    expect(sandboxLedger().order(paid.orderRef)?.refunds ?? []).toEqual([]);
  });

  it('closes at the tour’s cut-off (24 hours by default), which the office sets per tour, or turns off', async () => {
    const soon = await addDeparture(payload, other, { capacity: 10, startsAt: inHours(20) });
    const later = await addDeparture(payload, other, { capacity: 10, startsAt: inHours(50) });
    const paid = await paidBooking(payload, soon, { adults: 1 });

    expect(await tap(paid.reference, later)).toEqual({ status: 409, body: { ok: false, error: 'tooLate' } });
    expect(await getBooking(payload, paid.reference)).toMatchObject({ departureId: soon });

    await setTour(other.tourId, { selfChangeHoursBefore: null });
    expect(await tap(paid.reference, later)).toEqual({ status: 409, body: { ok: false, error: 'officeOnly' } });

    await setTour(other.tourId, { selfChangeHoursBefore: 2 });
    expect((await tap(paid.reference, later)).body).toMatchObject({ ok: true, departure: later });
    expect(await seatsOf(payload, soon)).toMatchObject({ sold: 0 });
    await setTour(other.tourId, { selfChangeHoursBefore: 24 });
  });

  it('refuses another tour’s departure, a bad signature, a boarded booking; a full one answers with what is still open', async () => {
    const from = await addDeparture(payload, shop, { capacity: 10, startsAt: inHours(73) });
    const small = await addDeparture(payload, shop, { capacity: 1, startsAt: inHours(97) });
    const roomy = await addDeparture(payload, shop, { capacity: 10, startsAt: inHours(121) });
    const elsewhere = await addDeparture(payload, other, { capacity: 10, startsAt: inHours(98) });
    const paid = await paidBooking(payload, from, { adults: 2 });

    expect(await tap(paid.reference, elsewhere)).toEqual({
      status: 409,
      body: { ok: false, error: 'notAnAlternative' },
    });
    expect((await tap(paid.reference, roomy, 'forged')).status).toBe(403);
    const full = await tap(paid.reference, small);
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('full');
    const open = (full.body.alternatives as { id: number }[]).map((a) => a.id);
    expect(open).toContain(roomy);
    expect(open).not.toContain(small);
    expect(await getBooking(payload, paid.reference)).toMatchObject({ departureId: from });

    await shopDb(payload).query('UPDATE tickets SET checked_in_at = ? WHERE booking_id = ?', [
      new Date().toISOString(),
      paid.bookingId,
    ]);
    expect(await tap(paid.reference, roomy)).toEqual({ status: 409, body: { ok: false, error: 'boarded' } });
  });

  it('a dearer trip (prices went up since) sends the visitor to the bank; paying moves the booking, the page keeps the offer meanwhile', async () => {
    const from = await addDeparture(payload, other, { capacity: 10, startsAt: inHours(74) });
    const to = await addDeparture(payload, other, { capacity: 10, startsAt: inHours(99) });
    const paid = await paidBooking(payload, from, { adults: 2, locale: 'fr' });
    await setTour(other.tourId, { roundTrip: { adult: 1800, reduced: 1200, child: 800 } });
    try {
      // Over HTTP the answer is the gateway's form (the route's own gateway, configured by env).
      const answer = await tap(paid.reference, to);
      expect(answer.status).toBe(200);
      expect((answer.body.pay as { fields?: unknown })?.fields).toBeTruthy();
      const started = await startMovePayment(payload, paid.reference, { provider, siteUrl });
      if (!started.ok) throw new Error(started.error);
      const form = started.form as unknown as { fields: Record<string, string> };
      // The seats wait as held seats; the booking and its tickets stay where they were until paid.
      expect(await seatsOf(payload, to)).toMatchObject({ held: 2, sold: 0 });
      expect(await getBooking(payload, paid.reference)).toMatchObject({ departureId: from, totalCents: 3000 });
      const move = await pendingMoveOf(payload, paid.bookingId);
      expect(move).toMatchObject({ differenceCents: 600, requestedBy: 'visitor' });
      // At the bank a hold's time, not the office offer's day.
      expect(move!.expiresAt.getTime() - Date.now()).toBeLessThan(31 * 60_000);
      // Not the office's "as agreed" e-mail: the visitor is at the bank, the booking page keeps the offer.
      expect((await emails(paid.bookingId)).some((e) => e.template.startsWith('move-payment'))).toBe(false);

      const request = openedAtSandbox(form.fields);
      expect(request.amountCents).toBe(600);
      expect(await payAtSandbox(payload, request)).toEqual({ status: 'moved', bookingId: paid.bookingId });
      expect(await getBooking(payload, paid.reference)).toMatchObject({ departureId: to, totalCents: 3600 });
      expect(await seatsOf(payload, to)).toMatchObject({ held: 0, sold: 2 });
      expect(await seatsOf(payload, from)).toMatchObject({ held: 0, sold: 0 });
    } finally {
      await setTour(other.tourId, { roundTrip: { adult: 1500, reduced: 1200, child: 800 } });
    }
  });

  it('a cheaper trip (prices went down since) refunds the difference to the card at once', async () => {
    const from = await addDeparture(payload, other, { capacity: 10, startsAt: inHours(75) });
    const to = await addDeparture(payload, other, { capacity: 10, startsAt: inHours(100) });
    const paid = await paidBooking(payload, from, { adults: 2 });
    await setTour(other.tourId, { roundTrip: { adult: 1300, reduced: 1200, child: 800 } });
    try {
      // The refund goes through the test's gateway (the route's would call a running server).
      expect(
        await changeOwnBooking(payload, { reference: paid.reference, departureId: to }, { provider }),
      ).toMatchObject({ ok: true, moved: true, differenceCents: -400, refund: { ok: true } });
      expect(await getBooking(payload, paid.reference)).toMatchObject({ departureId: to, totalCents: 2600 });
      expect(
        sandboxLedger()
          .order(paid.orderRef)
          ?.refunds.map((r) => r.amountCents),
      ).toEqual([400]);
      // One story (issue 43): the refund's e-mail goes out with the move's, which voids the old
      // tickets; it says the same, never "the tickets do not change".
      await expect
        .poll(async () => (await emails(paid.bookingId)).map((e) => e.template))
        .toEqual(expect.arrayContaining(['booking-moved', 'booking-refunded']));
      const { docs } = await payload.find({
        collection: 'email-log',
        where: { ref: { equals: `bookings:${paid.bookingId}` }, template: { equals: 'booking-refunded' } },
        overrideAccess: true,
        depth: 0,
      });
      const refundText = String(docs[0]?.text ?? '');
      expect(refundText).toContain('4,00');
      expect(refundText).toContain('los anteriores ya no son válidos');
      expect(refundText).not.toContain('no cambian');
    } finally {
      await setTour(other.tourId, { roundTrip: { adult: 1500, reduced: 1200, child: 800 } });
    }
  });

  it('two taps at once (two tabs, two departures): never both from the same place; seats and tickets add up', async () => {
    const from = await addDeparture(payload, shop, { capacity: 10, startsAt: inHours(76) });
    const a = await addDeparture(payload, shop, { capacity: 10, startsAt: inHours(101) });
    const b = await addDeparture(payload, shop, { capacity: 10, startsAt: inHours(102) });
    const paid = await paidBooking(payload, from, { adults: 3 });
    const results = await Promise.all(
      [a, b].map((departureId) => changeOwnBooking(payload, { reference: paid.reference, departureId }, { provider })),
    );
    // Either the two overlap and the later finds the booking changed, or (a pooled connection
    // reads after the first committed) the second is a change of its own from where the first put
    // it. Never two moves from the starting departure: the seats below would not add up.
    const moves = await audit(paid.reference);
    raceMoves = moves.length;
    expect(results.filter((r) => r.ok)).toHaveLength(moves.length);
    expect(moves.length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (!r.ok) expect(r.error).toBe('changed');
    const booking = await getBooking(payload, paid.reference);
    const seats = [await seatsOf(payload, from), await seatsOf(payload, a), await seatsOf(payload, b)];
    expect(seats.map((s) => s.sold)).toEqual([
      0,
      booking!.departureId === a ? 3 : 0,
      booking!.departureId === b ? 3 : 0,
    ]);
    const { rows } = await shopDb(payload).query(
      'SELECT COUNT(*) AS n FROM tickets WHERE booking_id = ? AND voided_at IS NULL',
      [paid.bookingId],
    );
    expect(num(rows[0]!.n)).toBe(3);
  });

  it('the office’s report counts the changes visitors made themselves, apart from the office’s and resellers’', async () => {
    const today = utcToMadrid(new Date()).date;
    const report = await salesReport(payload, { from: today, to: today });
    // One per change that went through above: same price, after the cut-off moved, dearer (paid), cheaper, and the race's.
    expect(report.moves).toEqual({ visitors: 4 + raceMoves, staff: 0, resellers: 0 });
  });
});
