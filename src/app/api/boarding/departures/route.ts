import { todaysBoardingDepartures } from '@/operations/boarding';
import { requireStaff } from '@/lib/staff-session';

import { json, staffLocale } from '../staff-request';

export const dynamic = 'force-dynamic';

/** GET /api/boarding/departures — today's departures (Madrid) for the crew's picker. */
export async function GET(request: Request): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office', 'crew']);
  if ('response' in session) return session.response;
  return json({ ok: true, departures: await todaysBoardingDepartures(session.payload, staffLocale(request)) });
}
