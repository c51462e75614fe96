import { disruptionReport } from '@/operations/disruption';

import { json, officeOnly } from '@/operations/http';

export const dynamic = 'force-dynamic';

/** Who was disrupted by this departure's cancellation, what each chose, who has not answered. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const id = Number((await context.params).id);
  if (!Number.isSafeInteger(id)) return json({ ok: false, error: 'invalidRequest' }, 400);
  const report = await disruptionReport(session.payload, id);
  const pending = report.bookings.filter((b) => b.status === 'disrupted').length;
  return json({
    ok: true,
    ...report,
    totals: {
      disrupted: report.bookings.length,
      undecided: pending,
      moved: report.bookings.filter((b) => b.choice === 'moved').length,
      refunded: report.bookings.filter((b) => b.choice === 'refunded').length,
    },
  });
}
