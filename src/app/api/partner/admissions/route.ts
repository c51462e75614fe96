import { isLocalDate, madridToday } from '@/i18n/time';
import { doorList } from '@/operations/door';
import { json, refuse, staffRoute } from '@/security/staff-route';

import { doorPartner } from './door-partner';

export const dynamic = 'force-dynamic';

/** GET /api/partner/admissions?date=YYYY-MM-DD — the day's admissions of the door's partner, for offline checks. */
export const GET = staffRoute({ action: 'admissions.check' }, async ({ payload, user, request }) => {
  const partnerId = doorPartner(user);
  if (partnerId === null) return refuse(403, 'noPartner');
  const asked = new URL(request.url).searchParams.get('date');
  const day = asked !== null && isLocalDate(asked) ? asked : madridToday(new Date());
  return json({ ok: true, date: day, admissions: await doorList(payload, partnerId, day) });
});
