import { fill } from '@/lib/icu-lite';
import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { bookPages } from '@/invoicing/entry-points';
import { bookCsvChunks } from '@/invoicing/books-csv';
import { readFirst, textStream } from '@/lib/text-stream';
import { requestedRange } from '@/operations/report-requests';
import { NO_STORE, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/invoices/books.csv?from=YYYY-MM-DD&to=YYYY-MM-DD — the book of invoices issued
 * (libro registro de facturas expedidas) for those Madrid days, for the accountant: a line per
 * invoice and VAT rate, then the totals by rate. `;`-separated with a decimal comma (books-csv.ts).
 * Same range rules and answers as the sales report's CSV (a year and a day at most).
 */
export const GET = staffRoute({ action: 'invoices.read' }, async ({ payload, request, language }) => {
  const asked = requestedRange(request, language);
  if ('response' in asked) return asked.response;
  const { range } = asked;
  const t = invoicesAdminMessages(language);
  const statusName = (status: string) =>
    status in t.statuses ? t.statuses[status as keyof typeof t.statuses] : fill(t.statuses.other, { status });
  // A page of invoices at a time: a year's book is never held whole (decision 152). The first page
  // is read before answering, so a database that fails at once gets the usual error response.
  const pages = await readFirst(bookPages(payload, range));
  const chunks = bookCsvChunks(range, pages, t.csv, statusName);
  return new Response(textStream(chunks, 'invoices.books.csv'), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="invoices-issued-${range.from}-${range.to}.csv"`,
    },
  });
});
