import { date, iso, num, str, type Row, type Tx } from '../booking/db';
import { findBookingRecord, joinBookingTermsSql } from '../booking/bookings-repository';
import { heldByBookingSinceSql, heldCentsSince, tookPaymentSince } from '../booking/payments-repository';
import { readTourSettings } from '../booking/tours-repository';
import { quote } from '../booking/pricing';
import { aeatDate, centsToAmount, madridTimestamp } from './amounts';
import { billingSystem, issuer } from './config';
import { recordHuella } from './huella';
import { bookingInvoicedShare, invoicedShareSql } from './reseller-share';
import {
  bookingPartnerMoney,
  ourShare,
  ourShareSql,
  rectifyingLinesByPart,
  splitPricedLines,
  thirdPartyDelta,
  type ThirdPartyAmount,
} from './partner-parts';
import { tourTax } from './tour-vat';
import {
  effectiveInvoices,
  planInvoice,
  planThirdPartyChange,
  type Channel,
  type DraftInvoice,
  type InvoiceLine,
  type IssuedInvoice,
  type PricedLine,
} from './plan';
import type {
  CancellationRecord,
  ChainLink,
  InvoiceId,
  InvoiceRecord,
  InvoiceType,
  IssueRecord,
  Recipient,
} from './types';
import { breakdownLines } from './vat';
import { witnessHead } from './witness';

/**
 * The invoicing tables' only SQL: invoices, their VERI*FACTU records, the series counters and the
 * chain's head (docs/decisions/131-invoicing.md). Invoices and records are only ever inserted (the
 * database refuses anything else). Every issue starts by locking the chain's head row, so issues
 * are serialised across transactions and instances: numbers are gapless and in order, and each
 * record names the one before it.
 */

export type StoredInvoice = {
  id: number;
  bookingId: number;
  series: string;
  number: number;
  seriesNumber: string;
  type: InvoiceType;
  channel: Channel;
  issuedAt: Date;
  issueDate: string;
  totalCents: number;
  vatCents: number;
  vat: { ratePct: number; baseCents: number; vatCents: number; grossCents: number }[];
  lines: InvoiceLine[];
  correctsInvoiceId: number | null;
  recipient: Recipient | null;
  locale: string;
  reason: DraftInvoice['reason'];
  /**
   * Amounts collected in the name and on behalf of partners this invoice documents, outside its
   * total and its VAT (decision 175); negative on a refund's rectifying invoice.
   */
  thirdParty?: ThirdPartyAmount[];
  /** Cancelled with a registro de anulación (issued in error): it no longer counts. */
  annulled: boolean;
};

export type StoredRecord = {
  id: number;
  position: number;
  invoiceId: number;
  record: InvoiceRecord;
  huella: string;
  previousHuella: string | null;
};

const INVOICE_COLUMNS = `id, booking_id, series, number, series_number, type, channel, issued_at, issue_date,
  total_cents, vat_cents, breakdown, lines, corrects_invoice_id, recipient, locale, reason, third_party,
  (SELECT COUNT(*) FROM invoice_records a WHERE a.invoice_id = invoices.id AND a.kind = 'anulacion') AS annulments`;

function invoiceFromRow(row: Row): StoredInvoice {
  const vat = JSON.parse(str(row.breakdown)) as StoredInvoice['vat'];
  return {
    id: num(row.id),
    bookingId: num(row.booking_id),
    series: str(row.series),
    number: num(row.number),
    seriesNumber: str(row.series_number),
    type: str(row.type) as InvoiceType,
    channel: str(row.channel) as Channel,
    issuedAt: date(row.issued_at),
    issueDate: str(row.issue_date),
    totalCents: num(row.total_cents),
    vatCents: num(row.vat_cents),
    vat,
    lines: JSON.parse(str(row.lines)) as InvoiceLine[],
    correctsInvoiceId: row.corrects_invoice_id === null ? null : num(row.corrects_invoice_id),
    recipient: row.recipient ? (JSON.parse(str(row.recipient)) as Recipient) : null,
    locale: str(row.locale),
    reason: str(row.reason) as DraftInvoice['reason'],
    thirdParty: row.third_party ? (JSON.parse(str(row.third_party)) as ThirdPartyAmount[]) : [],
    annulled: num(row.annulments) > 0,
  };
}

export async function invoicesOfBooking(target: Pick<Tx, 'query'>, bookingId: number): Promise<StoredInvoice[]> {
  const { rows } = await target.query(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE booking_id = ? ORDER BY id`, [
    bookingId,
  ]);
  return rows.map(invoiceFromRow);
}

export async function invoiceById(target: Pick<Tx, 'query'>, id: number): Promise<StoredInvoice | null> {
  const { rows } = await target.query(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE id = ?`, [id]);
  return rows[0] ? invoiceFromRow(rows[0]) : null;
}

function recordFromRow(row: Row): StoredRecord {
  return {
    id: num(row.id),
    position: num(row.position),
    invoiceId: num(row.invoice_id),
    record: JSON.parse(str(row.record)) as InvoiceRecord,
    huella: str(row.huella),
    previousHuella: row.previous_huella ? str(row.previous_huella) : null,
  };
}

export async function recordsOfInvoice(target: Pick<Tx, 'query'>, invoiceId: number): Promise<StoredRecord[]> {
  const { rows } = await target.query(
    'SELECT id, position, invoice_id, huella, previous_huella, record FROM invoice_records WHERE invoice_id = ? ORDER BY position',
    [invoiceId],
  );
  return rows.map(recordFromRow);
}

/** Every record in the chain's order, a page at a time (`npm run invoices:verify`). */
export async function recordsInChainOrder(
  target: Pick<Tx, 'query'>,
  afterPosition: number,
  limit: number,
): Promise<StoredRecord[]> {
  const { rows } = await target.query(
    `SELECT id, position, invoice_id, huella, previous_huella, record FROM invoice_records
     WHERE position > ? ORDER BY position LIMIT ?`,
    [afterPosition, limit],
  );
  return rows.map(recordFromRow);
}

/** The buyer's invoicing details (given at checkout, or later from the booking page). */
export async function recipientOf(
  target: Pick<Tx, 'query'>,
  bookingId: number,
): Promise<{ recipient: Recipient; address: string } | null> {
  const { rows } = await target.query('SELECT recipient, address FROM invoice_recipients WHERE booking_id = ?', [
    bookingId,
  ]);
  const row = rows[0];
  return row ? { recipient: JSON.parse(str(row.recipient)) as Recipient, address: str(row.address) } : null;
}

/** Stores (or, before any full invoice names them, corrects) the buyer's invoicing details. */
export async function saveRecipient(
  tx: Tx,
  bookingId: number,
  details: { recipient: Recipient; address: string },
  now = new Date(),
): Promise<void> {
  const updated = await tx.query(
    'UPDATE invoice_recipients SET recipient = ?, address = ?, updated_at = ? WHERE booking_id = ?',
    [JSON.stringify(details.recipient), details.address, iso(now), bookingId],
  );
  if (updated.rowsAffected === 0) {
    await tx.query('INSERT INTO invoice_recipients (booking_id, recipient, address, updated_at) VALUES (?, ?, ?, ?)', [
      bookingId,
      JSON.stringify(details.recipient),
      details.address,
      iso(now),
    ]);
  }
}

type ChainHead = {
  position: number;
  last: ChainLink | null;
  startedAt: string;
  /**
   * The instant every record and invoice made under this lock carries: taken once the chain is
   * held, never before the last record's FechaHoraHusoGenRegistro. Taken before waiting for the
   * lock, a transaction that waited behind another (another instance's, under load) chained its
   * record after one generated later, and the chain's times ran backwards.
   */
  at: Date;
};

/**
 * Locks the chain's head row until the transaction ends: the one queue every issue waits in.
 * `requested` is a caller's instant (tests, the sweep); it is moved forward to the last record's
 * time when it is earlier, so the records' times, the chain's order and each series' numbers and
 * dates always agree, whatever the instances' clocks say.
 */
async function lockChain(tx: Tx, requested?: Date): Promise<ChainHead> {
  await tx.query('UPDATE invoice_chain SET last_position = last_position WHERE id = 1');
  const { rows } = await tx.query('SELECT last_position, last_record, started_at FROM invoice_chain WHERE id = 1');
  const row = rows[0];
  if (!row) throw new Error('invoice_chain has no head row: run the migrations');
  const position = num(row.last_position);
  let at = requested ?? new Date();
  if (position > 0) {
    // created_at is the instant the last record's FechaHoraHusoGenRegistro was written from, to the ms.
    const { rows: last } = await tx.query('SELECT created_at FROM invoice_records WHERE position = ?', [position]);
    const lastInstant = last[0] ? date(last[0].created_at).getTime() : NaN;
    if (!Number.isNaN(lastInstant) && lastInstant > at.getTime()) at = new Date(lastInstant);
  }
  return {
    position,
    last: row.last_record ? (JSON.parse(str(row.last_record)) as ChainLink) : null,
    startedAt: iso(date(row.started_at)),
    at,
  };
}

async function nextNumber(tx: Tx, series: string): Promise<number> {
  const bumped = await tx.query(
    'UPDATE invoice_series SET last_number = last_number + 1 WHERE series = ? RETURNING last_number',
    [series],
  );
  if (bumped.rows[0]) return num(bumped.rows[0].last_number);
  await tx.query('INSERT INTO invoice_series (series, last_number) VALUES (?, 1)', [series]);
  return 1;
}

const SERIES_PREFIX: Record<Channel, string> = { web: 'W', office: 'T', reseller: 'A' };

/** One series per channel and year, rectifying invoices in their own (RD 1619/2012, art. 15). */
export function seriesOf(channel: Channel, rectifying: boolean, madridYear: string): string {
  return `${SERIES_PREFIX[channel]}${rectifying ? 'R' : ''}${madridYear}`;
}

export function seriesNumberOf(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, '0')}`;
}

function description(draft: DraftInvoice, reference: string): string {
  if (draft.reason === 'refund') return `Rectificación por diferencias, reserva ${reference}`;
  if (draft.reason === 'topUp') return `Diferencia por cambio de salida, reserva ${reference}`;
  if (draft.reason === 'thirdParty')
    return `Rectificación de importes cobrados por cuenta de terceros, reserva ${reference}`;
  return `Billetes de barco, reserva ${reference}`;
}

function recipientsOf(recipient: Recipient | null): Recipient[] | undefined {
  return recipient ? [recipient] : undefined;
}

/**
 * Issues the document the booking needs now (plan.ts), if any, with its VERI*FACTU record, in
 * `tx`. Returns the new invoice's id, or null when the invoices already add up.
 */
export async function issueDueInvoice(tx: Tx, bookingId: number, requestedAt?: Date): Promise<number | null> {
  const head = await lockChain(tx, requestedAt);
  const now = head.at;
  const booking = await findBookingRecord(tx, { id: bookingId });
  if (!booking) return null;
  const channel: Channel = booking.channel ?? 'web';
  // Payments − refunds of the booking recorded since invoicing started; a reseller that resells
  // is invoiced its net share of them (reseller-share.ts, decision 165).
  // A combined tour's parts sold on a partner's behalf are not ours: taken off (partner-parts.ts).
  const partnerMoney = await bookingPartnerMoney(tx, bookingId);
  const heldCents = ourShare(
    await bookingInvoicedShare(tx, bookingId, await heldCentsSince(tx, bookingId, head.startedAt)),
    partnerMoney.agencyCents,
  );
  const existing = effectiveInvoices((await invoicesOfBooking(tx, bookingId)).filter((invoice) => !invoice.annulled));
  const issued: IssuedInvoice[] = existing.map((invoice) => ({
    id: invoice.id,
    type: invoice.type,
    totalCents: invoice.totalCents,
    grossByRate: invoice.vat.map((group) => ({ ratePct: group.ratePct, grossCents: group.grossCents })),
    recipient: invoice.recipient,
  }));
  const settings = await readTourSettings(tx, booking.tourId);
  const priced: PricedLine[] = [];
  if (settings?.priceList) {
    const priceQuote = quote(settings.priceList, booking);
    if (priceQuote.ok) {
      for (const line of priceQuote.quote.lines)
        priced.push({ item: line.category, quantity: line.quantity, unitCents: line.unitCents });
      const guides = priceQuote.quote.audioGuides;
      if (guides.quantity > 0)
        priced.push({ item: 'audioGuide', quantity: guides.quantity, unitCents: guides.unitCents });
    }
  }
  // The tour's tax treatment sets the rates and the simplified invoice's limit (decision 164).
  const tax = tourTax(settings);
  const recipient = (await recipientOf(tx, bookingId))?.recipient ?? null;
  const planned = planInvoice({
    channel,
    heldCents,
    issued,
    priced: splitPricedLines(priced, partnerMoney),
    seats: booking.seats,
    rates: tax.rates,
    recipient,
    simplifiedLimitCents: tax.simplifiedLimitCents,
    // A cancelled combined tour is rectified part by part, keeping the used parts (decision 181).
    rectifyingLines:
      partnerMoney.combined && (booking.status === 'cancelled' || booking.status === 'refundPending')
        ? rectifyingLinesByPart(
            existing.flatMap((invoice) => invoice.lines),
            partnerMoney,
            heldCents,
          )
        : null,
  });
  // What a document shows as collected for partners: the change since the booking's earlier
  // invoices that still stand (an F3 replaces the simplified ones, so it shows the whole amount).
  const thirdPartyAfter = (replaces: readonly number[]) =>
    thirdPartyDelta(
      partnerMoney,
      existing.filter((invoice) => !replaces.includes(invoice.id)).flatMap((invoice) => invoice.thirdParty ?? []),
    );
  // Our share adds up, but what the partners' parts hold changed: a document saying so (decision 186).
  const thirdPartyOnly =
    planned === null && thirdPartyAfter([]).length > 0
      ? planThirdPartyChange({ issued, rates: tax.rates, recipient })
      : null;
  const draft = planned ?? thirdPartyOnly;
  if (!draft) return null;
  const thirdParty = thirdPartyAfter(draft.replaces);

  const who = issuer();
  const issueDate = aeatDate(now);
  const series = seriesOf(channel, draft.rectifying, issueDate.slice(6));
  const number = await nextNumber(tx, series);
  const seriesNumber = seriesNumberOf(series, number);
  const invoiceKey: InvoiceId = { issuerNif: who.nif, seriesNumber, issueDate };
  const corrected = existing.filter((invoice) => draft.corrects.includes(invoice.id));
  const replaced = existing.filter((invoice) => draft.replaces.includes(invoice.id));
  const idOf = (invoice: StoredInvoice): InvoiceId => ({
    issuerNif: who.nif,
    seriesNumber: invoice.seriesNumber,
    issueDate: invoice.issueDate,
  });
  const record: IssueRecord = {
    kind: 'alta',
    invoice: invoiceKey,
    issuerName: who.name,
    type: draft.type,
    ...(draft.rectifying
      ? {
          rectificationKind: 'I' as const,
          corrects: corrected.map(idOf),
        }
      : {}),
    // An F3 names the simplified invoices it replaces (FacturasSustituidas), not their rectifications.
    ...(draft.type === 'F3' ? { replaces: replaced.filter((invoice) => invoice.type === 'F2').map(idOf) } : {}),
    description: description(draft, booking.reference),
    ...(recipientsOf(draft.recipient) ? { recipients: recipientsOf(draft.recipient) } : {}),
    breakdown: breakdownLines(draft.breakdown),
    vatTotal: centsToAmount(draft.breakdown.vatCents),
    total: centsToAmount(draft.totalCents),
    previous: head.last,
    system: billingSystem(),
    generatedAt: madridTimestamp(now),
    huella: '',
  };
  record.huella = recordHuella(record);

  const inserted = await tx.query(
    `INSERT INTO invoices (booking_id, series, number, series_number, type, channel, issued_at, issue_date, total_cents,
       vat_cents, breakdown, lines, corrects_invoice_id, replaces_invoice_ids, recipient, locale, reason, third_party,
       created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      bookingId,
      series,
      number,
      seriesNumber,
      draft.type,
      channel,
      iso(now),
      issueDate,
      draft.totalCents,
      draft.breakdown.vatCents,
      JSON.stringify(draft.breakdown.groups),
      JSON.stringify(draft.lines),
      corrected.at(-1)?.id ?? null,
      replaced.length > 0 ? JSON.stringify(replaced.map((invoice) => invoice.id)) : null,
      draft.recipient ? JSON.stringify(draft.recipient) : null,
      booking.locale,
      draft.reason,
      thirdParty.length > 0 ? JSON.stringify(thirdParty) : null,
      iso(now),
    ],
  );
  const invoiceId = num(inserted.rows[0]?.id);
  await appendRecord(tx, head, invoiceId, record);
  return invoiceId;
}

/** Puts `record` at the end of the chain (its huella already names the head) and queues it for the AEAT. */
async function appendRecord(tx: Tx, head: ChainHead, invoiceId: number, record: InvoiceRecord) {
  const now = head.at;
  const position = head.position + 1;
  const storedRecord = await tx.query(
    `INSERT INTO invoice_records (position, invoice_id, kind, huella, previous_huella, record, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [position, invoiceId, record.kind, record.huella, head.last?.huella ?? null, JSON.stringify(record), iso(now)],
  );
  const recordId = num(storedRecord.rows[0]?.id);
  const link: ChainLink = { ...record.invoice, huella: record.huella };
  await tx.query('UPDATE invoice_chain SET last_position = ?, last_record = ? WHERE id = 1', [
    position,
    JSON.stringify(link),
  ]);
  await witnessHead(tx, position, record.huella, now);
  await tx.query(
    `INSERT INTO invoice_record_status (record_id, status, attempts, next_attempt_at, updated_at)
     VALUES (?, 'pending', 0, ?, ?)`,
    [recordId, iso(now), iso(now)],
  );
}

export type AnnulError = 'notFound' | 'alreadyAnnulled';

/**
 * An invoice issued in error (a wrong recipient, a sale that never happened) is cancelled with a
 * registro de anulación, never deleted or renumbered; in the same transaction the booking gets
 * the document it is due instead (plan.ts: the annulled invoice no longer counts), so a
 * correction is one action: annul and re-issue.
 */
export async function annulInvoice(
  tx: Tx,
  invoiceId: number,
  requestedAt?: Date,
): Promise<{ ok: true; reissuedId: number | null } | { ok: false; error: AnnulError }> {
  const head = await lockChain(tx, requestedAt);
  const now = head.at;
  const invoice = await invoiceById(tx, invoiceId);
  if (!invoice) return { ok: false, error: 'notFound' };
  if (invoice.annulled) return { ok: false, error: 'alreadyAnnulled' };
  const record: CancellationRecord = {
    kind: 'anulacion',
    invoice: { issuerNif: issuer().nif, seriesNumber: invoice.seriesNumber, issueDate: invoice.issueDate },
    previous: head.last,
    system: billingSystem(),
    generatedAt: madridTimestamp(now),
    huella: '',
  };
  record.huella = recordHuella(record);
  await appendRecord(tx, head, invoice.id, record);
  return { ok: true, reissuedId: await issueDueInvoice(tx, invoice.bookingId, now) };
}

/**
 * Bookings whose invoices do not add up to the money they hold since invoicing started: what a
 * failed in-transaction issue left behind, for the sweep; and bookings waiting for the recipient
 * of a full invoice (plan.ts), which the sweep pages past (`afterBookingId`).
 */
export async function bookingsOutOfBalance(
  target: Pick<Tx, 'query'>,
  limit: number,
  afterBookingId = 0,
): Promise<number[]> {
  const { rows } = await target.query(
    `SELECT m.booking_id FROM (${heldByBookingSinceSql('(SELECT c.started_at FROM invoice_chain c WHERE c.id = 1)')}) m
     ${joinBookingTermsSql('b', 'm.booking_id')}
     LEFT JOIN (
       -- After an F3, only it and what followed count (it replaced the simplified invoices before it).
       SELECT v.booking_id, SUM(v.total_cents) AS invoiced FROM invoices v
       WHERE v.id >= COALESCE((SELECT MAX(f.id) FROM invoices f WHERE f.booking_id = v.booking_id AND f.type = 'F3'
           AND NOT EXISTS (SELECT 1 FROM invoice_records fa WHERE fa.invoice_id = f.id AND fa.kind = 'anulacion')), 0)
         AND NOT EXISTS (SELECT 1 FROM invoice_records a WHERE a.invoice_id = v.id AND a.kind = 'anulacion')
       GROUP BY v.booking_id
     ) i ON i.booking_id = m.booking_id
     WHERE ${ourShareSql(invoicedShareSql('m.held'))} <> COALESCE(i.invoiced, 0) AND m.booking_id > ?
       -- Money given back that was never invoiced (sold before invoicing started) has nothing to rectify.
       AND NOT (i.invoiced IS NULL AND m.held <= 0)
     ORDER BY m.booking_id LIMIT ?`,
    [afterBookingId, limit],
  );
  return rows.map((row) => num(row.booking_id));
}

/** Where a record stands with the AEAT (invoice_record_status): pending until the sender hears back. */
export type RecordAeatStatus = {
  recordId: number;
  status: string;
  /** The AEAT's secure verification code of the submission that carried it, once accepted. */
  csv: string | null;
  errorCode: string | null;
  errorText: string | null;
  attempts: number;
  updatedAt: Date;
};

/** The AEAT status of each of these records; a record without a status row is absent from the map. */
export async function aeatStatusOfRecords(
  target: Pick<Tx, 'query'>,
  recordIds: readonly number[],
): Promise<Map<number, RecordAeatStatus>> {
  const found = new Map<number, RecordAeatStatus>();
  if (recordIds.length === 0) return found;
  const { rows } = await target.query(
    `SELECT record_id, status, csv, error_code, error_text, attempts, updated_at FROM invoice_record_status
     WHERE record_id IN (${recordIds.map(() => '?').join(', ')})`,
    [...recordIds],
  );
  for (const row of rows) {
    found.set(num(row.record_id), {
      recordId: num(row.record_id),
      status: str(row.status),
      csv: row.csv ? str(row.csv) : null,
      errorCode: row.error_code ? str(row.error_code) : null,
      errorText: row.error_text ? str(row.error_text) : null,
      attempts: num(row.attempts),
      updatedAt: date(row.updated_at),
    });
  }
  return found;
}

/**
 * Whether the booking took a payment since invoicing started: if so it is invoiced (or due to
 * be); if not, it was sold before, and its documents are the tickets alone.
 */
export async function paidSinceInvoicingStarted(target: Pick<Tx, 'query'>, bookingId: number): Promise<boolean> {
  const { rows } = await target.query('SELECT started_at FROM invoice_chain WHERE id = 1');
  if (!rows[0]) return false;
  return tookPaymentSince(target, bookingId, iso(date(rows[0].started_at)));
}

/**
 * Bookings with a rectifying invoice issued between a week and a minute ago that no e-mail of
 * `template` has carried yet (`invoices:<id>` in the e-mail log): the sweep behind the
 * `booking.refunded` subscriber that e-mails them.
 */
export async function bookingsWithRectifyingInvoicesNotEmailed(
  target: Pick<Tx, 'query'>,
  input: { template: string; now: Date; limit: number },
): Promise<number[]> {
  const { rows } = await target.query(
    `SELECT DISTINCT i.booking_id FROM invoices i
     WHERE i.type IN ('R1', 'R5') AND i.issued_at < ? AND i.issued_at > ?
       AND NOT EXISTS (SELECT 1 FROM email_log e WHERE e.ref = 'invoices:' || i.id AND e.template = ?)
     ORDER BY i.booking_id LIMIT ?`,
    [
      iso(new Date(input.now.getTime() - 60_000)),
      iso(new Date(input.now.getTime() - 7 * 86_400_000)),
      input.template,
      input.limit,
    ],
  );
  return rows.map((row) => num(row.booking_id));
}

export type CorrectError = 'notFound' | 'nothingToCorrect';

/**
 * Subsanación: a record the AEAT rejected (Incorrecto) or accepted with errors
 * (AceptadoConErrores) is sent again as a new registro de alta for the same invoice, built with
 * today's configuration (the issuer's name, the system's block: what such errors come from once
 * fixed), chained at the head, with Subsanacion=S and, when the AEAT never recorded the first one,
 * RechazoPrevio=X. The invoice itself does not change: its number, date and amounts are what the
 * customer holds.
 */
export async function correctRecord(
  tx: Tx,
  invoiceId: number,
  requestedAt?: Date,
): Promise<{ ok: true; recordId: number } | { ok: false; error: CorrectError }> {
  const head = await lockChain(tx, requestedAt);
  const now = head.at;
  const records = await recordsOfInvoice(tx, invoiceId);
  if (records.length === 0) return { ok: false, error: 'notFound' };
  const latest = records.findLast((stored) => stored.record.kind === 'alta');
  if (!latest || records.at(-1)?.record.kind === 'anulacion') return { ok: false, error: 'nothingToCorrect' };
  const { rows } = await tx.query('SELECT status FROM invoice_record_status WHERE record_id = ?', [latest.id]);
  const status = str(rows[0]?.status);
  if (status !== 'Incorrecto' && status !== 'AceptadoConErrores') return { ok: false, error: 'nothingToCorrect' };
  const previous = latest.record as IssueRecord;
  const { previousRejection: _dropped, ...rest } = previous;
  const record: IssueRecord = {
    ...rest,
    issuerName: issuer().name,
    system: billingSystem(),
    previous: head.last,
    generatedAt: madridTimestamp(now),
    correction: true,
    ...(status === 'Incorrecto' ? { previousRejection: 'X' as const } : {}),
    huella: '',
  };
  record.huella = recordHuella(record);
  await appendRecord(tx, head, invoiceId, record);
  const { rows: inserted } = await tx.query('SELECT id FROM invoice_records WHERE position = ?', [head.position + 1]);
  return { ok: true, recordId: num(inserted[0]?.id) };
}

/**
 * What our invoices of a period collected in the name and on behalf of one partner (its name and
 * tax id as the invoices name it), refunds negative. Invoices count in the period they were issued
 * in and, if annulled, count back in the period of their registro de anulación, so a period already
 * settled never changes (docs/decisions/179-partner-settlements.md).
 */
export async function partnerAmountsInvoicedBetween(
  target: Pick<Tx, 'query'>,
  partner: { name: string; taxId: string },
  start: Date,
  end: Date,
): Promise<{ collectedCents: number }> {
  // A first cut in SQL (the name as the JSON holds it); the amounts are then matched exactly here.
  const wanted = `%${partner.name.replace(/[%_"\\]/g, '%')}%`;
  const { rows } = await target.query(
    `SELECT i.third_party, 1 AS sign FROM invoices i
     WHERE i.issued_at >= ? AND i.issued_at < ? AND i.third_party LIKE ?
     UNION ALL
     SELECT i.third_party, -1 AS sign FROM invoices i JOIN invoice_records r ON r.invoice_id = i.id
     WHERE r.kind = 'anulacion' AND r.created_at >= ? AND r.created_at < ? AND i.third_party LIKE ?`,
    [iso(start), iso(end), wanted, iso(start), iso(end), wanted],
  );
  let collectedCents = 0;
  for (const row of rows) {
    const sign = num(row.sign);
    for (const entry of JSON.parse(str(row.third_party)) as ThirdPartyAmount[]) {
      if (entry.partner === partner.name && entry.taxId === partner.taxId) collectedCents += sign * entry.cents;
    }
  }
  return { collectedCents };
}
