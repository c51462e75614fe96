import { z } from 'zod';

import { tillError } from '@/operations/http';
import { countTill } from '@/operations/till';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/ops/till/counts {"staff": "user:3", "method": "cash"|"terminal", "countedCents": n} —
 * what was counted in that staff member's drawer (or terminal) for the open session; again
 * replaces it. 400 invalidCount; answers the session's summary.
 */
export const POST = staffRoute(
  {
    action: 'till.close',
    body: z.object({ staff: z.string().max(40), method: z.string().max(20), countedCents: z.unknown() }),
    invalidBody: ({ language }) => tillError(language, 'invalidCount'),
  },
  async ({ payload, body, by, language }) => {
    const result = await countTill(payload, { ...body, by, now: new Date() });
    return result.ok ? json({ ok: true, ...result.summary }) : tillError(language, result.error);
  },
);
