import { salesReport } from '@/operations/reports';
import { requestedRange } from '@/operations/report-requests';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/reports?from=YYYY-MM-DD&to=YYYY-MM-DD — sales by day, channel and tour, refunds,
 * tickets by category, disruption outcomes and boarded vs sold for a range of Madrid days.
 */
export const GET = staffRoute({ action: 'reports.read' }, async ({ payload, request, language }) => {
  const asked = requestedRange(request, language);
  if ('response' in asked) return asked.response;
  return json({ ok: true, ...(await salesReport(payload, asked.range, { locale: language })) });
});
