import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ANONYMISED_EMAIL } from '@/booking/booking-actions';
import { shopDb, str } from '@/booking/db';
import { applyRetention } from '@/privacy/retention';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
  shop = await makeTour(payload, { menuKey: 'magic' });
});
afterAll(async () => {
  await stop?.();
});
checkInvariantsAfterEach(() => payload);

const YEAR = 365 * 24 * 3600_000;

async function bookingRow(reference: string) {
  const { rows } = await shopDb(payload).query(
    'SELECT customer_name, customer_email, customer_phone, total_cents, paid_cents, status FROM bookings WHERE reference = ?',
    [reference],
  );
  return rows[0]!;
}

async function request(email: string, createdAt: Date) {
  const doc = await payload.create({
    collection: 'requests',
    overrideAccess: true,
    data: {
      kind: 'group',
      locale: 'ca',
      status: 'new',
      title: `Casal ${email}`,
      contactName: 'Joan Serra',
      email,
      phone: '600 000 000',
      organisation: 'Casal Gent Gran',
      tour: 'barcelona-port-40-min',
      groupSize: 25,
      message: 'Som 25, un amb cadira de rodes',
    } as never,
  });
  await shopDb(payload).query('UPDATE requests SET created_at = ? WHERE id = ?', [createdAt.toISOString(), doc.id]);
  return Number(doc.id);
}

describe(`personal data retention on ${testDatabaseKind}`, () => {
  it('erases who booked five years after the departure and who asked two years after the request, keeping the accounts', async () => {
    // "Now" is six years ahead: this booking's departure (in three days) is then over five years old.
    const now = new Date(Date.now() + 6 * YEAR);
    const old = await paidBooking(payload, await addDeparture(payload, shop), { adults: 2 });
    // A departure 1.5 years before that "now" is still within the five years.
    const recentDeparture = await addDeparture(payload, shop, { startsAt: new Date(now.getTime() - 1.5 * YEAR) });
    const recent = await paidBooking(payload, recentDeparture, { adults: 1 });

    const oldRequest = await request('old@example.com', new Date(now.getTime() - 2.1 * YEAR));
    const newRequest = await request('new@example.com', new Date(now.getTime() - 1.9 * YEAR));

    const first = await applyRetention(payload, now);
    expect(first.requests).toBe(1);
    expect(first.bookings).toBe(1);

    const erased = await bookingRow(old.reference);
    expect(erased).toMatchObject({ customer_name: '—', customer_email: ANONYMISED_EMAIL, customer_phone: '' });
    expect(Number(erased.paid_cents)).toBe(Number(erased.total_cents));
    expect(str(erased.status)).toBe('paid');
    expect(str((await bookingRow(recent.reference)).customer_email)).not.toBe(ANONYMISED_EMAIL);

    const gone = await payload.findByID({ collection: 'requests', id: oldRequest, overrideAccess: true });
    expect(gone).toMatchObject({
      contactName: '—',
      email: ANONYMISED_EMAIL,
      groupSize: 25,
      tour: 'barcelona-port-40-min',
    });
    expect(gone.phone ?? null).toBeNull();
    expect(gone.message ?? null).toBeNull();
    const kept = await payload.findByID({ collection: 'requests', id: newRequest, overrideAccess: true });
    expect(kept.email).toBe('new@example.com');

    // Run again: nothing left to erase, nothing erased twice.
    expect(await applyRetention(payload, now)).toEqual({ bookings: 0, requests: 0 });
    const audit = await shopDb(payload).query('SELECT actor, action FROM audit_log WHERE subject = ?', [
      `booking:${old.reference}`,
    ]);
    expect(audit.rows.map((r) => [r.actor, r.action])).toContainEqual(['system:retention', 'booking.anonymised']);
  });
});
