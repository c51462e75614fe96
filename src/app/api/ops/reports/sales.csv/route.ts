import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { bookSums } from '@/invoicing/entry-points';
import { salesCsv, salesReport } from '@/operations/reports';
import { opsMessages } from '@/i18n/ops-messages';
import { requestedRange } from '@/operations/report-requests';
import { NO_STORE, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/ops/reports/sales.csv?from&to — a row per day: money per channel, refunds and net;
 * then a row per reseller (bookings, cancellations, retail, net owed); then the invoices' net and
 * VAT per rate. */
export const GET = staffRoute({ action: 'reports.read' }, async ({ payload, request, language }) => {
  const asked = requestedRange(request, language);
  if ('response' in asked) return asked.response;
  const { range } = asked;
  const report = await salesReport(payload, range, { locale: language });
  const r = opsMessages(language).reports;
  const book = await bookSums(payload, range);
  const v = invoicesAdminMessages(language).reports;
  const invoiced = {
    totals: book,
    labels: { rate: v.csvRate, base: v.csvBase, vat: v.csvVat, total: v.csvTotal, allRates: r.total },
  };
  const csv = salesCsv(
    report,
    {
      date: r.date,
      web: r.web,
      boxOffice: r.boxOffice,
      agency: r.agency,
      reseller: r.reseller,
      sales: r.sales,
      refunds: r.refunds,
      net: r.net,
      total: r.total,
      resellerName: r.resellerName,
      bookings: r.bookings,
      cancellations: r.cancellations,
      retail: r.retail,
      netOwed: r.netOwed,
    },
    invoiced,
  );
  return new Response(csv, {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="sales-${range.from}-${range.to}.csv"`,
    },
  });
});
