import { departureCancellationImpact } from '@/operations/cancellation-impact';
import { numberParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/departures/{id}/impact — who cancelling this departure would reach (bookings and
 * people told, by language; reseller bookings; payments under way), for the dialog to show before
 * the office confirms.
 */
export const GET = staffRoute(
  {
    action: 'departure.manage',
    params: ({ id }: { id: string }) => numberParam(id) ?? refuse(400, 'invalidRequest'),
  },
  async ({ payload, params: id }) => {
    const impact = await departureCancellationImpact(payload, id);
    if (impact === 'notFound') return refuse(404, 'notFound');
    if (impact === 'alreadyCancelled') return refuse(409, 'alreadyCancelled');
    return json({ ok: true, departureId: id, impact });
  },
);
