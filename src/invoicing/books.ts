import { addDays, madridToUtc, utcToMadrid, type LocalDate } from '@/i18n/time';
import { bookingReferenceSql } from '../booking/bookings-repository';
import { date, iso, num, str, type Row, type Tx } from '../booking/db';
import type { InvoiceType, Recipient } from './types';

/**
 * The office's and the accountant's reading of the invoices: search, the book of invoices issued
 * (libro registro de facturas expedidas) for a period, its totals by VAT rate, and the records the
 * AEAT has not taken. Read-only; ledger.ts keeps the SQL that writes. Periods are Madrid calendar
 * days, like the date printed on the invoice.
 */

type Query = Pick<Tx, 'query'>;

/** The AEAT's last word on an invoice's latest record; `pending` until it has answered. */
export type AeatState = {
  status: string;
  csv: string | null;
  errorCode: string | null;
  errorText: string | null;
  attempts: number;
  updatedAt: string | null;
};

export type VatGroup = { ratePct: number; baseCents: number; vatCents: number; grossCents: number };

export type BookInvoice = {
  id: number;
  bookingId: number;
  reference: string;
  seriesNumber: string;
  type: InvoiceType;
  channel: string;
  /** The instant of issue (ISO), and its Madrid date, the invoice's fecha de expedición. */
  issuedAt: string;
  issueDate: LocalDate;
  totalCents: number;
  vatCents: number;
  vat: VatGroup[];
  recipient: Recipient | null;
  /** For R1/R5: the invoice it rectifies. */
  correctsSeriesNumber: string | null;
  /** For an F3: the ids of the invoices it replaced (simplified ones and their rectifications). */
  replacesIds: number[];
  /** Cancelled with a registro de anulación (issued in error): listed by search, left out of the book. */
  annulled: boolean;
  aeat: AeatState;
};

/** Statuses that need nothing more from anyone: the AEAT took the record. */
export const ACCEPTED_STATUSES = ['Correcto', 'AceptadoConErrores'] as const;

/**
 * An invoice's latest record (a correction or a cancellation comes after its first one) is the one
 * whose state matters: the status shown, and the one the alert counts.
 */
const LATEST_RECORD = `r.position = (SELECT MAX(r2.position) FROM invoice_records r2 WHERE r2.invoice_id = r.invoice_id)`;

const BOOKING_REFERENCE = bookingReferenceSql('i.booking_id');

const ANNULLED = `EXISTS (SELECT 1 FROM invoice_records a WHERE a.invoice_id = i.id AND a.kind = 'anulacion')`;

const SELECT_INVOICES = `SELECT i.id, i.booking_id, ${BOOKING_REFERENCE} AS reference, i.series_number, i.type, i.channel, i.issued_at,
    i.total_cents, i.vat_cents, i.breakdown, i.recipient, i.replaces_invoice_ids, c.series_number AS corrects_series_number,
    CASE WHEN ${ANNULLED} THEN 1 ELSE 0 END AS annulled, s.status, s.csv, s.error_code, s.error_text, s.attempts, s.updated_at
  FROM invoices i
  LEFT JOIN invoices c ON c.id = i.corrects_invoice_id
  LEFT JOIN invoice_records r ON r.invoice_id = i.id AND ${LATEST_RECORD}
  LEFT JOIN invoice_record_status s ON s.record_id = r.id`;

function optional(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : str(value);
}

function bookInvoiceFromRow(row: Row): BookInvoice {
  const issuedAt = date(row.issued_at);
  return {
    id: num(row.id),
    bookingId: num(row.booking_id),
    reference: str(row.reference),
    seriesNumber: str(row.series_number),
    type: str(row.type) as InvoiceType,
    channel: str(row.channel),
    issuedAt: iso(issuedAt),
    issueDate: utcToMadrid(issuedAt).date,
    totalCents: num(row.total_cents),
    vatCents: num(row.vat_cents),
    vat: JSON.parse(str(row.breakdown)) as VatGroup[],
    recipient: row.recipient ? (JSON.parse(str(row.recipient)) as Recipient) : null,
    correctsSeriesNumber: optional(row.corrects_series_number),
    replacesIds: row.replaces_invoice_ids ? (JSON.parse(str(row.replaces_invoice_ids)) as number[]) : [],
    annulled: num(row.annulled) === 1,
    aeat: {
      status: optional(row.status) ?? 'pending',
      csv: optional(row.csv),
      errorCode: optional(row.error_code),
      errorText: optional(row.error_text),
      attempts: row.attempts === null || row.attempts === undefined ? 0 : num(row.attempts),
      updatedAt: row.updated_at ? iso(date(row.updated_at)) : null,
    },
  };
}

/** The recipient's tax id as the AEAT knows it: the NIF, or the other country's id with its country. */
export function recipientTaxId(recipient: Recipient | null): string {
  if (!recipient) return '';
  return 'nif' in recipient ? recipient.nif : `${recipient.countryCode} ${recipient.id}`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const SEARCH_PAGE_SIZE = 25;

export type InvoiceSearch = { invoices: BookInvoice[]; total: number; page: number; pages: number };

/**
 * Invoices whose number (series-number, from its start: "W2027", "W2027-0001"), booking reference
 * (from its start) or recipient's tax id (from its start, spaces and dashes ignored) begins with
 * `q`, or all of them without one; `problems`: only those whose latest record the AEAT has not
 * taken (yet). Newest first, a page at a time.
 */
export async function searchInvoices(
  db: Query,
  options: { q?: string; problems?: boolean; page?: number; pageSize?: number } = {},
): Promise<InvoiceSearch> {
  const q = (options.q ?? '').trim().toUpperCase().slice(0, 60);
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? SEARCH_PAGE_SIZE), 1), 100);
  const page = Math.max(Math.trunc(options.page ?? 1) || 1, 1);
  const conditions: string[] = [];
  const params: string[] = [];
  if (q) {
    const prefix = `${escapeLike(q)}%`;
    const taxId = escapeLike(q.replace(/[\s-]/g, ''));
    // The recipient is stored as JSON.stringify wrote it: `"nif":"…"` or `"id":"…"`, no spaces. A
    // quote inside a name is escaped there, so the pattern only ever meets the key itself.
    conditions.push(`(UPPER(i.series_number) LIKE ? ESCAPE '\\' OR UPPER(${BOOKING_REFERENCE}) LIKE ? ESCAPE '\\'
      OR UPPER(i.recipient) LIKE ? ESCAPE '\\' OR UPPER(i.recipient) LIKE ? ESCAPE '\\')`);
    params.push(prefix, prefix, `%"NIF":"${taxId}%`, `%"ID":"${taxId}%`);
  }
  if (options.problems) {
    conditions.push(`(s.status IS NULL OR s.status NOT IN (${ACCEPTED_STATUSES.map(() => '?').join(', ')}))`);
    params.push(...ACCEPTED_STATUSES);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const counted = await db.query(`SELECT COUNT(*) AS total FROM (${SELECT_INVOICES} ${where}) found`, params);
  const total = num(counted.rows[0]?.total ?? 0);
  const pages = Math.max(Math.ceil(total / pageSize), 1);
  const { rows } = await db.query(`${SELECT_INVOICES} ${where} ORDER BY i.id DESC LIMIT ? OFFSET ?`, [
    ...params,
    pageSize,
    (page - 1) * pageSize,
  ]);
  return { invoices: rows.map(bookInvoiceFromRow), total, page, pages };
}

/** One invoice with its booking and AEAT state (the invoices list's links and the tests). */
export async function bookInvoiceById(db: Query, id: number): Promise<BookInvoice | null> {
  const { rows } = await db.query(`${SELECT_INVOICES} WHERE i.id = ?`, [id]);
  return rows[0] ? bookInvoiceFromRow(rows[0]) : null;
}

export type BookPeriod = { from: LocalDate; to: LocalDate };

export type BookTotals = {
  /** Per VAT rate, highest rate first. */
  byRate: VatGroup[];
  baseCents: number;
  vatCents: number;
  grossCents: number;
};

export type InvoiceBook = BookTotals & {
  from: LocalDate;
  to: LocalDate;
  /** Every invoice issued in the period, in the order of issue. */
  invoices: BookInvoice[];
  /** The invoices the period's F3s replaced (whenever they were issued), by id. */
  replaced: Map<number, BookInvoice>;
  /** Per Madrid day of issue, only days with invoices. */
  days: (Omit<BookTotals, 'byRate'> & { date: LocalDate })[];
};

function addGroups(into: Map<number, VatGroup>, groups: readonly VatGroup[], sign: 1 | -1): void {
  for (const group of groups) {
    const line = into.get(group.ratePct) ?? { ratePct: group.ratePct, baseCents: 0, vatCents: 0, grossCents: 0 };
    line.baseCents += sign * group.baseCents;
    line.vatCents += sign * group.vatCents;
    line.grossCents += sign * group.grossCents;
    into.set(group.ratePct, line);
  }
}

function totalsOf(groups: Map<number, VatGroup>): BookTotals {
  const byRate = [...groups.values()].sort((a, b) => b.ratePct - a.ratePct);
  return {
    byRate,
    baseCents: byRate.reduce((sum, g) => sum + g.baseCents, 0),
    vatCents: byRate.reduce((sum, g) => sum + g.vatCents, 0),
    grossCents: byRate.reduce((sum, g) => sum + g.grossCents, 0),
  };
}

/** A period's invoices, read a page at a time: each page with the invoices its F3s replaced. */
export type BookPage = Pick<InvoiceBook, 'invoices' | 'replaced'>;

/** A book's totals without its invoices: what the reports screen and the sales CSV need. */
export type BookSums = Omit<InvoiceBook, 'invoices' | 'replaced'>;

/**
 * How many invoices a page holds. A year's book can be 100,000 invoices: held whole, its CSV needed
 * 60–100 MB of free heap (it ran out under 60), more than a busy server can spare; read 1,000 at a
 * time it held 1 MB (docs/decisions/152-books-a-page-at-a-time.md).
 */
export const BOOK_PAGE_SIZE = 1000;

async function replacedBy(db: Query, invoices: readonly BookInvoice[]): Promise<Map<number, BookInvoice>> {
  const replacedIds = [...new Set(invoices.flatMap((invoice) => invoice.replacesIds))];
  const replaced = new Map<number, BookInvoice>();
  if (replacedIds.length === 0) return replaced;
  const found = await db.query(
    `${SELECT_INVOICES} WHERE i.id IN (${replacedIds.map(() => '?').join(', ')})`,
    replacedIds,
  );
  for (const row of found.rows) {
    const invoice = bookInvoiceFromRow(row);
    replaced.set(invoice.id, invoice);
  }
  return replaced;
}

/**
 * The invoices issued from `from` to `to` (Madrid days, both included) in the order of issue, a
 * page at a time (by id, so an invoice issued meanwhile is read at most once).
 *
 * Annulled invoices are left out, whenever they were annulled. A registro de anulación says the
 * invoice was issued in error: for the AEAT it never was, and it counts for no VAT return (the
 * document the booking was due was re-issued in the same transaction, and that one is in the
 * book). Listing them with their amounts netted to zero was the other way: it would keep every
 * number of a series on the page, but print lines whose amounts are not the invoice's. The
 * office's invoice list (searchInvoices) still shows them, marked, with their annulment record;
 * the gap a number leaves in the book is explained there.
 */
export async function* invoiceBookPages(
  db: Query,
  period: BookPeriod,
  pageSize: number = BOOK_PAGE_SIZE,
): AsyncGenerator<BookPage> {
  const start = iso(madridToUtc(period.from, '00:00'));
  const end = iso(madridToUtc(addDays(period.to, 1), '00:00'));
  let afterId = 0;
  for (;;) {
    const { rows } = await db.query(
      `${SELECT_INVOICES} WHERE i.issued_at >= ? AND i.issued_at < ? AND i.id > ? AND NOT ${ANNULLED}
       ORDER BY i.id LIMIT ?`,
      [start, end, afterId, pageSize],
    );
    if (rows.length === 0) return;
    const invoices = rows.map(bookInvoiceFromRow);
    yield { invoices, replaced: await replacedBy(db, invoices) };
    if (rows.length < pageSize) return;
    afterId = invoices[invoices.length - 1]!.id;
  }
}

/**
 * What a period's invoices add up to by VAT rate, in all and per Madrid day, added page by page:
 * invoices minus rectifications (theirs are negative), and an F3 counts only what it adds to the
 * simplified invoices it replaced, wherever those fell, since their VAT was already counted in
 * their own period. Annulled invoices are not in the pages. Over any run of periods the totals
 * are the money kept: paid minus refunded since invoicing started (bookings waiting for a full
 * invoice's recipient aside, plan.ts).
 */
export function bookTally(period: BookPeriod) {
  const groups = new Map<number, VatGroup>();
  const dayGroups = new Map<LocalDate, Map<number, VatGroup>>();
  return {
    add({ invoices, replaced }: BookPage): void {
      for (const invoice of invoices) {
        const day = dayGroups.get(invoice.issueDate) ?? new Map<number, VatGroup>();
        dayGroups.set(invoice.issueDate, day);
        addGroups(groups, invoice.vat, 1);
        addGroups(day, invoice.vat, 1);
        for (const id of invoice.replacesIds) {
          const gone = replaced.get(id);
          // An annulled invoice was never counted (invoiceBookPages), so it is not taken off either.
          if (!gone || gone.annulled) continue;
          addGroups(groups, gone.vat, -1);
          addGroups(day, gone.vat, -1);
        }
      }
    },
    sums(): BookSums {
      const days = [...dayGroups.entries()].map(([day, dayTotals]) => {
        const { byRate: _, ...sums } = totalsOf(dayTotals);
        return { date: day, ...sums };
      });
      return { from: period.from, to: period.to, days, ...totalsOf(groups) };
    },
  };
}

/** The book of a period, whole: its invoices and its totals (bookTally). For short periods. */
export async function invoiceBook(db: Query, period: BookPeriod): Promise<InvoiceBook> {
  const tally = bookTally(period);
  const invoices: BookInvoice[] = [];
  const replaced = new Map<number, BookInvoice>();
  for await (const page of invoiceBookPages(db, period)) {
    tally.add(page);
    invoices.push(...page.invoices);
    for (const [id, invoice] of page.replaced) replaced.set(id, invoice);
  }
  return { invoices, replaced, ...tally.sums() };
}

/** A period's totals, read a page at a time and never held whole (a year of invoices fits). */
export async function invoiceBookSums(db: Query, period: BookPeriod): Promise<BookSums> {
  const tally = bookTally(period);
  for await (const page of invoiceBookPages(db, period)) tally.add(page);
  return tally.sums();
}

/** One line of the book: an invoice at one VAT rate (an invoice with two rates has two). */
export type BookLine = {
  invoice: BookInvoice;
  group: VatGroup;
  /** For an F3: the series-numbers it replaced. */
  replaces: string[];
};

export function bookLines(book: Pick<InvoiceBook, 'invoices' | 'replaced'>): BookLine[] {
  return book.invoices.flatMap((invoice) => {
    const replaces = invoice.replacesIds.map((id) => book.replaced.get(id)?.seriesNumber ?? `#${id}`);
    const groups = invoice.vat.length > 0 ? invoice.vat : [{ ratePct: 0, baseCents: 0, vatCents: 0, grossCents: 0 }];
    return groups.map((group) => ({ invoice, group, replaces }));
  });
}

/** How long a record may wait for the AEAT before the office is told. */
export const STALE_RECORD_MS = 60 * 60 * 1000;

export type StaleRecords = { rejected: number; unsent: number };

/**
 * Invoices whose latest record, issued over an hour ago, the AEAT has not taken: rejected
 * (`Incorrecto`: someone must correct it), or not answered yet (`unsent`: the sending is stuck).
 * `includeUnsent: false` in no-VERI*FACTU mode, where records wait to be asked for.
 */
export async function staleRecords(
  db: Query,
  options: { now?: Date; includeUnsent?: boolean } = {},
): Promise<StaleRecords> {
  const before = new Date((options.now ?? new Date()).getTime() - STALE_RECORD_MS);
  const { rows } = await db.query(
    `SELECT CASE WHEN s.status = 'Incorrecto' THEN 'rejected' ELSE 'unsent' END AS state, COUNT(*) AS records
     FROM invoice_records r LEFT JOIN invoice_record_status s ON s.record_id = r.id
     WHERE ${LATEST_RECORD} AND r.created_at < ?
       AND (s.status IS NULL OR s.status NOT IN (${ACCEPTED_STATUSES.map(() => '?').join(', ')}))
     GROUP BY CASE WHEN s.status = 'Incorrecto' THEN 'rejected' ELSE 'unsent' END`,
    [iso(before), ...ACCEPTED_STATUSES],
  );
  const count = (state: string) => num(rows.find((row) => row.state === state)?.records ?? 0);
  return { rejected: count('rejected'), unsent: options.includeUnsent === false ? 0 : count('unsent') };
}
