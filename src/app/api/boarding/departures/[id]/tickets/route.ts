import { boardedCount, boardingList, replacedOnDeparture } from '@/operations/boarding';
import { json, param, staffRoute } from '@/security/staff-route';

import { boardingDeparture } from '../../../departure';

export const dynamic = 'force-dynamic';

/**
 * GET /api/boarding/departures/12/tickets — the departure and every ticket of its bookings with
 * its state, and the old tickets of bookings that moved away with their "replaced" answer: what the
 * crew's phone keeps to answer scans while the network is down.
 */
export const GET = staffRoute({ action: 'boarding.scan', params: param('id') }, async (staff) => {
  const found = await boardingDeparture(staff, staff.params);
  if (found instanceof Response) return found;
  const { departure, member } = found;
  const tickets = await boardingList(staff.payload, departure.id);
  const replaced = await replacedOnDeparture(staff.payload, {
    departureId: departure.id,
    staff: member,
    locale: staff.language,
  });
  return json({
    ok: true,
    departure,
    boarded: await boardedCount(staff.payload, departure.id),
    tickets,
    replaced,
    fetchedAt: new Date().toISOString(),
  });
});
