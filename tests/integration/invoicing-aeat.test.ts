import { beforeAll, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { correctRecord, invoicesOfBooking, recordsOfInvoice } from '@/invoicing/ledger';
import { sendPendingRecords } from '@/invoicing/sender';
import type { IssueRecord } from '@/invoicing/types';
import { recordXml } from '@/invoicing/record-xml';
import { verifyInvoiceChain } from '@/invoicing/verify';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
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

  it('a record the AEAT accepted with errors is corrected and sent again (subsanación), chained, once', async () => {
    const db = shopDb(payload);
    const departureId = await addDeparture(payload, shop, { capacity: 30 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const later = new Date(Date.now() + 30 * 60_000);
    expect(await sendPendingRecords(payload, later)).toMatchObject({ accepted: 1 });
    const [invoice] = await invoicesOfBooking(db, paid.bookingId);
    // Nothing to correct while the AEAT holds it as correct.
    expect(await db.transaction((tx) => correctRecord(tx, invoice!.id))).toEqual({
      ok: false,
      error: 'nothingToCorrect',
    });

    // The AEAT's answer had said "accepted with errors" (e.g. a name that does not match its census).
    const [original] = await recordsOfInvoice(db, invoice!.id);
    await db.query(
      `UPDATE invoice_record_status SET status = 'AceptadoConErrores', error_code = '2011' WHERE record_id = ?`,
      [original!.id],
    );
    const corrected = await db.transaction((tx) => correctRecord(tx, invoice!.id));
    expect(corrected).toMatchObject({ ok: true });
    const records = await recordsOfInvoice(db, invoice!.id);
    expect(records).toHaveLength(2);
    const again = records[1]!.record as IssueRecord;
    expect([again.correction, again.previousRejection, again.invoice]).toEqual([
      true,
      undefined,
      original!.record.invoice,
    ]);
    expect(recordXml(again)).toContain('<sf:Subsanacion>S</sf:Subsanacion>');
    expect(await sendPendingRecords(payload, new Date(later.getTime() + 120_000))).toMatchObject({
      sent: 1,
      accepted: 1,
    });
    expect((await statuses()).at(-1)).toMatchObject({ status: 'Correcto' });
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    // The invoice is unchanged and still counts once.
    expect((await invoicesOfBooking(db, paid.bookingId)).map((i) => [i.type, i.totalCents])).toEqual([['F2', 1_500]]);
  });

  it('records backing off hold those after them: nothing is sent out of chain order', async () => {
    const db = shopDb(payload);
    const departureId = await addDeparture(payload, shop, { capacity: 30 });
    const base = new Date(Date.now() + 60 * 60_000);
    await sendPendingRecords(payload, base);
    for (let i = 0; i < 2; i++) await paidBooking(payload, departureId, { adults: 1 });
    // Those two failed to reach the AEAT (a network error): they back off for four minutes.
    const backingOff = (await statuses()).filter((s) => s.status === 'pending').map((s) => s.position);
    expect(backingOff).toHaveLength(2);
    await db.query(
      `UPDATE invoice_record_status SET attempts = 3, error_code = 'transport', next_attempt_at = ?
       WHERE record_id IN (SELECT id FROM invoice_records WHERE position IN (?, ?))`,
      [new Date(base.getTime() + 5 * 60_000).toISOString(), backingOff[0]!, backingOff[1]!],
    );
    // Sales go on meanwhile; their records are due at once, but must not overtake the two.
    for (let i = 0; i < 3; i++) await paidBooking(payload, departureId, { adults: 1 });
    expect(await sendPendingRecords(payload, new Date(base.getTime() + 2 * 60_000))).toEqual({
      sent: 0,
      skipped: 'backingOff',
    });
    expect((await statuses()).filter((s) => s.status === 'pending')).toHaveLength(5);
    const after = await sendPendingRecords(payload, new Date(base.getTime() + 6 * 60_000));
    expect(after).toMatchObject({ sent: 5, accepted: 5, rejected: 0 });
    const ours = (await statuses()).filter((s) => s.position >= backingOff[0]!);
    expect(ours.map((s) => s.status)).toEqual(Array.from({ length: 5 }, () => 'Correcto'));
  });
});
