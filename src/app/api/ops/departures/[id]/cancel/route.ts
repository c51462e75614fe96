import { z } from 'zod';

import { cancelDeparture, cancelReasons } from '@/operations/disruption';

import { actor, json, officeOnly, readJson } from '@/operations/http';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({ reason: z.enum(cancelReasons), note: z.string().max(500).optional() });

/**
 * Cancels a departure (wind, sea state, technical, other): closed for sale, holds released, paid
 * bookings disrupted and their visitors told by e-mail and SMS with a link to choose.
 */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const id = Number((await context.params).id);
  const body = bodySchema.safeParse(await readJson(request));
  if (!Number.isSafeInteger(id) || !body.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const result = await cancelDeparture(session.payload, {
    departureId: id,
    reason: body.data.reason,
    ...(body.data.note ? { note: body.data.note } : {}),
    by: actor(session),
  });
  if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
  return json({
    ok: true,
    departureId: result.departureId,
    releasedHolds: result.releasedHolds,
    disrupted: result.disrupted.length,
  });
}
