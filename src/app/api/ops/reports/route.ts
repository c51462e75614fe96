import { salesReport } from '@/operations/reports';
import { json, staffLanguage } from '@/operations/http';
import { requestedRange } from '@/operations/report-requests';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/reports?from=YYYY-MM-DD&to=YYYY-MM-DD — sales by day, channel and tour, refunds,
 * tickets by category, disruption outcomes and boarded vs sold for a range of Madrid days.
 */
export async function GET(request: Request): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const asked = requestedRange(request, language);
  if ('response' in asked) return asked.response;
  return json({ ok: true, ...(await salesReport(session.payload, asked.range, { locale: language })) });
}
