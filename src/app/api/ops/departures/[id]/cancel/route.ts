import { z } from 'zod';

import { opsMessages } from '@/i18n/ops-messages';
import { cancelDeparture, cancelReasons, isCancelReason } from '@/operations/disruption';
import { numberParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({ reason: z.string(), note: z.string().max(500).optional() });

/**
 * Cancels a departure (wind, sea state, technical, other, or the schedule: `timetable`,
 * `closedDay`): closed for sale, holds released, paid bookings disrupted and their visitors told
 * by e-mail and SMS with a link to choose. A reason outside the list is refused with the list.
 */
export const POST = staffRoute(
  {
    action: 'departure.manage',
    params: ({ id }: { id: string }) => numberParam(id) ?? refuse(400, 'invalidRequest'),
    body: bodySchema,
  },
  async ({ payload, params: departureId, body, by, language }) => {
    if (!isCancelReason(body.reason)) {
      return refuse(400, 'invalidReason', {
        reasons: cancelReasons,
        message: opsMessages(language).scheduleImpact.invalidReason,
      });
    }
    const result = await cancelDeparture(payload, {
      departureId,
      reason: body.reason,
      ...(body.note ? { note: body.note } : {}),
      by,
    });
    if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
    return json({
      ok: true,
      departureId: result.departureId,
      releasedHolds: result.releasedHolds,
      disrupted: result.disrupted.length,
    });
  },
);
