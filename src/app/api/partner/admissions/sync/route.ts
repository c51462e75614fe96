import { z } from 'zod';

import { syncDoor } from '@/operations/door';
import { json, refuse, staffRoute } from '@/security/staff-route';

import { doorPartner } from '../door-partner';

export const dynamic = 'force-dynamic';

const SyncBody = z.object({ queued: z.array(z.object({ code: z.string().trim().min(1).max(200) })).max(500) });

/** POST /api/partner/admissions/sync {"queued": [{"code": "…"}]} — a door's offline checks, replayed once. */
export const POST = staffRoute(
  { action: 'admissions.check', body: SyncBody, invalidBody: () => refuse(400, 'invalidSync') },
  async (staff) => {
    const partnerId = doorPartner(staff.user);
    if (partnerId === null) return refuse(403, 'noPartner');
    const outcomes = await syncDoor(staff.payload, {
      partnerId,
      staffId: Number(staff.user.id),
      queued: staff.body.queued,
    });
    return json({ ok: true, outcomes });
  },
);
