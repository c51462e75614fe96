import { z } from 'zod';

import { moveBooking } from '@/booking/booking-actions';
import { paymentProvider } from '@/booking/checkout';

import { actor, json, officeOnly, readJson, refundSummary } from '@/ops/http';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({
  departure: z.number().int().positive(),
  collect: z.enum(['cash', 'terminal', 'link']).optional(),
});

/**
 * Moves a booking to another departure (any tour) with room: a cheaper trip refunds the
 * difference; a dearer one answers 402 with the difference unless it was collected at the desk
 * (`collect`: cash, terminal) or is to be paid by the customer through an e-mailed link
 * (`collect: "link"`): 202, the seats held and `pendingMove` answered; the booking moves once paid.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const { reference } = await context.params;
  const body = bodySchema.safeParse(await readJson(request));
  if (!body.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const result = await moveBooking(
    session.payload,
    {
      reference,
      departureId: body.data.departure,
      by: actor(session),
      ...(body.data.collect ? { collect: body.data.collect } : {}),
    },
    { provider: paymentProvider() },
  );
  if (!result.ok) {
    const status = { notFound: 404, departureNotFound: 404, paymentRequired: 402 }[result.error as string] ?? 409;
    return json(result, status);
  }
  if (result.pendingMove) {
    const move = result.pendingMove;
    return json(
      {
        ok: true,
        reference,
        departure: result.booking.departureId,
        differenceCents: result.differenceCents,
        pendingMove: {
          id: move.id,
          status: move.status,
          toDepartureId: move.toDepartureId,
          totalCents: move.totalCents,
          differenceCents: move.differenceCents,
          expiresAt: move.expiresAt.toISOString(),
        },
      },
      202,
    );
  }
  return json({
    ok: true,
    reference,
    departure: result.booking.departureId,
    totalCents: result.booking.totalCents,
    differenceCents: result.differenceCents,
    refund: refundSummary(result.refund),
  });
}
