import { beforeAll, describe, expect, it } from 'vitest';

import { cancelBooking } from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { onMoneyMoved } from '@/booking/money-moved';
import { recordHuella } from '@/invoicing/huella';
import { invoicesOfBooking, recordsOfInvoice } from '@/invoicing/ledger';
import { annulInvoice, issueDueInvoice, saveRecipient } from '@/invoicing/ledger';
import { requestFullInvoice } from '@/invoicing/full-invoice';
import { issueMissingInvoices } from '@/invoicing/sweep';
import type { CancellationRecord, IssueRecord } from '@/invoicing/types';
import { verifyInvoiceChain } from '@/invoicing/verify';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { heldAndStarted, paidBooking, payAtSandbox, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
});
checkInvariantsAfterEach(() => payload);

const year = String(new Date().getUTCFullYear());

describe(`invoicing on ${testDatabaseKind}`, () => {
  it('a web sale is invoiced in its paying transaction: a simplified invoice with its hashed, chained record', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 3 });
    const [invoice, ...more] = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      type: 'F2',
      channel: 'web',
      series: `W${year}`,
      totalCents: paid.totalCents,
      reason: 'sale',
    });
    expect(invoice!.seriesNumber).toMatch(new RegExp(`^W${year}-\\d{6}$`));
    // VAT at the configured 10 %: 45.00 € is 40.91 + 4.09.
    expect(invoice!.vat).toEqual([{ ratePct: 10, grossCents: 4_500, baseCents: 4_091, vatCents: 409 }]);
    const [stored] = await recordsOfInvoice(shopDb(payload), invoice!.id);
    const record = stored!.record as IssueRecord;
    expect(record).toMatchObject({ kind: 'alta', type: 'F2', total: '45.00', vatTotal: '4.09' });
    expect(record.invoice.issuerNif).toBe('89890001K');
    expect(record.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(stored!.huella).toBe(recordHuella(record));
    expect(stored!.huella).toMatch(/^[0-9A-F]{64}$/);
  });

  it('a cancellation with a full refund issues an R5 by differences naming the invoice it corrects', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 2 });
    const cancelled = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 'full', reason: 'customer request', by: 'user:1' },
      { provider: sandboxProvider },
    );
    expect(cancelled.ok).toBe(true);
    const invoices = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    expect(invoices.map((i) => [i.type, i.totalCents, i.series])).toEqual([
      ['F2', 3_000, `W${year}`],
      ['R5', -3_000, `WR${year}`],
    ]);
    expect(invoices[1]!.correctsInvoiceId).toBe(invoices[0]!.id);
    expect(invoices[1]!.vat).toEqual([{ ratePct: 10, grossCents: -3_000, baseCents: -2_727, vatCents: -273 }]);
    const [stored] = await recordsOfInvoice(shopDb(payload), invoices[1]!.id);
    expect((stored!.record as IssueRecord).corrects).toEqual([
      expect.objectContaining({ seriesNumber: invoices[0]!.seriesNumber, issueDate: invoices[0]!.issueDate }),
    ]);
    expect((stored!.record as IssueRecord).rectificationKind).toBe('I');
  });

  it('numbers are gapless per series and every record chains to the one before, under concurrent payments', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 60 });
    await Promise.all(Array.from({ length: 12 }, () => paidBooking(payload, departureId, { adults: 1 })));
    const { rows } = await shopDb(payload).query('SELECT series, number FROM invoices ORDER BY series, number');
    const bySeries = new Map<string, number[]>();
    for (const row of rows)
      bySeries.set(String(row.series), [...(bySeries.get(String(row.series)) ?? []), Number(row.number)]);
    for (const numbers of bySeries.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(await verifyInvoiceChain(shopDb(payload))).toMatchObject({ ok: true });
  });

  it('the database refuses to change or delete an invoice or its record, and invoices:verify names a forged one', async () => {
    const db = shopDb(payload);
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const [invoice] = await invoicesOfBooking(db, paid.bookingId);
    await expect(db.query('UPDATE invoices SET total_cents = 1 WHERE id = ?', [invoice!.id])).rejects.toThrow(
      /immutable/,
    );
    await expect(db.query('DELETE FROM invoices WHERE id = ?', [invoice!.id])).rejects.toThrow(/immutable/);
    await expect(
      db.query('UPDATE invoice_records SET huella = ? WHERE invoice_id = ?', ['0', invoice!.id]),
    ).rejects.toThrow(/immutable/);
    await expect(db.query('DELETE FROM invoice_records')).rejects.toThrow(/immutable/);
    expect((await invoicesOfBooking(db, paid.bookingId))[0]!.totalCents).toBe(1_500);

    // Someone with the database's owner rights turns the guard off and edits a record's amount:
    // invoices:verify names that record. (Put back afterwards, guard included, for the other tests.)
    const [stored] = await recordsOfInvoice(db, invoice!.id);
    const forged = JSON.stringify({ ...stored!.record, total: '1.00' });
    const guard = async (on: boolean) => {
      if (testDatabaseKind === 'postgres') {
        await db.query(`ALTER TABLE invoice_records ${on ? 'ENABLE' : 'DISABLE'} TRIGGER invoice_records_immutable`);
      } else if (on) {
        await db.query(
          `CREATE TRIGGER invoice_records_no_update BEFORE UPDATE ON invoice_records
           BEGIN SELECT RAISE(ABORT, 'invoicing: UPDATE on invoice_records refused, invoices and their records are immutable'); END`,
        );
      } else {
        await db.query('DROP TRIGGER invoice_records_no_update');
      }
    };
    await guard(false);
    await db.query('UPDATE invoice_records SET record = ? WHERE id = ?', [forged, stored!.id]);
    await guard(true);
    expect(await verifyInvoiceChain(db)).toMatchObject({
      ok: false,
      position: stored!.position,
      seriesNumber: invoice!.seriesNumber,
      reason: 'hash',
    });
    await guard(false);
    await db.query('UPDATE invoice_records SET record = ? WHERE id = ?', [JSON.stringify(stored!.record), stored!.id]);
    await guard(true);
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    await expect(db.query('UPDATE invoice_records SET huella = huella')).rejects.toThrow(/immutable/);
  });

  it('an issue that fails inside the payment never loses the payment; the sweep issues it once', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const restore = onMoneyMoved('invoicing', async () => {
      throw new Error('invoicing is down');
    });
    let paid: Awaited<ReturnType<typeof paidBooking>>;
    try {
      paid = await paidBooking(payload, departureId, { adults: 2 });
    } finally {
      restore();
      const { registerInvoicingSubscribers } = await import('@/invoicing/subscribers');
      registerInvoicingSubscribers();
    }
    const db = shopDb(payload);
    expect(await invoicesOfBooking(db, paid.bookingId)).toEqual([]);
    expect(await issueMissingInvoices(payload)).toBeGreaterThanOrEqual(1);
    expect((await invoicesOfBooking(db, paid.bookingId)).map((i) => [i.type, i.totalCents])).toEqual([['F2', 3_000]]);
    expect(await issueMissingInvoices(payload)).toBe(0);
    // And issuing again by hand finds nothing due.
    expect(await db.transaction((tx) => issueDueInvoice(tx, paid.bookingId))).toBeNull();
  });

  it('a record is never timed before the one it follows: the instant is taken once the chain is held', async () => {
    // Two instances confirm two payments; the first to take the chain's lock is the later one by the
    // clock (it started after, or its clock runs ahead). The one that waited behind it must not chain a
    // record generated earlier (invoices:verify: "breaks the chain: order"), nor an invoice issued
    // before the number it follows.
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const restore = onMoneyMoved('invoicing', async () => {});
    let first: Awaited<ReturnType<typeof paidBooking>>;
    let second: Awaited<ReturnType<typeof paidBooking>>;
    try {
      first = await paidBooking(payload, departureId, { adults: 1 });
      second = await paidBooking(payload, departureId, { adults: 1 });
    } finally {
      restore();
      const { registerInvoicingSubscribers } = await import('@/invoicing/subscribers');
      registerInvoicingSubscribers();
    }
    const db = shopDb(payload);
    const waited = new Date();
    const ahead = new Date(waited.getTime() + 90 * 60_000);
    await db.transaction((tx) => issueDueInvoice(tx, first.bookingId, ahead));
    await db.transaction((tx) => issueDueInvoice(tx, second.bookingId, waited));
    const [a] = await invoicesOfBooking(db, first.bookingId);
    const [b] = await invoicesOfBooking(db, second.bookingId);
    expect(b!.number).toBe(a!.number + 1);
    expect(b!.issuedAt.getTime()).toBeGreaterThanOrEqual(a!.issuedAt.getTime());
    const [recordA] = await recordsOfInvoice(db, a!.id);
    const [recordB] = await recordsOfInvoice(db, b!.id);
    expect(recordB!.record.generatedAt).toBe(recordA!.record.generatedAt);
    // An annulment that waited behind it too.
    await db.transaction((tx) => annulInvoice(tx, a!.id, waited));
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
  });

  it('a buyer who gives a tax id at checkout gets a full invoice (F1) naming them', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const { held, request } = await heldAndStarted(payload, departureId, { adults: 2 });
    await shopDb(payload).transaction((tx) =>
      saveRecipient(tx, held.bookingId, {
        recipient: { name: 'Escola del Mar SL', nif: 'B12345674' },
        address: 'Carrer del Port 1, 08039 Barcelona',
      }),
    );
    expect((await payAtSandbox(payload, request)).status).toBe('confirmed');
    const [invoice] = await invoicesOfBooking(shopDb(payload), held.bookingId);
    expect([invoice!.type, invoice!.recipient]).toEqual(['F1', { name: 'Escola del Mar SL', nif: 'B12345674' }]);
    const [stored] = await recordsOfInvoice(shopDb(payload), invoice!.id);
    expect((stored!.record as IssueRecord).recipients).toEqual([{ name: 'Escola del Mar SL', nif: 'B12345674' }]);
  });

  it('a visitor who paid asks for a full invoice later: an F3 replaces the simplified one, once', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 2 });
    const wrong = await requestFullInvoice(payload, paid.reference, { name: 'Ana', taxId: '12345678A', address: 'x' });
    expect(wrong).toEqual({ ok: false, error: 'invalid', problems: { taxId: 'taxIdCheckDigit' } });
    const details = { name: 'Ana Puig', taxId: '12345678-z', address: 'Carrer Major 3, Girona' };
    const first = await requestFullInvoice(payload, paid.reference, details);
    expect(first).toMatchObject({ ok: true, alreadyIssued: false, invoice: { type: 'F3', totalCents: 3_000 } });
    const again = await requestFullInvoice(payload, paid.reference, details);
    expect(again).toMatchObject({ ok: true, alreadyIssued: true });
    const invoices = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    expect(invoices.map((i) => i.type)).toEqual(['F2', 'F3']);
    const [stored] = await recordsOfInvoice(shopDb(payload), invoices[1]!.id);
    const record = stored!.record as IssueRecord;
    expect(record.replaces).toEqual([expect.objectContaining({ seriesNumber: invoices[0]!.seriesNumber })]);
    expect(record.recipients).toEqual([{ name: 'Ana Puig', nif: '12345678Z' }]);
    // A refund afterwards rectifies the full invoice: an R1 naming the F3.
    await cancelBooking(
      payload,
      { reference: paid.reference, refund: 'full', reason: 'customer request', by: 'user:1' },
      { provider: sandboxProvider },
    );
    const last = (await invoicesOfBooking(shopDb(payload), paid.bookingId)).at(-1)!;
    expect([last.type, last.totalCents, last.correctsInvoiceId]).toEqual(['R1', -3_000, invoices[1]!.id]);
  });

  it('an invoice issued in error is annulled with a chained anulación record and the booking re-invoiced at once', async () => {
    const db = shopDb(payload);
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const [wrong] = await invoicesOfBooking(db, paid.bookingId);
    const result = await db.transaction((tx) => annulInvoice(tx, wrong!.id));
    expect(result).toMatchObject({ ok: true, reissuedId: expect.any(Number) });
    expect(await db.transaction((tx) => annulInvoice(tx, wrong!.id))).toEqual({ ok: false, error: 'alreadyAnnulled' });
    const invoices = await invoicesOfBooking(db, paid.bookingId);
    expect(invoices.map((i) => [i.type, i.totalCents, i.annulled])).toEqual([
      ['F2', 1_500, true],
      ['F2', 1_500, false],
    ]);
    // Never renumbered: the new invoice has the next number, the annulled one keeps its own.
    expect(invoices[1]!.number).toBeGreaterThan(invoices[0]!.number);
    const records = await recordsOfInvoice(db, wrong!.id);
    expect(records.map((r) => r.record.kind)).toEqual(['alta', 'anulacion']);
    const annulment = records[1]!.record as CancellationRecord;
    expect(annulment.invoice.seriesNumber).toBe(wrong!.seriesNumber);
    expect(records[1]!.huella).toBe(recordHuella(annulment));
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
  });
});
