import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { sendPendingRecords } from '@/invoicing/sender';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
  shop = await makeTour(payload, { menuKey: 'aquarium' });
});
afterAll(async () => {
  await stop?.();
});
checkInvariantsAfterEach(() => payload);

async function statuses() {
  const { rows } = await shopDb(payload).query(
    `SELECT r.position, s.status, s.csv, s.error_code FROM invoice_records r
     JOIN invoice_record_status s ON s.record_id = r.id ORDER BY r.position`,
  );
  return rows.map((row) => ({
    position: Number(row.position),
    status: String(row.status),
    csv: row.csv === null ? null : String(row.csv),
    errorCode: row.error_code === null ? null : String(row.error_code),
  }));
}

describe(`sending VERI*FACTU records to the (local) AEAT on ${testDatabaseKind}`, () => {
  it('sends pending records in the chain order, stores each answer, and waits as long as the AEAT says', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 30 });
    for (let i = 0; i < 3; i++) await paidBooking(payload, departureId, { adults: 1 });
    const start = new Date();
    const first = await sendPendingRecords(payload, start);
    expect(first).toMatchObject({ sent: 3, accepted: 3, rejected: 0, waitSeconds: 60 });
    const answered = await statuses();
    expect(answered.map((s) => s.status)).toEqual(['Correcto', 'Correcto', 'Correcto']);
    expect(answered[0]!.csv).toMatch(/^A-[A-Z0-9]{14}$/);

    // A new sale before the AEAT's wait is over waits; after it, it goes.
    await paidBooking(payload, departureId, { adults: 2 });
    expect(await sendPendingRecords(payload, new Date(start.getTime() + 30_000))).toEqual({
      sent: 0,
      skipped: 'waiting',
    });
    expect(await sendPendingRecords(payload, new Date(start.getTime() + 61_000))).toMatchObject({
      sent: 1,
      accepted: 1,
    });
    expect(await sendPendingRecords(payload, new Date(start.getTime() + 200_000))).toEqual({
      sent: 0,
      skipped: 'nothing',
    });
  });

  it('one sender at a time; a record sent again after a crash is the AEAT duplicate, stored as accepted, never twice', async () => {
    const db = shopDb(payload);
    const departureId = await addDeparture(payload, shop, { capacity: 30 });
    await paidBooking(payload, departureId, { adults: 1 });
    const later = new Date(Date.now() + 10 * 60_000);
    const [a, b] = await Promise.all([sendPendingRecords(payload, later), sendPendingRecords(payload, later)]);
    expect([a, b].filter((outcome) => 'skipped' in outcome && outcome.skipped === 'locked')).toHaveLength(1);
    const last = (await statuses()).at(-1)!;
    expect(last.status).toBe('Correcto');

    // The process died after the AEAT recorded it but before the answer was stored.
    await db.query(
      `UPDATE invoice_record_status SET status = 'pending', csv = NULL
       WHERE record_id = (SELECT id FROM invoice_records WHERE position = ?)`,
      [last.position],
    );
    const resent = await sendPendingRecords(payload, new Date(later.getTime() + 120_000));
    expect(resent).toMatchObject({ sent: 1, accepted: 1, rejected: 0 });
    expect((await statuses()).at(-1)).toMatchObject({ status: 'Correcto', errorCode: '3000' });
  });
});
