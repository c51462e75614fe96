import { boardedCount, boardingList } from '@/operations/boarding';

import { boardingContext, json } from '../../../staff-request';

export const dynamic = 'force-dynamic';

/**
 * GET /api/boarding/departures/12/tickets — the departure and every ticket of its bookings with
 * its state: what the crew's phone keeps to answer scans while the network is down.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const context = await boardingContext(request, (await params).id);
  if ('response' in context) return context.response;
  const tickets = await boardingList(context.payload, context.departure.id);
  return json({
    ok: true,
    departure: context.departure,
    boarded: await boardedCount(context.payload, context.departure.id),
    tickets,
    fetchedAt: new Date().toISOString(),
  });
}
