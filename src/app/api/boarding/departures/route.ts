import { todaysBoardingDepartures } from '@/operations/boarding';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/boarding/departures — today's departures (Madrid) for the crew's picker. */
export const GET = staffRoute({ action: 'boarding.scan' }, async ({ payload, language }) =>
  json({ ok: true, departures: await todaysBoardingDepartures(payload, language) }),
);
