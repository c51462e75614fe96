import { refuse, staffRoute } from '@/security/staff-route';

import { doorPartner } from '../../admissions/door-partner';
import { settlementDownload, settlementFile } from '../download';

export const dynamic = 'force-dynamic';

/**
 * GET /api/partner/settlements/{yyyy-mm}.{csv|pdf} — the monthly settlement of the partner the
 * signed-in staff member works for (Users › Partner), and of no other: there is no partner in the
 * path to change. 403 `noPartner` for a user tied to none.
 */
export const GET = staffRoute({ action: 'admissions.check', params: settlementFile }, async (staff) => {
  const partnerId = doorPartner(staff.user);
  if (partnerId === null) return refuse(403, 'noPartner');
  return settlementDownload(staff, partnerId, staff.params);
});
