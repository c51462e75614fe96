import { date, num, str, type Row, type Tx } from '../booking/db';
import { aeatDate, centsToAmount } from './amounts';
import { issuer } from './config';
import { verifyChain } from './huella';
import { recordsInChainOrder, seriesNumberOf } from './ledger';
import { MAX_RECORDS_PER_BATCH, submissionXml } from './record-xml';
import type { ChainLink, InvoiceRecord, IssueRecord, VatBreakdownLine } from './types';
import { breakdownLines, vatInGross } from './vat';
import { witnessedHead } from './witness';
import { validateManyAgainstAeatSchema, type SchemaValidation } from './xsd';

export type ChainReport =
  | { ok: true; records: number }
  | { ok: false; records: number; position: number; seriesNumber: string; reason: string; detail: string };

const PAGE = 1000;

/**
 * Recomputes every record's huella and follows the chain from the first record to the last, a
 * page at a time, and names the first record that breaks it (`npm run invoices:verify`, and the
 * tests' invariant check). Positions must run 1, 2, 3… with no gap: a deleted record shows.
 */
export async function verifyInvoiceChain(target: Pick<Tx, 'query'>): Promise<ChainReport> {
  let from: ChainLink | null = null;
  let position = 0;
  let count = 0;
  for (;;) {
    const page = await recordsInChainOrder(target, position, PAGE);
    if (page.length === 0) return { ok: true, records: count };
    for (const [index, stored] of page.entries()) {
      const expected = position + index + 1;
      const broken = (reason: string, detail: string): ChainReport => ({
        ok: false,
        records: count + index,
        position: stored.position,
        seriesNumber: stored.record.invoice.seriesNumber,
        reason,
        detail,
      });
      if (stored.position !== expected) return broken('gap', `position ${expected} is missing`);
      if (stored.huella !== stored.record.huella)
        return broken('hash', 'the huella column differs from the record it was stored with');
      if ((stored.previousHuella ?? null) !== (stored.record.previous?.huella ?? null))
        return broken('link', 'the previous huella column differs from the record it was stored with');
    }
    const verdict = verifyChain(
      page.map((stored) => stored.record),
      from,
    );
    if (!verdict.ok) {
      const stored = page[verdict.index]!;
      return {
        ok: false,
        records: count + verdict.index,
        position: stored.position,
        seriesNumber: stored.record.invoice.seriesNumber,
        reason: verdict.reason,
        detail: verdict.detail,
      };
    }
    from = verdict.last;
    count += page.length;
    position = page.at(-1)!.position;
  }
}

// ---------------------------------------------------------------------------------------------
// What an inspector checks (`npm run invoices:verify`, decision 163): the chain above, and that
// every invoice is what its records say, adds up, is numbered without gaps in issue order, that
// annulments name real invoices once, that every record would still pass the AEAT's schema, and
// that the chain ends where its witnesses (witness.ts, the AEAT's acknowledgements) say it ends.

export type InspectionCheck =
  /** The chain above: positions, huellas, links, time order. */
  | 'chain'
  /** A record against the invoice it names (its alta: number, type, date, totals, breakdown, recipient). */
  | 'record'
  /** An invoice's own figures: breakdown sums, VAT by the rounding rule, number and date columns. */
  | 'invoice'
  /** Each series: numbers 1..n, dates not going back with the number, its counter at n. */
  | 'series'
  /** Annulments: of an existing, issued invoice, at most one each. */
  | 'annulment'
  /** A record the AEAT's schema would now refuse. */
  | 'schema'
  /** The chain's last record against its witnesses. */
  | 'head';

export type InspectionProblem = {
  check: InspectionCheck;
  /** What is wrong, as a short code (e.g. `total`, `gap`, `missing-invoice`, `witness`). */
  reason: string;
  /** The record's position in the chain, when a record is at fault. */
  position: number | null;
  /** The invoice's series and number, when known. */
  seriesNumber: string | null;
  detail: string;
};

export type InspectionReport =
  | { ok: true; records: number; invoices: number; series: number; head: { position: number; huella: string | null } }
  | { ok: false; problem: InspectionProblem };

export type InspectionOptions = {
  /** Validate every record against the AEAT's schemas (the slow part; on by default). */
  schema?: boolean;
  /** Submissions per validator call (each holds up to 1,000 records). */
  submissionsPerValidation?: number;
};

/** An invoice's columns as the inspection reads them. */
export type InvoiceColumns = {
  id: number;
  series: string;
  number: number;
  seriesNumber: string;
  type: string;
  issuedAt: Date;
  issueDate: string;
  totalCents: number;
  vatCents: number;
  breakdown: string;
  lines: string;
  recipient: string | null;
};

type RecordRow = {
  id: number;
  position: number;
  invoiceId: number;
  kind: string;
  huella: string;
  previousHuella: string | null;
  record: InvoiceRecord | null;
  invoice: InvoiceColumns | null;
};

function invoiceColumns(row: Row, prefix = ''): InvoiceColumns {
  const at = (name: string) => row[`${prefix}${name}`];
  return {
    id: num(at('id')),
    series: str(at('series')),
    number: num(at('number')),
    seriesNumber: str(at('series_number')),
    type: str(at('type')),
    issuedAt: date(at('issued_at')),
    issueDate: str(at('issue_date')),
    totalCents: num(at('total_cents')),
    vatCents: num(at('vat_cents')),
    breakdown: str(at('breakdown')),
    lines: str(at('lines')),
    recipient: at('recipient') === null || at('recipient') === undefined ? null : str(at('recipient')),
  };
}

const INVOICE_FIELDS = [
  'id',
  'series',
  'number',
  'series_number',
  'type',
  'issued_at',
  'issue_date',
  'total_cents',
  'vat_cents',
  'breakdown',
  'lines',
  'recipient',
] as const;

/** A stored record's JSON; one that does not parse is kept as null, to be named, not thrown. */
function readRecord(text: string): InvoiceRecord | null {
  try {
    const record = JSON.parse(text) as InvoiceRecord | null;
    return record && typeof record === 'object' && record.invoice ? record : null;
  } catch {
    return null;
  }
}

async function recordsWithInvoices(target: Pick<Tx, 'query'>, afterPosition: number, limit: number) {
  const { rows } = await target.query(
    `SELECT r.id, r.position, r.invoice_id, r.kind, r.huella, r.previous_huella, r.record,
       ${INVOICE_FIELDS.map((field) => `i.${field} AS i_${field}`).join(', ')}
     FROM invoice_records r LEFT JOIN invoices i ON i.id = r.invoice_id
     WHERE r.position > ? ORDER BY r.position LIMIT ?`,
    [afterPosition, limit],
  );
  return rows.map((row): RecordRow => ({
    id: num(row.id),
    position: num(row.position),
    invoiceId: num(row.invoice_id),
    kind: str(row.kind),
    huella: str(row.huella),
    previousHuella: row.previous_huella ? str(row.previous_huella) : null,
    record: readRecord(str(row.record)),
    invoice: row.i_id === null || row.i_id === undefined ? null : invoiceColumns(row, 'i_'),
  }));
}

/** One series' invoices after `afterNumber`, in number order (the (series, number) index). */
async function invoicesOfSeries(
  target: Pick<Tx, 'query'>,
  series: string,
  afterNumber: number,
  limit: number,
): Promise<InvoiceColumns[]> {
  const { rows } = await target.query(
    `SELECT ${INVOICE_FIELDS.join(', ')} FROM invoices WHERE series = ? AND number > ? ORDER BY number LIMIT ?`,
    [series, afterNumber, limit],
  );
  return rows.map((row) => invoiceColumns(row));
}

/** Same JSON value, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .filter(([, v]) => v !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

type Group = { ratePct: number; grossCents: number; baseCents: number; vatCents: number };

/** The invoice's own figures: what vat.ts and ledger.ts write, recomputed. Null when they hold. */
export function invoiceFiguresProblem(invoice: InvoiceColumns): { reason: string; detail: string } | null {
  if (seriesNumberOf(invoice.series, invoice.number) !== invoice.seriesNumber)
    return {
      reason: 'number',
      detail: `series ${invoice.series} number ${invoice.number} printed as ${invoice.seriesNumber}`,
    };
  if (aeatDate(invoice.issuedAt) !== invoice.issueDate)
    return {
      reason: 'date',
      detail: `issued at ${invoice.issuedAt.toISOString()}, dated ${invoice.issueDate}`,
    };
  let groups: Group[];
  let lines: { totalCents: number; ratePct: number }[];
  try {
    groups = JSON.parse(invoice.breakdown) as Group[];
    lines = JSON.parse(invoice.lines) as { totalCents: number; ratePct: number }[];
  } catch {
    return { reason: 'breakdown', detail: 'the breakdown or the lines are not readable' };
  }
  const rates = new Set<number>();
  for (const group of groups) {
    const label = `at ${group.ratePct} %`;
    if (rates.has(group.ratePct)) return { reason: 'breakdown', detail: `two groups ${label}` };
    rates.add(group.ratePct);
    if (group.baseCents + group.vatCents !== group.grossCents)
      return {
        reason: 'breakdown',
        detail: `${label}: base ${group.baseCents} + VAT ${group.vatCents} is not the gross ${group.grossCents}`,
      };
    let expected: number;
    try {
      expected = vatInGross(group.grossCents, group.ratePct);
    } catch (error) {
      return { reason: 'breakdown', detail: `${label}: ${(error as Error).message}` };
    }
    // vat.ts: VAT = gross × rate / (100 + rate), rounded once per group, halves away from zero.
    if (group.vatCents !== expected)
      return {
        reason: 'vat',
        detail: `${label}: VAT ${group.vatCents} where the gross ${group.grossCents} holds ${expected}`,
      };
    const linesGross = lines
      .filter((line) => line.ratePct === group.ratePct)
      .reduce((sum, line) => sum + line.totalCents, 0);
    if (linesGross !== group.grossCents)
      return {
        reason: 'lines',
        detail: `${label}: the lines add up to ${linesGross}, the group to ${group.grossCents}`,
      };
  }
  const gross = groups.reduce((sum, group) => sum + group.grossCents, 0);
  const vat = groups.reduce((sum, group) => sum + group.vatCents, 0);
  if (gross !== invoice.totalCents)
    return { reason: 'total', detail: `the groups add up to ${gross}, the total is ${invoice.totalCents}` };
  if (vat !== invoice.vatCents)
    return { reason: 'vat-total', detail: `the groups' VAT adds up to ${vat}, the VAT total is ${invoice.vatCents}` };
  if (lines.some((line) => !rates.has(line.ratePct)))
    return { reason: 'lines', detail: 'a line at a rate the breakdown does not have' };
  return null;
}

/** An alta record against the invoice it names. Null when they agree. */
export function altaProblem(record: IssueRecord, invoice: InvoiceColumns): { reason: string; detail: string } | null {
  const differs = (what: string, recorded: unknown, stored: unknown) => ({
    reason: what,
    detail: `the record says ${JSON.stringify(recorded)}, the invoice ${JSON.stringify(stored)}`,
  });
  if (record.invoice.seriesNumber !== invoice.seriesNumber)
    return differs('series-number', record.invoice.seriesNumber, invoice.seriesNumber);
  if (record.invoice.issueDate !== invoice.issueDate)
    return differs('issue-date', record.invoice.issueDate, invoice.issueDate);
  if (record.type !== invoice.type) return differs('type', record.type, invoice.type);
  if (record.total !== centsToAmount(invoice.totalCents))
    return differs('total', record.total, centsToAmount(invoice.totalCents));
  if (record.vatTotal !== centsToAmount(invoice.vatCents))
    return differs('vat-total', record.vatTotal, centsToAmount(invoice.vatCents));
  let groups: Group[];
  try {
    groups = JSON.parse(invoice.breakdown) as Group[];
  } catch {
    return { reason: 'breakdown', detail: 'the invoice breakdown is not readable' };
  }
  let expected: VatBreakdownLine[];
  try {
    expected = breakdownLines({ groups, baseCents: 0, vatCents: 0, grossCents: 0 });
  } catch (error) {
    return { reason: 'breakdown', detail: (error as Error).message };
  }
  if (!sameJson(record.breakdown, expected)) return differs('breakdown', record.breakdown, expected);
  const recipient = invoice.recipient === null ? null : (JSON.parse(invoice.recipient) as unknown);
  const recorded = record.recipients && record.recipients.length > 0 ? record.recipients : null;
  if (!sameJson(recorded, recipient === null ? null : [recipient]))
    return { reason: 'recipient', detail: 'the record and the invoice name different recipients' };
  return null;
}

/**
 * Everything an inspector checks, in one pass over the records (chain order) and one over the
 * invoices (series order), a page at a time; names the first problem. 100,000 records take well
 * under a minute (scripts/bench-verify.ts), most of it the schema validation.
 */
export async function inspectInvoices(
  target: Pick<Tx, 'query'>,
  options: InspectionOptions = {},
): Promise<InspectionReport> {
  const validateSchema = options.schema ?? true;
  const perValidation = options.submissionsPerValidation ?? 10;
  const who = issuer();
  const fail = (problem: InspectionProblem): InspectionReport => ({ ok: false, problem });

  // Records waiting for the schema check, validated a few submissions at a time; a problem found
  // later in the chain is only reported once the records before it passed the schema.
  let queued: { position: number; seriesNumber: string; record: InvoiceRecord }[] = [];
  const flushSchema = async (): Promise<InspectionProblem | null> => {
    if (!validateSchema || queued.length === 0) return null;
    const batch = queued;
    queued = [];
    const submissions: (typeof batch)[] = [];
    for (let i = 0; i < batch.length; i += MAX_RECORDS_PER_BATCH)
      submissions.push(batch.slice(i, i + MAX_RECORDS_PER_BATCH));
    const first = await firstInvalid(submissions.map((submission) => submission.map((entry) => entry.record)));
    if (!first) return null;
    const entry = submissions[first.submission]![first.record]!;
    return {
      check: 'schema',
      reason: 'invalid',
      position: entry.position,
      seriesNumber: entry.seriesNumber,
      detail: first.errors.slice(0, 3).join('; '),
    };
  };
  const firstInvalid = async (
    submissions: InvoiceRecord[][],
    perCall = perValidation,
  ): Promise<{ submission: number; record: number; errors: string[] } | null> => {
    // A record with a character XML cannot carry has no XML at all: that is its verdict.
    const xmls: (string | SchemaValidation)[] = submissions.map((records) => {
      try {
        return submissionXml(who, records);
      } catch (error) {
        return { valid: false, errors: [(error as Error).message] };
      }
    });
    const verdicts: SchemaValidation[] = [];
    for (let i = 0; i < xmls.length; i += perCall) {
      const slice = xmls.slice(i, i + perCall);
      const checked = await validateManyAgainstAeatSchema(slice.filter((xml) => typeof xml === 'string'));
      verdicts.push(...slice.map((xml) => (typeof xml === 'string' ? checked.shift()! : xml)));
    }
    const bad = verdicts.findIndex((verdict) => !verdict.valid);
    if (bad < 0) return null;
    const records = submissions[bad]!;
    if (records.length === 1) return { submission: bad, record: 0, errors: verdicts[bad]!.errors };
    // Which record: each on its own, as a submission of one, all in one call.
    const alone = await firstInvalid(
      records.map((record) => [record]),
      MAX_RECORDS_PER_BATCH,
    );
    if (!alone) return { submission: bad, record: 0, errors: verdicts[bad]!.errors };
    return { submission: bad, record: alone.submission, errors: alone.errors };
  };

  // 1. The records, in chain order: the chain (as verifyInvoiceChain), then each record against
  // its invoice, the annulments, the schema.
  const altaOf = new Set<number>();
  const annulled = new Set<number>();
  let from: ChainLink | null = null;
  let position = 0;
  let records = 0;
  let last: { position: number; huella: string } | null = null;
  for (;;) {
    const page = await recordsWithInvoices(target, position, PAGE);
    if (page.length === 0) break;
    let chainBreak: { index: number; reason: string; detail: string } | null = null;
    for (const [index, stored] of page.entries()) {
      const expected = position + index + 1;
      if (stored.position !== expected)
        chainBreak = { index, reason: 'gap', detail: `position ${expected} is missing` };
      else if (!stored.record) chainBreak = { index, reason: 'unreadable', detail: 'the record is not readable JSON' };
      else if (stored.huella !== stored.record.huella)
        chainBreak = { index, reason: 'hash', detail: 'the huella column differs from the record it was stored with' };
      else if ((stored.previousHuella ?? null) !== (stored.record.previous?.huella ?? null))
        chainBreak = {
          index,
          reason: 'link',
          detail: 'the previous huella column differs from the record it was stored with',
        };
      if (chainBreak) break;
    }
    const verdict = verifyChain(
      page.slice(0, chainBreak?.index ?? page.length).map((stored) => stored.record!),
      from,
    );
    if (!verdict.ok) chainBreak = { index: verdict.index, reason: verdict.reason, detail: verdict.detail };
    else from = verdict.last;

    for (const [index, stored] of page.entries()) {
      const record = stored.record;
      if (chainBreak?.index === index || !record) {
        const broken = chainBreak ?? { reason: 'unreadable', detail: 'the record is not readable JSON' };
        return fail(
          (await flushSchema()) ?? {
            check: 'chain',
            reason: broken.reason,
            position: stored.position,
            seriesNumber: record?.invoice?.seriesNumber ?? null,
            detail: broken.detail,
          },
        );
      }
      const at = (check: InspectionCheck, reason: string, detail: string): InspectionProblem => ({
        check,
        reason,
        position: stored.position,
        seriesNumber: record.invoice?.seriesNumber ?? null,
        detail,
      });
      let problem: InspectionProblem | null = null;
      if (stored.kind !== record.kind)
        problem = at('record', 'kind', `stored as ${stored.kind}, the record is ${record.kind}`);
      else if (!stored.invoice)
        problem =
          record.kind === 'anulacion'
            ? at('annulment', 'missing-invoice', `annuls invoice id ${stored.invoiceId}, which does not exist`)
            : at('record', 'missing-invoice', `names invoice id ${stored.invoiceId}, which does not exist`);
      else if (record.kind === 'alta') {
        const wrong = altaProblem(record, stored.invoice);
        if (wrong) problem = at('record', wrong.reason, `${stored.invoice.seriesNumber}: ${wrong.detail}`);
        else if (annulled.has(stored.invoiceId))
          problem = at('annulment', 'after-annulment', `an alta for ${stored.invoice.seriesNumber}, already annulled`);
        else altaOf.add(stored.invoiceId);
      } else if (
        record.invoice.seriesNumber !== stored.invoice.seriesNumber ||
        record.invoice.issueDate !== stored.invoice.issueDate
      )
        problem = at(
          'annulment',
          'other-invoice',
          `annuls ${record.invoice.seriesNumber} of ${record.invoice.issueDate}, stored against ${stored.invoice.seriesNumber}`,
        );
      else if (!altaOf.has(stored.invoiceId))
        problem = at('annulment', 'not-issued', `annuls ${stored.invoice.seriesNumber}, which has no alta before it`);
      else if (annulled.has(stored.invoiceId))
        problem = at('annulment', 'twice', `${stored.invoice.seriesNumber} is annulled a second time`);
      else annulled.add(stored.invoiceId);

      // Records before this one that the schema would refuse come first.
      if (problem) return fail((await flushSchema()) ?? problem);
      queued.push({ position: stored.position, seriesNumber: record.invoice.seriesNumber, record });
      last = { position: stored.position, huella: stored.huella };
    }
    records += page.length;
    position = page.at(-1)!.position;
    if (queued.length >= perValidation * MAX_RECORDS_PER_BATCH) {
      const invalid = await flushSchema();
      if (invalid) return fail(invalid);
    }
  }
  const invalid = await flushSchema();
  if (invalid) return fail(invalid);

  // 2. Where the chain ends, against what saw it end there.
  const headProblem = (reason: string, detail: string): InspectionReport =>
    fail({ check: 'head', reason, position: last?.position ?? null, seriesNumber: null, detail });
  const describe = (head: { position: number; huella: string | null } | null) =>
    head && head.position > 0 ? `record ${head.position} (${head.huella})` : 'no record';
  const { rows: chainRows } = await target.query('SELECT last_position, last_record FROM invoice_chain WHERE id = 1');
  if (chainRows[0]) {
    const headHuella = chainRows[0].last_record
      ? ((JSON.parse(str(chainRows[0].last_record)) as ChainLink).huella ?? null)
      : null;
    const head = { position: num(chainRows[0].last_position), huella: headHuella };
    if (head.position !== (last?.position ?? 0) || head.huella !== (last?.huella ?? null))
      return headProblem(
        'chain-head',
        `the chain's head row names ${describe(head)}, the chain ends at ${describe(last)}`,
      );
  }
  const witness = await witnessedHead(target);
  if (witness && (witness.position !== (last?.position ?? 0) || witness.huella !== (last?.huella ?? null)))
    return headProblem(
      'witness',
      `the witness saw the chain end at ${describe(witness)} (${witness.witnessedAt}), it ends at ${describe(last)}`,
    );
  // The last record the AEAT acknowledged (sender.ts) must still be in the chain, as it was sent.
  const { rows: acknowledgedRows } = await target.query(
    'SELECT acknowledged_position, acknowledged_huella FROM invoice_sender WHERE id = 1',
  );
  const acknowledged = acknowledgedRows[0];
  if (acknowledged && acknowledged.acknowledged_position !== null && acknowledged.acknowledged_position !== undefined) {
    const position = num(acknowledged.acknowledged_position);
    const huella = str(acknowledged.acknowledged_huella);
    const { rows: held } = await target.query('SELECT huella FROM invoice_records WHERE position = ?', [position]);
    if (!held[0] || str(held[0].huella) !== huella)
      return headProblem(
        'aeat-acknowledged',
        `the AEAT acknowledged record ${position} (${huella}); the chain ${held[0] ? `holds ${str(held[0].huella)} there` : 'has no such record'}`,
      );
  }
  // Every record was queued for the AEAT with a status row, and the AEAT's acknowledgements name
  // records by id: a status row whose record is gone is a record deleted.
  const { rows: orphans } = await target.query(
    `SELECT s.record_id, s.status FROM invoice_record_status s
     WHERE NOT EXISTS (SELECT 1 FROM invoice_records r WHERE r.id = s.record_id)
     ORDER BY CASE WHEN s.status IN ('Correcto', 'AceptadoConErrores') THEN 0 ELSE 1 END, s.record_id DESC LIMIT 1`,
  );
  if (orphans[0])
    return headProblem(
      'aeat',
      `record id ${num(orphans[0].record_id)} (AEAT status ${str(orphans[0].status)}) is no longer in the chain`,
    );

  // 3. The invoices, series by series.
  let invoices = 0;
  const seriesEnds = new Map<string, number>();
  const { rows: seriesRows } = await target.query('SELECT DISTINCT series FROM invoices ORDER BY series');
  for (const series of seriesRows.map((row) => str(row.series))) {
    let previous: InvoiceColumns | null = null;
    for (;;) {
      const page = await invoicesOfSeries(target, series, previous?.number ?? 0, PAGE);
      if (page.length === 0) break;
      for (const invoice of page) {
        const at = (check: InspectionCheck, reason: string, detail: string): InspectionReport =>
          fail({ check, reason, position: null, seriesNumber: invoice.seriesNumber, detail });
        const expected = (previous?.number ?? 0) + 1;
        if (invoice.number !== expected)
          return at(
            'series',
            'gap',
            previous
              ? `series ${series} goes from ${previous.number} to ${invoice.number}`
              : `series ${series} starts at ${invoice.number}, not 1`,
          );
        if (previous && invoice.issuedAt.getTime() < previous.issuedAt.getTime())
          return at(
            'series',
            'order',
            `issued at ${invoice.issuedAt.toISOString()}, before ${previous.seriesNumber} (${previous.issuedAt.toISOString()})`,
          );
        const figures = invoiceFiguresProblem(invoice);
        if (figures) return at('invoice', figures.reason, figures.detail);
        if (!altaOf.has(invoice.id)) return at('record', 'no-alta', 'the invoice has no registro de alta');
        previous = invoice;
      }
      invoices += page.length;
    }
    if (previous) seriesEnds.set(series, previous.number);
  }
  const { rows: counters } = await target.query('SELECT series, last_number FROM invoice_series ORDER BY series');
  const counted = new Set<string>();
  for (const row of counters) {
    const series = str(row.series);
    counted.add(series);
    const issued = seriesEnds.get(series) ?? 0;
    if (num(row.last_number) !== issued)
      return fail({
        check: 'series',
        reason: 'counter',
        position: null,
        seriesNumber: issued > 0 ? seriesNumberOf(series, issued) : null,
        detail: `series ${series}: its counter says ${num(row.last_number)}, its last invoice is number ${issued}`,
      });
  }
  for (const [series, issued] of seriesEnds) {
    if (!counted.has(series))
      return fail({
        check: 'series',
        reason: 'counter',
        position: null,
        seriesNumber: seriesNumberOf(series, issued),
        detail: `series ${series} has no counter`,
      });
  }

  return {
    ok: true,
    records,
    invoices,
    series: seriesEnds.size,
    head: { position: last?.position ?? 0, huella: last?.huella ?? null },
  };
}
