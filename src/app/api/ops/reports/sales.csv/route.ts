import { salesCsv, salesReport } from '@/operations/reports';
import { opsMessages } from '@/i18n/ops-messages';
import { NO_STORE, staffLanguage } from '@/operations/http';
import { requestedRange } from '@/operations/report-requests';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/** GET /api/ops/reports/sales.csv?from&to — a row per day: money per channel, refunds and net;
 * then a row per reseller (bookings, cancellations, retail, net owed). */
export async function GET(request: Request): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const asked = requestedRange(request, language);
  if ('response' in asked) return asked.response;
  const { range } = asked;
  const report = await salesReport(session.payload, range, { locale: language });
  const r = opsMessages(language).reports;
  const csv = salesCsv(report, {
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
  });
  return new Response(csv, {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="sales-${range.from}-${range.to}.csv"`,
    },
  });
}
