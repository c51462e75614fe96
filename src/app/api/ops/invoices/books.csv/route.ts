import { shopDb } from '@/booking/db';
import { fill } from '@/lib/icu-lite';
import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { invoiceBook } from '@/invoicing/books';
import { bookCsv } from '@/invoicing/books-csv';
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
  const book = await invoiceBook(shopDb(payload), range);
  const t = invoicesAdminMessages(language);
  const statusName = (status: string) =>
    status in t.statuses ? t.statuses[status as keyof typeof t.statuses] : fill(t.statuses.other, { status });
  return new Response(bookCsv(book, t.csv, statusName), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="invoices-issued-${range.from}-${range.to}.csv"`,
    },
  });
});
