// How long `npm run invoices:verify` takes on a big ledger: fills a throwaway database of its own
// (a SQLite file under var/bench, or a new PostgreSQL database next to BENCH_PG_URL's) with
// BENCH_RECORDS chained records and their invoices, written with the ledger's own builders and
// statements (ledger.ts: counter, invoice, record, head, witness, AEAT status), then times the
// inspection with and without the schema validation, and drops the database.
//   npm run bench:verify                       # SQLite, 100,000 records
//   BENCH_DB=postgres npm run bench:verify     # PostgreSQL on 127.0.0.1:5432
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// The database exists before the configuration is read: Payload's config takes DATABASE_URL.
const name = `bench_verify_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let drop: () => Promise<void>;
if (KIND === 'sqlite') {
  const dir = path.resolve(import.meta.dirname, '../var/bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.db`);
  process.env.DATABASE_URL = `file:${file}`;
  drop = async () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  };
} else {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  drop = async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
process.env.JOBS_AUTORUN = '0';
process.env.LOG_LEVEL ??= 'warn';

const { getPayload } = await import('payload');
const config = (await import('@payload-config')).default;
const { iso, num, shopDb } = await import('../src/booking/db');
const { aeatDate, centsToAmount, madridTimestamp } = await import('../src/invoicing/amounts');
const { billingSystem, issuer } = await import('../src/invoicing/config');
const { recordHuella } = await import('../src/invoicing/huella');
const { seriesNumberOf, seriesOf } = await import('../src/invoicing/ledger');
const { breakdownLines, vatBreakdown } = await import('../src/invoicing/vat');
const { inspectInvoices } = await import('../src/invoicing/verify');
const { witnessHead } = await import('../src/invoicing/witness');
type Tx = import('../src/booking/db').Tx;
type InvoiceRecord = import('../src/invoicing/types').InvoiceRecord;
type IssueRecord = import('../src/invoicing/types').IssueRecord;
type ChainLink = import('../src/invoicing/types').ChainLink;

const payload = await getPayload({ config });
try {
  await payload.db.migrate();
  const db = shopDb(payload);
  const who = issuer();
  const system = billingSystem();
  const channels = ['web', 'office', 'reseller'] as const;
  const start = Date.parse('2027-01-02T07:00:00Z');
  const issued: { id: number; seriesNumber: string; issueDate: string; type: string; annulled: boolean }[] = [];
  let position = 0;
  let last: ChainLink | null = null;

  async function nextNumber(tx: Tx, series: string): Promise<number> {
    const bumped = await tx.query(
      'UPDATE invoice_series SET last_number = last_number + 1 WHERE series = ? RETURNING last_number',
      [series],
    );
    if (bumped.rows[0]) return num(bumped.rows[0].last_number);
    await tx.query('INSERT INTO invoice_series (series, last_number) VALUES (?, 1)', [series]);
    return 1;
  }

  async function append(tx: Tx, invoiceId: number, record: InvoiceRecord, at: Date, accepted: boolean) {
    position += 1;
    const stored = await tx.query(
      `INSERT INTO invoice_records (position, invoice_id, kind, huella, previous_huella, record, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [position, invoiceId, record.kind, record.huella, last?.huella ?? null, JSON.stringify(record), iso(at)],
    );
    last = { ...record.invoice, huella: record.huella };
    await tx.query('UPDATE invoice_chain SET last_position = ?, last_record = ? WHERE id = 1', [
      position,
      JSON.stringify(last),
    ]);
    await witnessHead(tx, position, record.huella, at);
    await tx.query(
      `INSERT INTO invoice_record_status (record_id, status, attempts, next_attempt_at, updated_at)
       VALUES (?, ?, ?, ?, ?)`,
      [num(stored.rows[0]!.id), accepted ? 'Correcto' : 'pending', accepted ? 1 : 0, iso(at), iso(at)],
    );
  }

  async function issue(tx: Tx, i: number, at: Date, accepted: boolean) {
    const channel = channels[i % 3]!;
    const corrected =
      i % 50 === 49 ? issued.findLast((invoice) => invoice.type === 'F2' && !invoice.annulled) : undefined;
    const sign = corrected ? -1 : 1;
    const adults = 1 + (i % 4);
    const guides = i % 3;
    const lines = [
      { item: 'adult', quantity: adults, unitCents: 1500, totalCents: sign * adults * 1500, ratePct: 10 },
      ...(guides > 0
        ? [{ item: 'audioGuide', quantity: guides, unitCents: 300, totalCents: sign * guides * 300, ratePct: 21 }]
        : []),
    ];
    const breakdown = vatBreakdown(lines.map((line) => ({ grossCents: line.totalCents, ratePct: line.ratePct })));
    const recipient = i % 40 === 7 ? { name: 'Escola del Mar SL', nif: 'B12345674' } : null;
    const type = corrected ? 'R5' : recipient ? 'F1' : 'F2';
    const issueDate = aeatDate(at);
    const series = seriesOf(channel, Boolean(corrected), issueDate.slice(6));
    const number = await nextNumber(tx, series);
    const seriesNumber = seriesNumberOf(series, number);
    const record: IssueRecord = {
      kind: 'alta',
      invoice: { issuerNif: who.nif, seriesNumber, issueDate },
      issuerName: who.name,
      type,
      ...(corrected
        ? {
            rectificationKind: 'I' as const,
            corrects: [{ issuerNif: who.nif, seriesNumber: corrected.seriesNumber, issueDate: corrected.issueDate }],
          }
        : {}),
      description: `Billetes de barco, reserva BENCH${i}`,
      ...(recipient ? { recipients: [recipient] } : {}),
      breakdown: breakdownLines(breakdown),
      vatTotal: centsToAmount(breakdown.vatCents),
      total: centsToAmount(breakdown.grossCents),
      previous: last,
      system,
      generatedAt: madridTimestamp(at),
      huella: '',
    };
    record.huella = recordHuella(record);
    const inserted = await tx.query(
      `INSERT INTO invoices (booking_id, series, number, series_number, type, channel, issued_at, issue_date, total_cents,
         vat_cents, breakdown, lines, corrects_invoice_id, replaces_invoice_ids, recipient, locale, reason, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        i + 1,
        series,
        number,
        seriesNumber,
        type,
        channel,
        iso(at),
        issueDate,
        breakdown.grossCents,
        breakdown.vatCents,
        JSON.stringify(breakdown.groups),
        JSON.stringify(lines),
        corrected?.id ?? null,
        null,
        recipient ? JSON.stringify(recipient) : null,
        'ca',
        corrected ? 'refund' : 'sale',
        iso(at),
      ],
    );
    const id = num(inserted.rows[0]!.id);
    issued.push({ id, seriesNumber, issueDate, type, annulled: false });
    await append(tx, id, record, at, accepted);
  }

  async function annul(tx: Tx, at: Date, accepted: boolean) {
    const invoice = issued.findLast((candidate) => candidate.type === 'F2' && !candidate.annulled)!;
    invoice.annulled = true;
    const record: InvoiceRecord = {
      kind: 'anulacion',
      invoice: { issuerNif: who.nif, seriesNumber: invoice.seriesNumber, issueDate: invoice.issueDate },
      previous: last,
      system,
      generatedAt: madridTimestamp(at),
      huella: '',
    };
    record.huella = recordHuella(record);
    await append(tx, invoice.id, record, at, accepted);
  }

  const filling = performance.now();
  const PER_TRANSACTION = 1000;
  for (let from = 0; from < RECORDS; from += PER_TRANSACTION) {
    await db.transaction(async (tx) => {
      for (let i = from; i < Math.min(RECORDS, from + PER_TRANSACTION); i++) {
        const at = new Date(start + i * 20_000);
        // The AEAT has acknowledged all but the last hundred.
        const accepted = i < RECORDS - 100;
        if (i % 200 === 199) await annul(tx, at, accepted);
        else await issue(tx, i, at, accepted);
      }
    });
    if ((from / PER_TRANSACTION) % 10 === 9) console.error(`  ${from + PER_TRANSACTION} records written`);
  }
  const filledSeconds = (performance.now() - filling) / 1000;

  const timed = async (schema: boolean) => {
    const started = performance.now();
    // CPU time too (this process, every thread): on a shared machine the wall clock also counts
    // the time others held the cores.
    const cpu = process.cpuUsage();
    const report = await inspectInvoices(db, { schema });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    if (!report.ok) throw new Error(`the bench's ledger does not verify: ${JSON.stringify(report.problem)}`);
    return {
      seconds: Number(seconds.toFixed(1)),
      cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(1)),
      records: report.records,
      invoices: report.invoices,
    };
  };
  const withoutSchema = await timed(false);
  const withSchema = await timed(true);
  console.log(
    JSON.stringify({
      bench: 'invoices:verify',
      database: KIND,
      records: withSchema.records,
      invoices: withSchema.invoices,
      fillSeconds: Number(filledSeconds.toFixed(1)),
      verifySeconds: withSchema.seconds,
      verifyCpuSeconds: withSchema.cpuSeconds,
      verifyWithoutSchemaSeconds: withoutSchema.seconds,
      verifyWithoutSchemaCpuSeconds: withoutSchema.cpuSeconds,
      loadAverage: os.loadavg()[0]!.toFixed(1),
    }),
  );
} finally {
  await payload.destroy();
  await drop();
}
process.exit(0);
