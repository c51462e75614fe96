import { beforeAll, describe, expect, it } from 'vitest';

import { handlePaymentNotification, startPayment } from '@/booking/checkout';
import { shopDb } from '@/booking/db';
import { createHold, expireHolds, getBooking } from '@/booking/holds';
import { SANDBOX_TEST_CARD, createSandboxProvider, readSandboxRequest, sandboxNotification } from '@/payments/sandbox';

import { bookingLinkSignature } from '@/booking/signature';

import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);
let shop: { tourId: number; boatId: number };

const siteUrl = 'http://localhost:3110';
const provider = createSandboxProvider({ siteUrl });
const MINUTE = 60_000;

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
});

/** Holds `adults` seats and opens a payment; returns what the sandbox page would receive. */
async function heldAndStarted(departureId: number, adults = 2, now = new Date()) {
  const held = await createHold(payload, {
    departureId,
    selection: selection({ adult: adults }),
    customer,
    locale: 'es',
    now,
  });
  if (!held.ok) throw new Error(`hold failed: ${held.error}`);
  const started = await startPayment(payload, held.reference, { provider, siteUrl, now });
  if (!started.ok) throw new Error(`payment start failed: ${started.error}`);
  const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
  if (!opened.ok) throw new Error(`sandbox refused the request: ${opened.reason}`);
  return { held, started, request: opened.request };
}

async function ticketsOf(bookingId: number) {
  const { rows } = await shopDb(payload).query('SELECT code, category FROM tickets WHERE booking_id = ? ORDER BY id', [
    bookingId,
  ]);
  return rows.map((r) => ({ code: String(r.code), category: String(r.category) }));
}

const handle = (fields: object, now?: Date) =>
  handlePaymentNotification(payload, fields as Record<string, string>, { provider, ...(now ? { now } : {}) });

describe(`payment confirmation on ${testDatabaseKind}`, () => {
  it('confirms a held booking from the verified notification: seats sold, one ticket per person, once', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const held = await createHold(payload, {
      departureId,
      selection: selection({ adult: 1, child: 1, super3: 2 }),
      customer,
      locale: 'fr',
    });
    if (!held.ok) throw new Error('hold failed');
    const started = await startPayment(payload, held.reference, { provider, siteUrl });
    if (!started.ok) throw new Error('start failed');
    expect(started.form.action).toBe('/pago-de-prueba');
    const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.request).toMatchObject({ amountCents: 2300, locale: 'fr' });
    expect(opened.request.urls.ok).toBe(
      `${siteUrl}/fr/gracias?reserva=${held.reference}&firma=${await bookingLinkSignature(payload, held.reference)}`,
    );
    expect(opened.request.urls.notify).toBe(`${siteUrl}/api/payments/notify`);

    const notification = sandboxNotification(opened.request, 'pay', SANDBOX_TEST_CARD);
    expect(await handle(notification)).toMatchObject({ status: 'confirmed' });
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 10, sold: 4, held: 0 });
    const booking = await getBooking(payload, held.reference);
    expect(booking).toMatchObject({ status: 'paid', paymentOrderRef: opened.request.orderRef });
    expect(booking!.paidAt).toBeInstanceOf(Date);
    const tickets = await ticketsOf(booking!.id);
    expect(tickets.map((t) => t.category).sort()).toEqual(['adult', 'child', 'super3', 'super3']);
    expect(new Set(tickets.map((t) => t.code)).size).toBe(4);
    expect(tickets.every((t) => /^[A-Z2-9]{24}$/.test(t.code))).toBe(true);

    // Replays, one by one and all at once, change nothing.
    expect(await handle(notification)).toMatchObject({ status: 'duplicate' });
    const replays = await Promise.all(Array.from({ length: 5 }, () => handle(notification)));
    expect(replays.every((r) => r.status === 'duplicate')).toBe(true);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 10, sold: 4, held: 0 });
    expect(await ticketsOf(booking!.id)).toHaveLength(4);
    // A refusal arriving after the payment (out of order) does not undo it.
    expect(await handle(sandboxNotification(opened.request, 'decline'))).toEqual({ status: 'declined' });
    expect((await getBooking(payload, held.reference))?.status).toBe('paid');
  });

  it('processes concurrent deliveries of one notification exactly once', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { held, request } = await heldAndStarted(departureId, 3);
    const notification = sandboxNotification(request, 'pay', SANDBOX_TEST_CARD);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => handle(notification)));
    expect(outcomes.filter((o) => o.status === 'confirmed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'duplicate')).toHaveLength(7);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 10, sold: 3, held: 0 });
    expect(await ticketsOf(held.bookingId)).toHaveLength(3);
  });

  it('keeps the hold after a declined card, so the visitor can pay on a second attempt', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { held, request } = await heldAndStarted(departureId);
    expect(await handle(sandboxNotification(request, 'pay', '4111111111111111'))).toEqual({ status: 'declined' });
    expect((await getBooking(payload, held.reference))?.status).toBe('held');
    const retry = await startPayment(payload, held.reference, { provider, siteUrl });
    if (!retry.ok) throw new Error('retry failed');
    expect(retry.orderRef).not.toBe(request.orderRef);
    const second = readSandboxRequest(retry.form.fields as unknown as Record<string, string>, { siteUrl });
    if (!second.ok) throw new Error(second.reason);
    expect(await handle(sandboxNotification(second.request, 'pay', SANDBOX_TEST_CARD))).toMatchObject({
      status: 'confirmed',
    });
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 2, held: 0 });
  });

  it('rejects a forged signature and a wrong amount without touching the booking', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { held, request } = await heldAndStarted(departureId);
    const genuine = sandboxNotification(request, 'pay', SANDBOX_TEST_CARD);
    const sig = genuine.Ds_Signature;
    const forged = { ...genuine, Ds_Signature: `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}` };
    expect(await handle(forged)).toEqual({ status: 'rejected', reason: 'badSignature' });
    // Signed correctly (the test key is public), but for less money than the booking costs.
    const cheaper = sandboxNotification(
      { ...request, amountCents: request.amountCents - 100 },
      'pay',
      SANDBOX_TEST_CARD,
    );
    expect(await handle(cheaper)).toEqual({ status: 'rejected', reason: 'amountMismatch' });
    const unknown = sandboxNotification({ ...request, orderRef: '9999ZZZZZZZZ' }, 'pay', SANDBOX_TEST_CARD);
    expect(await handle(unknown)).toEqual({ status: 'unknownOrder' });
    expect((await getBooking(payload, held.reference))?.status).toBe('held');
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 0, held: 2 });
    expect(await ticketsOf(held.bookingId)).toHaveLength(0);
    const { rows } = await shopDb(payload).query(
      `SELECT outcome FROM payment_notifications WHERE kind = 'notification' AND (booking_id = ? OR booking_id IS NULL) ORDER BY id`,
      [held.bookingId],
    );
    expect(rows.map((r) => r.outcome)).toEqual(
      expect.arrayContaining(['rejected:badSignature', 'rejected:amountMismatch', 'unknownOrder']),
    );
  });

  it('a late payment for an expired hold takes the seats again when they are free', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const now = new Date();
    const { held, request } = await heldAndStarted(departureId, 2, now);
    const later = new Date(now.getTime() + 20 * MINUTE);
    expect(await expireHolds(payload, { departureId, now: later })).toEqual({ expired: 1 });
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 0, sold: 0 });
    expect(await handle(sandboxNotification(request, 'pay', SANDBOX_TEST_CARD), later)).toMatchObject({
      status: 'retaken',
    });
    expect(await seatsOf(payload, departureId)).toMatchObject({ held: 0, sold: 2 });
    expect((await getBooking(payload, held.reference, later))?.status).toBe('paid');
    expect(await ticketsOf(held.bookingId)).toHaveLength(2);
  });

  it('a late payment with no seats left is kept and flagged for refund, never lost or oversold', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 4 });
    const now = new Date();
    const { held, request } = await heldAndStarted(departureId, 2, now);
    const later = new Date(now.getTime() + 20 * MINUTE);
    // Someone else buys the whole boat once the first hold has lapsed.
    const other = await createHold(payload, {
      departureId,
      selection: selection({ adult: 4 }),
      customer,
      locale: 'ca',
      now: later,
    });
    expect(other.ok).toBe(true);
    expect(await handle(sandboxNotification(request, 'pay', SANDBOX_TEST_CARD), later)).toMatchObject({
      status: 'refundPending',
    });
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 4, sold: 0, held: 4 });
    expect((await getBooking(payload, held.reference, later))?.status).toBe('refundPending');
    expect(await ticketsOf(held.bookingId)).toHaveLength(0);
    expect(await handle(sandboxNotification(request, 'pay', SANDBOX_TEST_CARD), later)).toMatchObject({
      status: 'duplicate',
    });
  });

  it('refuses to start a payment for a booking that is no longer held', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const now = new Date();
    const held = await createHold(payload, { departureId, selection: selection(), customer, locale: 'ca', now });
    if (!held.ok) throw new Error('hold failed');
    const later = new Date(now.getTime() + 16 * MINUTE);
    expect(await startPayment(payload, held.reference, { provider, siteUrl, now: later })).toMatchObject({
      ok: false,
      error: 'notHeld',
      status: 'expired',
    });
    expect(await startPayment(payload, 'NOSUCHREFERENCE', { provider, siteUrl })).toEqual({
      ok: false,
      error: 'notFound',
    });
  });
});
