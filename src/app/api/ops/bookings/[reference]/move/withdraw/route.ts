import { withdrawMove } from '@/booking/move-payment';

import { actor, json, officeOnly } from '@/operations/http';

export const dynamic = 'force-dynamic';

/**
 * Takes back a move offered by payment link and not paid yet: the seats held on the new departure
 * go back at once; the booking stays where it is. A payment that still arrives is refunded.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const { reference } = await context.params;
  const result = await withdrawMove(session.payload, { reference, by: actor(session) });
  if (!result.ok) return json(result, 404);
  return json({ ok: true, reference, withdrawn: result.withdrawn });
}
