import { beforeAll, describe, expect, it } from 'vitest';

import { cancelBooking } from '@/operations/booking-actions';
import { handlePaymentNotification } from '@/booking/checkout';
import { shopDb } from '@/booking/db';
import { expireHolds, getBooking } from '@/booking/holds';
import { paymentEventsOf } from '@/booking/payments-repository';
import { failedRefunds, retryRefund } from '@/operations/refunds';
import { sandboxLedger } from '@/lib/sandbox-ledger';
import { SANDBOX_TEST_CARD, recordSandboxNotification, sandboxNotification } from '@/payments/sandbox';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { heldAndStarted, paidBooking, payAtSandbox, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
const MINUTE = 60_000;
const provider = sandboxProvider;

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
});
checkInvariantsAfterEach(() => payload);

const refundsAtBank = (orderRef: string) => sandboxLedger().order(orderRef)?.refunds ?? [];

describe(`refunds through the gateway on ${testDatabaseKind}`, () => {
  it('cancels with a full refund through the sandbox REST endpoint, once however often it is replayed', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const paid = await paidBooking(payload, departureId, { adults: 3 });
    const cancel = () =>
      cancelBooking(
        payload,
        { reference: paid.reference, refund: 'full', reason: 'customer request', by: 'user:1' },
        { provider },
      );
    const first = await cancel();
    expect(first).toMatchObject({ ok: true, alreadyCancelled: false, refund: { ok: true, replayed: false } });
    expect(refundsAtBank(paid.orderRef)).toEqual([expect.objectContaining({ amountCents: 4500 })]);

    // Replayed one after the other and all at once: nothing more reaches the bank.
    expect(await cancel()).toMatchObject({ ok: true, alreadyCancelled: true, refund: { ok: true, replayed: true } });
    const replays = await Promise.all(Array.from({ length: 6 }, cancel));
    expect(replays.every((r) => r.ok && r.alreadyCancelled)).toBe(true);
    expect(refundsAtBank(paid.orderRef)).toHaveLength(1);

    const booking = await getBooking(payload, paid.reference);
    expect(booking?.status).toBe('cancelled');
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 10, sold: 0, held: 0 });
    const events = await paymentEventsOf(shopDb(payload), paid.bookingId);
    expect(events.map((e) => [e.kind, e.status, e.amountCents, e.requestedBy])).toEqual([
      ['payment', 'succeeded', 4500, 'visitor'],
      ['refund', 'succeeded', 4500, 'user:1'],
    ]);
    expect(events[1]).toMatchObject({ orderRef: paid.orderRef, gatewayCode: '0900', reason: 'customer request' });
    const { rows } = await shopDb(payload).query(
      'SELECT COUNT(*) AS n FROM tickets WHERE booking_id = ? AND voided_at IS NULL',
      [paid.bookingId],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('keeps a cancellation fee: a partial refund in cents, the rest stays paid', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const paid = await paidBooking(payload, departureId, { adults: 2 });
    const result = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 2000, reason: 'late cancellation', by: 'user:1' },
      { provider },
    );
    expect(result).toMatchObject({ ok: true, refund: { ok: true } });
    expect(refundsAtBank(paid.orderRef)).toEqual([expect.objectContaining({ amountCents: 2000 })]);
    const { rows } = await shopDb(payload).query('SELECT paid_cents, refunded_cents FROM bookings WHERE id = ?', [
      paid.bookingId,
    ]);
    expect([Number(rows[0]!.paid_cents), Number(rows[0]!.refunded_cents)]).toEqual([3000, 2000]);
  });

  it('never refunds more than was paid', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const result = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 999_999, reason: 'typo', by: 'user:1' },
      { provider },
    );
    expect(result).toMatchObject({ ok: true, refund: { ok: false, error: 'exceedsPaid' } });
    expect(refundsAtBank(paid.orderRef)).toHaveLength(0);
  });

  it('a refund the gateway refuses stays visible as failed, money not marked returned, and a retry succeeds', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { held, request } = await heldAndStarted(payload, departureId, { adults: 2 });
    // Paid, but the bank's books lost the order: it answers SIS0059 to the refund.
    const notification = sandboxNotification(request, 'pay', SANDBOX_TEST_CARD);
    await handlePaymentNotification(payload, notification as unknown as Record<string, string>, { provider });
    const result = await cancelBooking(
      payload,
      { reference: held.reference, refund: 'full', reason: 'customer request', by: 'user:2' },
      { provider },
    );
    expect(result).toMatchObject({ ok: true, refund: { ok: false, error: 'failed' } });
    const failed = (await failedRefunds(payload)).find((e) => e.reference === held.reference);
    expect(failed).toMatchObject({ status: 'failed', gatewayCode: 'refused:SIS0059', amountCents: 3000 });
    const { rows } = await shopDb(payload).query('SELECT refunded_cents FROM bookings WHERE id = ?', [held.bookingId]);
    expect(Number(rows[0]!.refunded_cents)).toBe(0);

    await recordSandboxNotification(notification, sandboxLedger());
    const retried = await retryRefund(payload, failed!.id, { provider, requestedBy: 'user:3' });
    expect(retried).toMatchObject({ ok: true, event: { status: 'succeeded', attempts: 2 } });
    expect(refundsAtBank(request.orderRef)).toHaveLength(1);
    expect((await failedRefunds(payload)).some((e) => e.reference === held.reference)).toBe(false);
  });

  it('a late payment for an expired hold whose seats were re-sold is refunded automatically, never seated', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 2 });
    const now = new Date();
    const late = await heldAndStarted(payload, departureId, { adults: 2, now });
    const later = new Date(now.getTime() + 20 * MINUTE);
    await expireHolds(payload, { departureId, now: later });
    await paidBooking(payload, departureId, { adults: 2 });
    const outcome = await payAtSandbox(payload, late.request, later);
    expect(outcome).toMatchObject({ status: 'refundPending' });
    expect((await getBooking(payload, late.held.reference, later))?.status).toBe('cancelled');
    expect(refundsAtBank(late.request.orderRef)).toEqual([expect.objectContaining({ amountCents: 3000 })]);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 2, sold: 2, held: 0 });
    // The gateway delivering the same notification again refunds nothing more.
    expect(await payAtSandbox(payload, late.request, later)).toMatchObject({ status: 'duplicate' });
    expect(refundsAtBank(late.request.orderRef)).toHaveLength(1);
  });

  it('a visitor who paid twice (two tabs, two orders) keeps one booking and gets the second payment back', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const first = await heldAndStarted(payload, departureId, { adults: 2 });
    const { startPayment } = await import('@/booking/checkout');
    const { readSandboxRequest } = await import('@/payments/sandbox');
    const again = await startPayment(payload, first.held.reference, { provider, siteUrl: 'http://localhost:3110' });
    if (!again.ok) throw new Error(again.error);
    const secondTab = readSandboxRequest(again.form.fields as unknown as Record<string, string>, {
      siteUrl: 'http://localhost:3110',
    });
    if (!secondTab.ok) throw new Error(secondTab.reason);

    expect(await payAtSandbox(payload, first.request)).toMatchObject({ status: 'confirmed' });
    expect(await payAtSandbox(payload, secondTab.request)).toMatchObject({ status: 'refundPending' });
    expect(refundsAtBank(secondTab.request.orderRef)).toEqual([expect.objectContaining({ amountCents: 3000 })]);
    expect(refundsAtBank(first.request.orderRef)).toEqual([]);
    expect(await getBooking(payload, first.held.reference)).toMatchObject({ status: 'paid' });
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 2, held: 0 });
    // The bank resending the second notification refunds nothing more.
    expect(await payAtSandbox(payload, secondTab.request)).toMatchObject({ status: 'duplicate' });
    expect(refundsAtBank(secondTab.request.orderRef)).toHaveLength(1);
    const { rows } = await shopDb(payload).query('SELECT subject, text FROM email_log WHERE ref = ? AND template = ?', [
      `bookings:${first.held.bookingId}`,
      'second-payment',
    ]);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.subject)).toContain(first.held.reference);
  });
});
