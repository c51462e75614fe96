import { beforeAll, describe, expect, it } from 'vitest';

import { POST as moveRoute } from '@/app/api/ops/bookings/[reference]/move/route';
import { POST as withdrawRoute } from '@/app/api/ops/bookings/[reference]/move/withdraw/route';
import { POST as movePaymentRoute } from '@/app/api/shop/bookings/[reference]/move-payment/route';
import { cancelBooking, moveBooking } from '@/operations/booking-actions';
import { startMovePayment } from '@/operations/move-payment';
import { iso, num, shopDb, str } from '@/booking/db';
import { cancelDeparture } from '@/operations/disruption';
import { getBooking } from '@/booking/holds';
import { expirePendingMoves, pendingMoveOf } from '@/operations/pending-moves';
import { bookingLinkSignature, bookingSignatureFor } from '@/booking/signature';
import type { SandboxRequest } from '@/payments/sandbox';
import { sandboxLedger } from '@/lib/sandbox-ledger';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import {
  openedAtSandbox,
  paidBooking,
  sandboxBankAnswers,
  sandboxProvider as provider,
  siteUrl,
  validTickets as validCodes,
} from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let dear: { tourId: number; boatId: number };
let cheap: { tourId: number; boatId: number };

beforeAll(async () => {
  dear = await makeTour(payload, { menuKey: 'maritime60' });
  // The shorter tour costs 10.00 an adult, the longer 15.00: a move up costs 5.00 a person.
  cheap = await makeTour(payload, { menuKey: 'maritime40', roundTrip: { adult: 1000, reduced: 800, child: 500 } });
});
checkInvariantsAfterEach(() => payload);

async function officeRequest(url: string, body: unknown): Promise<Request> {
  const email = `office-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'a-long-enough-password-42';
  await payload.create({
    collection: 'users',
    data: { email, password, role: 'office' } as never,
    overrideAccess: true,
  });
  const { token } = await payload.login({ collection: 'users', data: { email, password } });
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify(body),
  });
}

async function offerMove(reference: string, departureId: number) {
  const result = await moveBooking(payload, { reference, departureId, by: 'user:7', collect: 'link' }, { provider });
  if (!result.ok || !result.pendingMove) throw new Error(`no move offered: ${JSON.stringify(result)}`);
  return result.pendingMove;
}

/** What the sandbox page receives when the customer presses "Pay" on their booking page. */
async function startPaying(reference: string, now?: Date) {
  const started = await startMovePayment(payload, reference, { provider, siteUrl, ...(now ? { now } : {}) });
  if (!started.ok) throw new Error(`move payment not started: ${started.error}`);
  return openedAtSandbox(started.form.fields as unknown as Record<string, string>);
}

const bankAnswers = (request: SandboxRequest, decision: 'pay' | 'decline' = 'pay') =>
  sandboxBankAnswers(payload, request, decision);
const validTickets = (bookingId: number) => validCodes(payload, bookingId);

async function emails(bookingId: number) {
  const { rows } = await shopDb(payload).query(
    'SELECT template, subject, text FROM email_log WHERE ref = ? ORDER BY id',
    [`bookings:${bookingId}`],
  );
  return rows.map((row) => ({ template: str(row.template), subject: str(row.subject), text: str(row.text) }));
}

describe(`a dearer move paid by the customer through a link, on ${testDatabaseKind}`, () => {
  it('holds the new seats, keeps the old tickets and e-mails the link in the customer’s language; paying moves the booking', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 10 });
    const to = await addDeparture(payload, dear, { capacity: 10 });
    const paid = await paidBooking(payload, from, { adults: 2, locale: 'fr' });
    const oldTickets = await validTickets(paid.bookingId);

    const move = await offerMove(paid.reference, to);
    expect(move).toMatchObject({ status: 'pending', differenceCents: 1000, totalCents: 3000, seats: 2 });
    expect(await seatsOf(payload, to)).toMatchObject({ held: 2, sold: 0 });
    expect(await seatsOf(payload, from)).toMatchObject({ sold: 2 });
    expect(await validTickets(paid.bookingId)).toEqual(oldTickets);
    expect(await getBooking(payload, paid.reference)).toMatchObject({ departureId: from, totalCents: 2000 });

    const mail = (await emails(paid.bookingId)).find((e) => e.template === `move-payment:${move.id}`);
    expect(mail?.subject).toContain('10,00');
    expect(mail?.subject).toMatch(/Votre changement de départ/);
    // The link lives as long as the later departure's links do: the booking ends up on it.
    const { rows: toRows } = await shopDb(payload).query('SELECT starts_at FROM departures WHERE id = ?', [to]);
    expect(mail?.text).toContain(
      `firma=${bookingSignatureFor(paid.reference, new Date(toRows[0]!.starts_at as string | Date))}`,
    );

    const request = await startPaying(paid.reference);
    expect(request.amountCents).toBe(1000);
    expect(await bankAnswers(request)).toEqual({ status: 'moved', bookingId: paid.bookingId });

    const moved = await getBooking(payload, paid.reference);
    expect(moved).toMatchObject({ status: 'paid', departureId: to, tourId: dear.tourId, totalCents: 3000 });
    expect(await seatsOf(payload, to)).toMatchObject({ held: 0, sold: 2 });
    expect(await seatsOf(payload, from)).toMatchObject({ held: 0, sold: 0 });
    const newTickets = await validTickets(paid.bookingId);
    expect(newTickets).toHaveLength(2);
    expect(newTickets.some((code) => oldTickets.includes(code))).toBe(false);
    expect(await pendingMoveOf(payload, paid.bookingId)).toBeNull();

    // The bank resends its notification: nothing more happens.
    expect(await bankAnswers(request)).toEqual({ status: 'duplicate', bookingId: paid.bookingId });

    // A full refund later goes back through both card orders, the difference first.
    const cancelled = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 'full', reason: 'changed plans', by: 'user:7' },
      { provider },
    );
    expect(cancelled).toMatchObject({ ok: true, refund: { ok: true } });
    expect(
      sandboxLedger()
        .order(request.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([1000]);
    expect(
      sandboxLedger()
        .order(paid.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([2000]);
  });

  it('a refused card keeps the move waiting; when the link runs out the seats go back, and a late payment still moves if they are free', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 10 });
    const to = await addDeparture(payload, dear, { capacity: 10 });
    const paid = await paidBooking(payload, from, { adults: 1 });
    await offerMove(paid.reference, to);

    const declined = await startPaying(paid.reference);
    expect(await bankAnswers(declined, 'decline')).toEqual({ status: 'declined' });
    expect(await pendingMoveOf(payload, paid.bookingId)).toMatchObject({ status: 'pending' });

    const retry = await startPaying(paid.reference);
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(await expirePendingMoves(payload, { now: later })).toEqual({ expired: 1 });
    expect(await seatsOf(payload, to)).toMatchObject({ held: 0, sold: 0 });
    expect(await startMovePayment(payload, paid.reference, { provider, siteUrl })).toEqual({
      ok: false,
      error: 'noPendingMove',
    });

    expect(await bankAnswers(retry)).toEqual({ status: 'moved', bookingId: paid.bookingId });
    expect(await getBooking(payload, paid.reference)).toMatchObject({ departureId: to, totalCents: 1500 });
    expect(await seatsOf(payload, to)).toMatchObject({ held: 0, sold: 1 });
  });

  it('the minute job gives back the seats of a move nobody paid for in time, through the desk operations installs', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 10 });
    const to = await addDeparture(payload, dear, { capacity: 10 });
    const paid = await paidBooking(payload, from, { adults: 2 });
    const move = await offerMove(paid.reference, to);
    expect(await seatsOf(payload, to)).toMatchObject({ held: 2 });
    // The link ran out a minute ago; the job runs at the real time, as the queue runs it.
    await shopDb(payload).query('UPDATE booking_moves SET expires_at = ? WHERE id = ?', [
      iso(new Date(Date.now() - 60_000)),
      move.id,
    ]);

    await payload.jobs.queue({ task: 'expireHolds', input: {}, queue: 'minute' });
    await payload.jobs.run({ queue: 'minute', limit: 10, silent: true });

    expect(await seatsOf(payload, to)).toMatchObject({ held: 0, sold: 0 });
    const { rows } = await shopDb(payload).query('SELECT status FROM booking_moves WHERE id = ?', [move.id]);
    expect(str(rows[0]?.status)).toBe('expired');
    expect(await getBooking(payload, paid.reference)).toMatchObject({ status: 'paid', departureId: from });
  });

  it('a late payment for seats sold since is refunded in full and the customer keeps the trip they had', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 10 });
    const to = await addDeparture(payload, dear, { capacity: 2 });
    const paid = await paidBooking(payload, from, { adults: 2, locale: 'ca' });
    await offerMove(paid.reference, to);
    const request = await startPaying(paid.reference);
    await expirePendingMoves(payload, { now: new Date(Date.now() + 25 * 3600_000) });
    await paidBooking(payload, to, { adults: 2 });

    expect(await bankAnswers(request)).toEqual({ status: 'refundPending', bookingId: paid.bookingId });
    expect(
      sandboxLedger()
        .order(request.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([1000]);
    expect(await getBooking(payload, paid.reference)).toMatchObject({
      status: 'paid',
      departureId: from,
      totalCents: 2000,
    });
    const told = (await emails(paid.bookingId)).find((e) => e.template === 'move-refund');
    expect(told?.subject).toContain(paid.reference);
    expect(told?.text).toContain('10,00');
  });

  it('cancelling the booking or the new departure withdraws the move: its seats go back and a payment that still comes is refunded', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 10 });
    const to = await addDeparture(payload, dear, { capacity: 10 });
    const first = await paidBooking(payload, from, { adults: 2 });
    const second = await paidBooking(payload, from, { adults: 1 });
    await offerMove(first.reference, to);
    await offerMove(second.reference, to);
    expect(await seatsOf(payload, to)).toMatchObject({ held: 3 });
    const firstPays = await startPaying(first.reference);

    await cancelBooking(
      payload,
      { reference: first.reference, refund: 'full', reason: 'ill', by: 'user:7' },
      { provider },
    );
    expect(await seatsOf(payload, to)).toMatchObject({ held: 1 });
    expect(await cancelDeparture(payload, { departureId: to, reason: 'wind', by: 'user:7' })).toMatchObject({
      ok: true,
    });
    expect(await seatsOf(payload, to)).toMatchObject({ held: 0, sold: 0 });
    expect(await pendingMoveOf(payload, second.bookingId)).toBeNull();
    expect(await getBooking(payload, second.reference)).toMatchObject({ status: 'paid', departureId: from });

    expect(await bankAnswers(firstPays)).toEqual({ status: 'refundPending', bookingId: first.bookingId });
    expect(
      sandboxLedger()
        .order(firstPays.orderRef)
        ?.refunds.map((r) => r.amountCents),
    ).toEqual([1000]);
  });

  it('twelve moves offered at once to a departure with five free seats: five hold a seat, seven are told it is full, none oversold', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 20 });
    const to = await addDeparture(payload, dear, { capacity: 5 });
    const bookings = [];
    for (let i = 0; i < 12; i++) bookings.push(await paidBooking(payload, from, { adults: 1 }));
    const results = await Promise.all(
      bookings.map((b) =>
        moveBooking(payload, { reference: b.reference, departureId: to, by: 'user:7', collect: 'link' }, { provider }),
      ),
    );
    expect(results.filter((r) => r.ok).length).toBe(5);
    expect(results.filter((r) => !r.ok && r.error === 'full').length).toBe(7);
    expect(await seatsOf(payload, to)).toMatchObject({ held: 5, sold: 0 });
  });

  it('over HTTP: staff offer the move (202), the customer starts paying from the signed link only', async () => {
    const from = await addDeparture(payload, cheap, { capacity: 10 });
    const to = await addDeparture(payload, dear, { capacity: 10 });
    const paid = await paidBooking(payload, from, { adults: 1 });
    const offered = await moveRoute(
      await officeRequest(`/api/ops/bookings/${paid.reference}/move`, { departure: to, collect: 'link' }),
      { params: Promise.resolve({ reference: paid.reference }) },
    );
    expect(offered.status).toBe(202);
    expect(await offered.json()).toMatchObject({
      ok: true,
      pendingMove: { differenceCents: 500, toDepartureId: to, status: 'pending' },
    });

    const call = (firma: string) =>
      movePaymentRoute(
        new Request(`http://localhost/api/shop/bookings/${paid.reference}/move-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ firma }),
        }),
        { params: Promise.resolve({ reference: paid.reference }) },
      );
    expect((await call('forged')).status).toBe(403);
    const started = await call(await bookingLinkSignature(payload, paid.reference));
    expect(started.status).toBe(200);
    const body = (await started.json()) as { form: { fields: Record<string, string> } };
    const { rows } = await shopDb(payload).query(
      `SELECT amount_cents, move_id FROM payment_notifications WHERE kind = 'attempt' AND booking_id = ? ORDER BY id DESC`,
      [paid.bookingId],
    );
    expect(num(rows[0]?.amount_cents)).toBe(500);
    expect(rows[0]?.move_id).not.toBeNull();
    expect(body.form.fields.Ds_MerchantParameters).toBeTruthy();

    // The customer changed their mind on the phone: the office takes the offer back.
    const withdrawn = await withdrawRoute(
      await officeRequest(`/api/ops/bookings/${paid.reference}/move/withdraw`, {}),
      { params: Promise.resolve({ reference: paid.reference }) },
    );
    expect(await withdrawn.json()).toEqual({ ok: true, reference: paid.reference, withdrawn: 1 });
    expect(await seatsOf(payload, to)).toMatchObject({ held: 0 });
    expect((await call(await bookingLinkSignature(payload, paid.reference))).status).toBe(409);
    // Both the offer and its withdrawal are in the audit log, under the office member who did them.
    const { rows: audit } = await shopDb(payload).query(
      'SELECT actor, action FROM audit_log WHERE subject = ? ORDER BY id',
      [`booking:${paid.reference}`],
    );
    const actions = audit.map((row) => str(row.action));
    expect(actions).toContain('booking.movePaymentRequested');
    expect(actions).toContain('booking.moveWithdrawn');
    expect(audit.every((row) => str(row.actor).startsWith('user:'))).toBe(true);
  });
});
