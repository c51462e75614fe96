import { z } from 'zod';

import { paymentProvider } from '@/booking/checkout';
import { rebookDisrupted, refundDisrupted } from '@/operations/disruption';

import { actor, json, officeOnly, readJson, refundSummary } from '@/operations/http';

export const dynamic = 'force-dynamic';

const bodySchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('move'), departure: z.number().int().positive() }),
  z.object({ choice: z.literal('refund') }),
]);

/** Staff choose for a disrupted visitor (on the phone, at the kiosk): another departure or the refund. */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const { reference } = await context.params;
  const body = bodySchema.safeParse(await readJson(request));
  if (!body.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  if (body.data.choice === 'move') {
    const result = await rebookDisrupted(session.payload, {
      reference,
      departureId: body.data.departure,
      by: actor(session),
    });
    if (result.ok) return json({ ok: true, reference, departure: result.booking.departureId });
    return json(result, result.error === 'notFound' ? 404 : 409);
  }
  const result = await refundDisrupted(
    session.payload,
    { reference, by: actor(session) },
    { provider: paymentProvider() },
  );
  if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
  return json({ ok: true, reference, refund: refundSummary(result.refund) });
}
