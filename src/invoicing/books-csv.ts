import {
  bookLines,
  bookTally,
  recipientTaxId,
  type BookPage,
  type BookPeriod,
  type BookTotals,
  type InvoiceBook,
} from './books';

/**
 * The book of invoices issued as the accountant opens it: in a Spanish spreadsheet, so `;` between
 * cells and a decimal comma (with `,` between cells and a decimal point, Excel and LibreOffice set
 * to Spanish read "12.50" as text or as 1250). Otherwise like the office's other CSVs (the sales
 * report, the manifest): UTF-8 with a BOM so accents survive Excel, CRLF, headers in the staff
 * member's language.
 */

export type BookCsvLabels = {
  issueDate: string;
  number: string;
  type: string;
  taxId: string;
  name: string;
  base: string;
  rate: string;
  vat: string;
  total: string;
  rectified: string;
  booking: string;
  aeatStatus: string;
  aeatCsv: string;
  totalsByRate: string;
  allRates: string;
};

const SEPARATOR = ';';

/**
 * A text cell: quoted when it holds the separator, a quote or a line break; a leading = + - @ (a
 * formula to a spreadsheet) neutralised with an apostrophe. The same rule as the manifest's cells
 * (operations/manifest.ts), which invoicing may not import: a buyer types their own name.
 */
export function bookCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";,\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as "1234,50" (and "-12,00"): a number to a Spanish spreadsheet, no thousands separator. */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function ratePct(rate: number): string {
  return String(rate).replace('.', ',');
}

/** '2027-01-31' → '31/01/2027', the way a Spanish spreadsheet reads a date. */
function spanishDate(localDate: string): string {
  const [y, m, d] = localDate.split('-');
  return `${d}/${m}/${y}`;
}

const LINE_END = '\r\n';
/** UTF-8's byte order mark: Excel reads the file's accents right only with it. */
const BOM = '\uFEFF';

function headerRow(labels: BookCsvLabels): string {
  return [
    labels.issueDate,
    labels.number,
    labels.type,
    labels.taxId,
    labels.name,
    labels.base,
    labels.rate,
    labels.vat,
    labels.total,
    labels.rectified,
    labels.booking,
    labels.aeatStatus,
    labels.aeatCsv,
  ]
    .map(bookCell)
    .join(SEPARATOR);
}

function invoiceRows(page: BookPage, statusName: (status: string) => string): string[] {
  return bookLines(page).map(({ invoice, group, replaces }) =>
    [
      spanishDate(invoice.issueDate),
      bookCell(invoice.seriesNumber),
      invoice.type,
      bookCell(recipientTaxId(invoice.recipient)),
      bookCell(invoice.recipient?.name ?? ''),
      decimalComma(group.baseCents),
      ratePct(group.ratePct),
      decimalComma(group.vatCents),
      decimalComma(group.grossCents),
      bookCell(invoice.correctsSeriesNumber ?? replaces.join(' ')),
      bookCell(invoice.reference),
      bookCell(statusName(invoice.aeat.status)),
      bookCell(invoice.aeat.csv ?? ''),
    ].join(SEPARATOR),
  );
}

/** The totals by rate below a blank line: what the VAT return (modelo 303) asks for. */
function totalsRows(totals: BookTotals, labels: BookCsvLabels): string[] {
  return [
    '',
    [labels.totalsByRate, labels.base, labels.rate, labels.vat, labels.total].map(bookCell).join(SEPARATOR),
    ...totals.byRate.map((group) =>
      [
        '',
        decimalComma(group.baseCents),
        ratePct(group.ratePct),
        decimalComma(group.vatCents),
        decimalComma(group.grossCents),
      ].join(SEPARATOR),
    ),
    [
      bookCell(labels.allRates),
      decimalComma(totals.baseCents),
      '',
      decimalComma(totals.vatCents),
      decimalComma(totals.grossCents),
    ].join(SEPARATOR),
  ];
}

const lines = (rows: string[]) => rows.map((row) => row + LINE_END).join('');

/** A book already held whole, as one string. */
export function bookCsv(book: InvoiceBook, labels: BookCsvLabels, statusName: (status: string) => string): string {
  return BOM + lines([headerRow(labels), ...invoiceRows(book, statusName), ...totalsRows(book, labels)]);
}

/**
 * The same bytes as bookCsv, a page of invoices at a time, the totals added up as the pages pass:
 * a year's book goes out without ever being held whole. If reading a page fails, the error comes
 * out of the generator, and the download must fail with it rather than end short.
 */
export async function* bookCsvChunks(
  period: BookPeriod,
  pages: AsyncIterable<BookPage>,
  labels: BookCsvLabels,
  statusName: (status: string) => string,
): AsyncGenerator<string> {
  const tally = bookTally(period);
  yield BOM + lines([headerRow(labels)]);
  for await (const page of pages) {
    tally.add(page);
    yield lines(invoiceRows(page, statusName));
  }
  yield lines(totalsRows(tally.sums(), labels));
}
