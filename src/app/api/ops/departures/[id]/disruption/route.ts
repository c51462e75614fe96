import { disruptionReport } from '@/operations/disruption';
import { numberParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** Who was disrupted by this departure's cancellation, what each chose, who has not answered. */
export const GET = staffRoute(
  {
    action: 'departure.read',
    params: ({ id }: { id: string }) => numberParam(id) ?? refuse(400, 'invalidRequest'),
  },
  async ({ payload, params: id }) => {
    const report = await disruptionReport(payload, id);
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
  },
);
