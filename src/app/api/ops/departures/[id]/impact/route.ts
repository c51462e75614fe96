import { findDeparture } from '@/booking/departures-repository';
import { shopDb } from '@/booking/db';
import { cancellationImpact } from '@/operations/cancellation-impact';
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
    const departure = await findDeparture(shopDb(payload), id);
    if (!departure) return refuse(404, 'notFound');
    if (departure.status === 'cancelled') return refuse(409, 'alreadyCancelled');
    return json({ ok: true, departureId: id, impact: await cancellationImpact(payload, [id]) });
  },
);
