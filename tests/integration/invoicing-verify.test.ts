import { beforeAll, describe, expect, it, vi } from 'vitest';

import { cancelBooking } from '@/operations/booking-actions';
import { shopDb, str, num, type ShopDb } from '@/booking/db';
import { recordHuella } from '@/invoicing/huella';
import {
  annulInvoice,
  correctRecord,
  invoicesOfBooking,
  recordsOfInvoice,
  type StoredRecord,
} from '@/invoicing/ledger';
import type { CancellationRecord, ChainLink, IssueRecord } from '@/invoicing/types';
import { sendPendingRecords } from '@/invoicing/sender';
import { inspectInvoices, verifyInvoiceChain } from '@/invoicing/verify';
import { witnessedHead } from '@/invoicing/witness';
import { logger } from '@/lib/logger';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

// Decision 163: the database refuses every way to rewrite an invoice, a record, a series counter or
// the chain's head (on SQLite, REPLACE and upserts fire no UPDATE/DELETE trigger), and
// `npm run invoices:verify` (inspectInvoices) names what an inspector would find when someone with
// the owner's rights turned the guards off. Each tampering below passed the chain-only check
// (verifyInvoiceChain) before.

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
const sqlite = testDatabaseKind === 'sqlite';
const INVOICE_COLUMNS =
  'id, booking_id, series, number, series_number, type, channel, issued_at, issue_date, total_cents, vat_cents, breakdown, lines, corrects_invoice_id, replaces_invoice_ids, recipient, locale, reason, created_at';
const RECORD_COLUMNS = 'id, position, invoice_id, kind, huella, previous_huella, record, created_at';
const GUARDED = ['invoices', 'invoice_records', 'invoice_series', 'invoice_chain', 'invoice_chain_witness'];

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
  // Something of every kind in the chain: sales, a rectifying invoice, an annulment and its re-issue.
  const db = shopDb(payload);
  const departureId = await addDeparture(payload, shop, { capacity: 40 });
  await paidBooking(payload, departureId, { adults: 2 });
  const refunded = await paidBooking(payload, departureId, { adults: 1 });
  await cancelBooking(
    payload,
    { reference: refunded.reference, refund: 'full', reason: 'customer request', by: 'user:1' },
    { provider: sandboxProvider },
  );
  const annulled = await paidBooking(payload, departureId, { adults: 3 });
  const [wrong] = await invoicesOfBooking(db, annulled.bookingId);
  await db.transaction((tx) => annulInvoice(tx, wrong!.id));
  await paidBooking(payload, departureId, { adults: 1 });
});
checkInvariantsAfterEach(() => payload);

/** Puts a deleted record back as it was (with the guards off). */
async function reinsertRecord(db: ShopDb, row: Record<string, unknown>): Promise<void> {
  await db.query(`INSERT INTO invoice_records (${RECORD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
    num(row.id),
    num(row.position),
    num(row.invoice_id),
    str(row.kind),
    str(row.huella),
    row.previous_huella === null ? null : str(row.previous_huella),
    str(row.record),
    row.created_at instanceof Date ? row.created_at.toISOString() : str(row.created_at),
  ]);
}

/** Sets the chain's head row and its witness back to what they were (with the guards off). */
async function moveHeadTo(
  db: ShopDb,
  to: { position: number; headRecord: string; witness: { position: number; huella: string | null } },
): Promise<void> {
  await db.query('UPDATE invoice_chain SET last_position = ?, last_record = ? WHERE id = 1', [
    to.position,
    to.headRecord,
  ]);
  await db.query('UPDATE invoice_chain_witness SET position = ?, huella = ? WHERE id = 1', [
    to.witness.position,
    to.witness.huella,
  ]);
}

/** Runs `fn` with every invoicing guard off, as the database's owner could; puts them back after. */
async function unguarded(db: ShopDb, fn: () => Promise<void>): Promise<void> {
  if (!sqlite) {
    for (const table of GUARDED) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    try {
      await fn();
    } finally {
      for (const table of GUARDED) await db.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    }
    return;
  }
  const { rows } = await db.query(
    `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (${GUARDED.map(() => '?').join(', ')})`,
    GUARDED,
  );
  for (const row of rows) await db.query(`DROP TRIGGER ${str(row.name)}`);
  try {
    await fn();
  } finally {
    for (const row of rows) await db.query(str(row.sql));
  }
}

/**
 * The statements the database did not refuse with an invoicing guard's error. Each runs in its own
 * transaction, rolled back whatever happens, so one that got through does not hide the next.
 */
async function acceptedOf(db: ShopDb, statements: [string, (string | number | null)[]][]): Promise<string[]> {
  const accepted: string[] = [];
  const rolledBack = new Error('rolled back');
  for (const [sql, params] of statements) {
    const error = await db
      .transaction(async (tx) => {
        await tx.query(sql, params);
        throw rolledBack;
      })
      .catch((caught: unknown) => caught);
    if (!(error instanceof Error && /invoicing: /.test(error.message)))
      accepted.push(`${sql.replace(/\s+/g, ' ').slice(0, 100)}${error === rolledBack ? '' : ` (${String(error)})`}`);
  }
  return accepted;
}

async function lastRecord(db: ShopDb): Promise<StoredRecord & { row: Record<string, unknown> }> {
  const { rows } = await db.query(`SELECT ${RECORD_COLUMNS} FROM invoice_records ORDER BY position DESC LIMIT 1`);
  const row = rows[0]!;
  return {
    id: num(row.id),
    position: num(row.position),
    invoiceId: num(row.invoice_id),
    record: JSON.parse(str(row.record)) as IssueRecord,
    huella: str(row.huella),
    previousHuella: row.previous_huella ? str(row.previous_huella) : null,
    row,
  };
}

async function someAlta(db: ShopDb): Promise<StoredRecord> {
  const { rows } = await db.query(
    "SELECT invoice_id FROM invoice_records WHERE kind = 'alta' ORDER BY position LIMIT 1",
  );
  return (await recordsOfInvoice(db, num(rows[0]!.invoice_id)))[0]!;
}

async function snapshot(db: ShopDb) {
  const read = async (sql: string) => JSON.stringify((await db.query(sql)).rows);
  return [
    await read(`SELECT ${INVOICE_COLUMNS} FROM invoices ORDER BY id`),
    await read(`SELECT ${RECORD_COLUMNS} FROM invoice_records ORDER BY id`),
    await read('SELECT series, last_number FROM invoice_series ORDER BY series'),
    await read('SELECT id, last_position, last_record FROM invoice_chain'),
    await read('SELECT id, position, huella FROM invoice_chain_witness'),
  ];
}

describe(`invoicing guards on ${testDatabaseKind}`, () => {
  it('refuses REPLACE and upserts over an invoice, a record, a series counter, the chain head and its witness', async () => {
    const db = shopDb(payload);
    const before = await snapshot(db);
    const [invoiceId, recordId] = [
      num((await db.query('SELECT MIN(id) AS id FROM invoices')).rows[0]!.id),
      num((await db.query('SELECT MIN(id) AS id FROM invoice_records')).rows[0]!.id),
    ];
    const series = str((await db.query('SELECT series FROM invoice_series ORDER BY series LIMIT 1')).rows[0]!.series);
    const forgedInvoice = `SELECT ${INVOICE_COLUMNS.replace('total_cents', '1')} FROM invoices WHERE id = ?`;
    const forgedRecord = `SELECT ${RECORD_COLUMNS.replace(', record,', ', replace(record, \'"total"\', \'"totl"\'),')} FROM invoice_records WHERE id = ?`;
    const attempts: [string, (string | number | null)[]][] = [
      [
        `INSERT INTO invoices (${INVOICE_COLUMNS}) ${forgedInvoice} ON CONFLICT (id) DO UPDATE SET total_cents = excluded.total_cents`,
        [invoiceId],
      ],
      [`INSERT INTO invoices (${INVOICE_COLUMNS}) ${forgedInvoice} ON CONFLICT DO NOTHING`, [invoiceId]],
      [
        `INSERT INTO invoice_records (${RECORD_COLUMNS}) ${forgedRecord} ON CONFLICT (id) DO UPDATE SET record = excluded.record`,
        [recordId],
      ],
      [
        'INSERT INTO invoice_series (series, last_number) VALUES (?, 1) ON CONFLICT (series) DO UPDATE SET last_number = 1',
        [series],
      ],
      [
        'INSERT INTO invoice_chain (id, last_position, last_record) VALUES (1, 0, NULL) ON CONFLICT (id) DO UPDATE SET last_position = 0, last_record = NULL',
        [],
      ],
      [
        'INSERT INTO invoice_chain_witness (id, position, huella) VALUES (1, 0, NULL) ON CONFLICT (id) DO UPDATE SET position = 0, huella = NULL',
        [],
      ],
    ];
    if (sqlite)
      attempts.push(
        [`INSERT OR REPLACE INTO invoices (${INVOICE_COLUMNS}) ${forgedInvoice}`, [invoiceId]],
        [`REPLACE INTO invoices (${INVOICE_COLUMNS}) ${forgedInvoice}`, [invoiceId]],
        [`INSERT OR REPLACE INTO invoice_records (${RECORD_COLUMNS}) ${forgedRecord}`, [recordId]],
        [`REPLACE INTO invoice_records (${RECORD_COLUMNS}) ${forgedRecord}`, [recordId]],
        ['INSERT OR REPLACE INTO invoice_series (series, last_number) VALUES (?, 1)', [series]],
        ['REPLACE INTO invoice_series (series, last_number) VALUES (?, 0)', [series]],
        ['INSERT OR REPLACE INTO invoice_chain (id, last_position, last_record) VALUES (1, 0, NULL)', []],
        ['INSERT OR REPLACE INTO invoice_chain_witness (id, position, huella) VALUES (1, 0, NULL)', []],
        // UPSERT's DO UPDATE, and REPLACE as the conflict clause of an UPDATE.
        ['UPDATE OR REPLACE invoice_series SET last_number = last_number - 1 WHERE series = ?', [series]],
      );
    expect(await acceptedOf(db, attempts)).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
  });

  it('a series counter moves only by one, with the invoice of its number; the chain head and its witness only forward', async () => {
    const db = shopDb(payload);
    const before = await snapshot(db);
    const { rows } = await db.query('SELECT series, last_number FROM invoice_series ORDER BY series LIMIT 1');
    const series = str(rows[0]!.series);
    const head = await lastRecord(db);
    const refused: [string, (string | number | null)[]][] = [
      ['UPDATE invoice_series SET last_number = last_number + 2 WHERE series = ?', [series]],
      ['UPDATE invoice_series SET last_number = last_number - 1 WHERE series = ?', [series]],
      ['UPDATE invoice_series SET last_number = last_number WHERE series = ?', [series]],
      ["UPDATE invoice_series SET series = 'X1999' WHERE series = ?", [series]],
      ['DELETE FROM invoice_series WHERE series = ?', [series]],
      ['DELETE FROM invoice_series', []],
      // A series started anywhere but at 1, or over invoices it already has.
      ["INSERT INTO invoice_series (series, last_number) VALUES ('Z2099', 5)", []],
      // An invoice with a number its counter was not moved to.
      [
        `INSERT INTO invoices (${INVOICE_COLUMNS.replace('id, ', '')}) SELECT ${INVOICE_COLUMNS.replace('id, ', '').replace(' number,', ' number + 1,').replace('series_number', "series_number || 'b'")} FROM invoices WHERE series = ? ORDER BY number DESC LIMIT 1`,
        [series],
      ],
      // A record anywhere but after the head, or for an invoice that does not exist.
      [
        `INSERT INTO invoice_records (position, invoice_id, kind, huella, previous_huella, record, created_at)
         SELECT position + 100, invoice_id, kind, huella, previous_huella, record, created_at FROM invoice_records WHERE id = ?`,
        [head.id],
      ],
      ['UPDATE invoice_chain SET last_position = last_position - 1', []],
      ['UPDATE invoice_chain SET last_position = last_position + 1', []],
      ['UPDATE invoice_chain SET last_record = NULL', []],
      ["UPDATE invoice_chain SET started_at = '2000-01-01T00:00:00.000Z'", []],
      ['DELETE FROM invoice_chain', []],
      ['UPDATE invoice_chain_witness SET position = position - 1', []],
      ['UPDATE invoice_chain_witness SET position = position + 1', []],
      ['UPDATE invoice_chain_witness SET huella = NULL', []],
      ['DELETE FROM invoice_chain_witness', []],
    ];
    if (!sqlite)
      refused.push(
        ['TRUNCATE invoice_series', []],
        ['TRUNCATE invoice_chain', []],
        ['TRUNCATE invoice_chain_witness', []],
      );
    expect(await acceptedOf(db, refused)).toEqual([]);
    // One bump is how a number is taken; a second before the invoice of the first exists is not.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('UPDATE invoice_series SET last_number = last_number + 1 WHERE series = ?', [series]);
        await tx.query('UPDATE invoice_series SET last_number = last_number + 1 WHERE series = ?', [series]);
      }),
    ).rejects.toThrow(/invoicing: a series counter moves by one/);
    expect(await snapshot(db)).toEqual(before);
    // The lock statement (lockChain) still passes, and the app still issues and annuls.
    await db.query('UPDATE invoice_chain SET last_position = last_position WHERE id = 1');
    const departureId = await addDeparture(payload, shop, { capacity: 5 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const [issued] = await invoicesOfBooking(db, paid.bookingId);
    const logged = vi.spyOn(logger, 'info');
    try {
      // An annulment and the re-issue it brings: two records, one transaction, one head logged.
      expect(await db.transaction((tx) => annulInvoice(tx, issued!.id))).toMatchObject({
        ok: true,
        reissuedId: expect.any(Number),
      });
      const witness = await witnessedHead(db);
      const newHead = await lastRecord(db);
      expect(witness).toMatchObject({ position: newHead.position, huella: newHead.huella });
      const heads = logged.mock.calls.filter(
        ([fields]) => typeof fields === 'object' && fields !== null && 'chainHead' in fields,
      );
      expect(heads.map(([fields]) => fields)).toEqual([
        { chainHead: { position: newHead.position, huella: newHead.huella } },
      ]);
    } finally {
      logged.mockRestore();
    }
    const newHead = await lastRecord(db);
    expect(await inspectInvoices(db)).toMatchObject({ ok: true, head: { position: newHead.position } });
  });
});

describe(`invoices:verify on ${testDatabaseKind}`, () => {
  it('holds on what the shop issued, a subsanación included', async () => {
    const db = shopDb(payload);
    // A record the AEAT accepted with errors is sent again as a new alta of the same invoice.
    const stored = await someAlta(db);
    await db.query("UPDATE invoice_record_status SET status = 'AceptadoConErrores' WHERE record_id = ?", [stored.id]);
    expect(await db.transaction((tx) => correctRecord(tx, stored.invoiceId))).toMatchObject({ ok: true });
    const report = await inspectInvoices(db);
    expect(report).toMatchObject({ ok: true });
    if (report.ok) expect(report.records).toBeGreaterThanOrEqual(7);
  });

  it("names an invoice whose total changed (guard off), though its record's huella still holds", async () => {
    const db = shopDb(payload);
    const stored = await someAlta(db);
    await unguarded(db, () =>
      db.query('UPDATE invoices SET total_cents = total_cents + 100 WHERE id = ?', [stored.invoiceId]).then(() => {}),
    );
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    expect(await inspectInvoices(db)).toMatchObject({
      ok: false,
      problem: {
        check: 'record',
        reason: 'total',
        position: stored.position,
        seriesNumber: stored.record.invoice.seriesNumber,
      },
    });
    await unguarded(db, () =>
      db.query('UPDATE invoices SET total_cents = total_cents - 100 WHERE id = ?', [stored.invoiceId]).then(() => {}),
    );
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });

  it('names a record whose content outside the huella changed (the breakdown)', async () => {
    const db = shopDb(payload);
    const stored = await someAlta(db);
    const record = stored.record as IssueRecord;
    const forged = { ...record, breakdown: record.breakdown.map((line) => ({ ...line, base: '0.01' })) };
    await unguarded(db, () =>
      db
        .query('UPDATE invoice_records SET record = ? WHERE id = ?', [JSON.stringify(forged), stored.id])
        .then(() => {}),
    );
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    expect(await inspectInvoices(db)).toMatchObject({
      ok: false,
      problem: { check: 'record', reason: 'breakdown', position: stored.position },
    });
    await unguarded(db, () =>
      db
        .query('UPDATE invoice_records SET record = ? WHERE id = ?', [JSON.stringify(record), stored.id])
        .then(() => {}),
    );
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });

  it('names a record that is no longer readable, where the chain-only check threw', async () => {
    const db = shopDb(payload);
    const stored = await someAlta(db);
    await unguarded(db, () =>
      db.query("UPDATE invoice_records SET record = '{oops' WHERE id = ?", [stored.id]).then(() => {}),
    );
    await expect(verifyInvoiceChain(db)).rejects.toThrow();
    expect(await inspectInvoices(db)).toMatchObject({
      ok: false,
      problem: { check: 'chain', reason: 'unreadable', position: stored.position },
    });
    await unguarded(db, () =>
      db
        .query('UPDATE invoice_records SET record = ? WHERE id = ?', [JSON.stringify(stored.record), stored.id])
        .then(() => {}),
    );
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });

  it('names a record the AEAT schema no longer accepts', async () => {
    const db = shopDb(payload);
    const stored = await someAlta(db);
    const record = stored.record as IssueRecord;
    // IdSistemaInformatico is two characters: neither hashed nor on the invoice.
    const forged = { ...record, system: { ...record.system, systemId: 'TOO-LONG' } };
    await unguarded(db, () =>
      db
        .query('UPDATE invoice_records SET record = ? WHERE id = ?', [JSON.stringify(forged), stored.id])
        .then(() => {}),
    );
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    const report = await inspectInvoices(db);
    expect(report).toMatchObject({
      ok: false,
      problem: { check: 'schema', reason: 'invalid', position: stored.position },
    });
    if (!report.ok) expect(report.problem.detail).toMatch(/IdSistemaInformatico/);
    await unguarded(db, () =>
      db
        .query('UPDATE invoice_records SET record = ? WHERE id = ?', [JSON.stringify(record), stored.id])
        .then(() => {}),
    );
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });

  it("names the chain's last record deleted, even with the chain's head and its witness moved back", async () => {
    const db = shopDb(payload);
    const last = await lastRecord(db);
    const { rows } = await db.query('SELECT last_record FROM invoice_chain WHERE id = 1');
    const headRecord = str(rows[0]!.last_record);
    const previousLink = last.record.previous as ChainLink;
    const witness = (await witnessedHead(db))!;
    await unguarded(db, () => db.query('DELETE FROM invoice_records WHERE id = ?', [last.id]).then(() => {}));
    // The chain alone still holds: it simply ends one record earlier.
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    expect(await inspectInvoices(db)).toMatchObject({ ok: false, problem: { check: 'head', reason: 'chain-head' } });
    await unguarded(db, () =>
      db
        .query('UPDATE invoice_chain SET last_position = ?, last_record = ? WHERE id = 1', [
          last.position - 1,
          JSON.stringify(previousLink),
        ])
        .then(() => {}),
    );
    expect(await inspectInvoices(db)).toMatchObject({
      ok: false,
      problem: { check: 'head', reason: 'witness', position: last.position - 1 },
    });
    await unguarded(db, () =>
      db
        .query('UPDATE invoice_chain_witness SET position = ?, huella = ? WHERE id = 1', [
          last.position - 1,
          previousLink.huella,
        ])
        .then(() => {}),
    );
    // The AEAT queue still holds the deleted record's status row.
    expect(await inspectInvoices(db)).toMatchObject({ ok: false, problem: { check: 'head', reason: 'aeat' } });
    // Put back.
    await unguarded(db, async () => {
      await reinsertRecord(db, last.row);
      await moveHeadTo(db, { position: last.position, headRecord, witness });
    });
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });

  it('names the last record the AEAT acknowledged when the chain no longer holds it, every other trace erased', async () => {
    const db = shopDb(payload);
    // A sale of its own: the records before it include a correction this file made up, which the AEAT never held.
    await paidBooking(payload, await addDeparture(payload, shop, { capacity: 10 }), { adults: 1 });
    await sendPendingRecords(payload, new Date(Date.now() + 60 * 60_000));
    const last = await lastRecord(db);
    const { rows } = await db.query('SELECT last_record FROM invoice_chain WHERE id = 1');
    const headRecord = str(rows[0]!.last_record);
    const { rows: statusRows } = await db.query('SELECT * FROM invoice_record_status WHERE record_id = ?', [last.id]);
    const status = statusRows[0]!;
    expect([str(status.status), status.error_code, status.error_text]).toEqual(['Correcto', null, null]);
    const previousLink = last.record.previous as ChainLink;
    const witness = (await witnessedHead(db))!;
    // The owner deletes the last record with its AEAT status row, and moves the head and its witness back.
    await unguarded(db, async () => {
      await db.query('DELETE FROM invoice_record_status WHERE record_id = ?', [last.id]);
      await db.query('DELETE FROM invoice_records WHERE id = ?', [last.id]);
      await db.query('UPDATE invoice_chain SET last_position = ?, last_record = ? WHERE id = 1', [
        last.position - 1,
        JSON.stringify(previousLink),
      ]);
      await db.query('UPDATE invoice_chain_witness SET position = ?, huella = ? WHERE id = 1', [
        last.position - 1,
        previousLink.huella,
      ]);
    });
    expect(await inspectInvoices(db, { schema: false })).toMatchObject({
      ok: false,
      problem: { check: 'head', reason: 'aeat-acknowledged' },
    });
    // Put back.
    await unguarded(db, async () => {
      await reinsertRecord(db, last.row);
      await db.query(
        `INSERT INTO invoice_record_status (record_id, status, csv, error_code, error_text, attempts, next_attempt_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          last.id,
          str(status.status),
          status.csv === null ? null : str(status.csv),
          null,
          null,
          num(status.attempts),
          null,
          status.updated_at instanceof Date ? status.updated_at.toISOString() : str(status.updated_at),
        ],
      );
      await moveHeadTo(db, { position: last.position, headRecord, witness });
    });
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });

  it('names a gap in a series', async () => {
    const db = shopDb(payload);
    const { rows } = await db.query(
      'SELECT id, series, number FROM invoices WHERE series = (SELECT series FROM invoices ORDER BY id LIMIT 1) ORDER BY number DESC LIMIT 1',
    );
    const { id, number } = { id: num(rows[0]!.id), number: num(rows[0]!.number) };
    await unguarded(db, () => db.query('UPDATE invoices SET number = ? WHERE id = ?', [number + 1, id]).then(() => {}));
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    expect(await inspectInvoices(db)).toMatchObject({ ok: false, problem: { check: 'series', reason: 'gap' } });
    await unguarded(db, () => db.query('UPDATE invoices SET number = ? WHERE id = ?', [number, id]).then(() => {}));
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });

  it('names an annulment of an invoice that does not exist', async () => {
    const db = shopDb(payload);
    const last = await lastRecord(db);
    const head: ChainLink = { ...last.record.invoice, huella: last.huella };
    const annulment: CancellationRecord = {
      kind: 'anulacion',
      invoice: { issuerNif: head.issuerNif, seriesNumber: 'W1999-000001', issueDate: '01-01-1999' },
      previous: head,
      system: last.record.system,
      generatedAt: last.record.generatedAt,
      huella: '',
    };
    annulment.huella = recordHuella(annulment);
    const { rows } = await db.query('SELECT last_record FROM invoice_chain WHERE id = 1');
    const headRecord = str(rows[0]!.last_record);
    await unguarded(db, async () => {
      await db.query(
        `INSERT INTO invoice_records (position, invoice_id, kind, huella, previous_huella, record, created_at)
         VALUES (?, 999999, 'anulacion', ?, ?, ?, ?)`,
        [last.position + 1, annulment.huella, head.huella, JSON.stringify(annulment), new Date().toISOString()],
      );
      await db.query('UPDATE invoice_chain SET last_position = ?, last_record = ? WHERE id = 1', [
        last.position + 1,
        JSON.stringify({ ...annulment.invoice, huella: annulment.huella }),
      ]);
      await db.query('UPDATE invoice_chain_witness SET position = ?, huella = ? WHERE id = 1', [
        last.position + 1,
        annulment.huella,
      ]);
    });
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    expect(await inspectInvoices(db)).toMatchObject({
      ok: false,
      problem: { check: 'annulment', reason: 'missing-invoice', position: last.position + 1 },
    });
    await unguarded(db, async () => {
      await db.query('DELETE FROM invoice_records WHERE position = ?', [last.position + 1]);
      await db.query('UPDATE invoice_chain SET last_position = ?, last_record = ? WHERE id = 1', [
        last.position,
        headRecord,
      ]);
      await db.query('UPDATE invoice_chain_witness SET position = ?, huella = ? WHERE id = 1', [
        last.position,
        last.huella,
      ]);
    });
    expect(await inspectInvoices(db)).toMatchObject({ ok: true });
  });
});
