import { z } from 'zod';

import { cancelBooking } from '@/booking/booking-actions';
import { paymentProvider } from '@/booking/checkout';

import { actor, json, officeOnly, readJson, refundSummary } from '@/operations/http';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({
  refund: z.union([z.literal('full'), z.literal('none'), z.number().int().min(0)]),
  reason: z.string().trim().min(1).max(500),
});

/** Cancels a paid booking with a full, partial (cents) or no refund; its tickets are voided. */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const { reference } = await context.params;
  const body = bodySchema.safeParse(await readJson(request));
  if (!body.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const result = await cancelBooking(
    session.payload,
    { reference, refund: body.data.refund, reason: body.data.reason, by: actor(session) },
    { provider: paymentProvider() },
  );
  if (!result.ok) return json(result, result.error === 'notFound' ? 404 : result.error === 'invalidRefund' ? 400 : 409);
  return json({
    ok: true,
    reference,
    status: result.booking.status,
    alreadyCancelled: result.alreadyCancelled,
    refund: refundSummary(result.refund),
  });
}
