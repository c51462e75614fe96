import { z } from 'zod';

import { tillError } from '@/operations/http';
import { closeTill } from '@/operations/till';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/ops/till/close {"sessionId": n} — closes the open session (the one the screen showed)
 * once every line with sales is counted (409 uncounted, with how many are left; 409
 * alreadyClosed). Answers the closed session's summary: its Z report.
 */
export const POST = staffRoute(
  {
    action: 'till.close',
    body: z.object({ sessionId: z.number().int().positive().optional() }).nullable().catch(null),
  },
  async ({ payload, body, by, language }) => {
    const result = await closeTill(payload, {
      by,
      now: new Date(),
      ...(body?.sessionId ? { sessionId: body.sessionId } : {}),
    });
    if (!result.ok) {
      return tillError(language, result.error, result.uncounted ? { count: result.uncounted } : {});
    }
    return json({ ok: true, ...result.summary });
  },
);
