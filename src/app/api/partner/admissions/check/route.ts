import { z } from 'zod';

import { checkAdmission } from '@/operations/door';
import { json, refuse, staffRoute } from '@/security/staff-route';

import { doorPartner } from '../door-partner';

export const dynamic = 'force-dynamic';

const CheckBody = z.object({ code: z.string().trim().min(1).max(200) });

/**
 * POST /api/partner/admissions/check {"code": "…"} — at a partner's door (role `partner`)
 * → {"ok": true, "result": "admitted" | "already-used" | "not-valid-today" | "cancelled" | "unknown", …}
 */
export const POST = staffRoute(
  { action: 'admissions.check', body: CheckBody, invalidBody: () => refuse(400, 'invalidCode') },
  async (staff) => {
    const partnerId = doorPartner(staff.user);
    if (partnerId === null) return refuse(403, 'noPartner');
    const answer = await checkAdmission(staff.payload, {
      code: staff.body.code,
      partnerId,
      staffId: Number(staff.user.id),
    });
    return json({ ok: true, ...answer });
  },
);
