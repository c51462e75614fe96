import { bookLines, recipientTaxId, type InvoiceBook } from './books';

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

export function bookCsv(book: InvoiceBook, labels: BookCsvLabels, statusName: (status: string) => string): string {
  const lines: string[] = [];
  const row = (cells: string[]) => lines.push(cells.join(SEPARATOR));
  row(
    [
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
    ].map(bookCell),
  );
  for (const { invoice, group, replaces } of bookLines(book)) {
    row([
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
    ]);
  }
  // The totals by rate below a blank line: what the VAT return (modelo 303) asks for.
  lines.push('');
  row([labels.totalsByRate, labels.base, labels.rate, labels.vat, labels.total].map(bookCell));
  for (const group of book.byRate) {
    row([
      '',
      decimalComma(group.baseCents),
      ratePct(group.ratePct),
      decimalComma(group.vatCents),
      decimalComma(group.grossCents),
    ]);
  }
  row([
    bookCell(labels.allRates),
    decimalComma(book.baseCents),
    '',
    decimalComma(book.vatCents),
    decimalComma(book.grossCents),
  ]);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
