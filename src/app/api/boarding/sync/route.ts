import { z } from 'zod';

import { syncCheckIns } from '@/operations/boarding';
import { json, refuse, staffRoute } from '@/security/staff-route';

import { boardingDeparture } from '../departure';

export const dynamic = 'force-dynamic';

const SyncBody = z.object({
  departure: z.union([z.number(), z.string()]),
  checkIns: z
    .array(
      z.object({
        code: z.string().trim().min(1).max(200),
        tickets: z.array(z.string().max(64)).max(200).optional(),
        scannedAt: z.string().max(40).optional(),
      }),
    )
    .max(1000),
});

/**
 * POST /api/boarding/sync {"departure": 12, "checkIns": [{"code": "…", "scannedAt": "…"}]}
 * → {"ok": true, "results": [{"code", "answer", "conflict"}], "conflicts": n}. Idempotent.
 */
export const POST = staffRoute(
  {
    action: 'boarding.scan',
    body: SyncBody,
    invalidBody: () => refuse(400, 'invalidSync'),
    // A phone's queue after a long time offline: up to 1,000 check-ins.
    maxBodyBytes: 1024 * 1024,
  },
  async (staff) => {
    const found = await boardingDeparture(staff, staff.body.departure);
    if (found instanceof Response) return found;
    const results = await syncCheckIns(staff.payload, {
      departureId: found.departure.id,
      staff: found.member,
      checkIns: staff.body.checkIns,
      locale: staff.language,
    });
    return json({ ok: true, results, conflicts: results.filter((r) => r.conflict).length });
  },
);
