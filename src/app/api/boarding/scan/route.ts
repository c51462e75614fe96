import { z } from 'zod';

import { scanCode } from '@/operations/boarding';
import { json, refuse, staffRoute } from '@/security/staff-route';

import { boardingDeparture } from '../departure';

export const dynamic = 'force-dynamic';

const ScanBody = z.object({
  code: z.string().trim().min(1).max(200),
  departure: z.union([z.number(), z.string()]),
  /** For a booking's reference: only these of its tickets. */
  tickets: z.array(z.string().max(64)).max(200).optional(),
});

/**
 * POST /api/boarding/scan {"code": "…", "departure": 12, "tickets"?: ["…"]}
 * → {"ok": true, "result": "boarded" | "already-boarded" | "wrong-departure" | "not-today" | "cancelled" | "unknown", …}
 */
export const POST = staffRoute(
  { action: 'boarding.scan', body: ScanBody, invalidBody: () => refuse(400, 'invalidScan') },
  async (staff) => {
    const found = await boardingDeparture(staff, staff.body.departure);
    if (found instanceof Response) return found;
    const answer = await scanCode(staff.payload, {
      code: staff.body.code,
      tickets: staff.body.tickets,
      departureId: found.departure.id,
      staff: found.member,
      locale: staff.language,
    });
    return json({ ok: true, ...answer });
  },
);
