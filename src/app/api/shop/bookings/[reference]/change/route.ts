import { z } from 'zod';

import { paymentProvider } from '@/booking/checkout';
import { startMovePayment } from '@/operations/move-payment';
import { overLimit } from '@/lib/endpoint-limits';
import { rebookDisrupted, refundDisrupted } from '@/operations/disruption';
import { changeOwnBooking } from '@/operations/self-change';
import { checkBookingLink } from '@/booking/signature';
import { payloadClient } from '@/lib/payload';

import { json } from '../../../responses';

export const dynamic = 'force-dynamic';

const bodySchema = z.discriminatedUnion('choice', [
  z.object({ firma: z.string().max(128), choice: z.literal('move'), departure: z.coerce.number().int().positive() }),
  z.object({ firma: z.string().max(128), choice: z.literal('refund') }),
  z.object({ firma: z.string().max(128), choice: z.literal('date'), departure: z.coerce.number().int().positive() }),
]);

const alternativesJson = (alternatives: { id: number; startsAt: Date; free: number }[]) =>
  alternatives.map((a) => ({ id: a.id, startsAt: a.startsAt.toISOString(), free: a.free }));

/**
 * The visitor's own change, from the signed link we sent. A disrupted booking: another departure
 * of the same tour (`move`; `full` with what is still open when it just filled up) or the full
 * refund (`refund`). Any paid booking, up to its tour's cut-off: another date or time (`date`),
 * answered `moved` (a cheaper trip's difference refunded to the card) or, for a dearer one, the
 * form that sends the browser to the gateway to pay the difference.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, parsed.data.firma);
  if (link !== 'valid') return json({ ok: false, error: link === 'expired' ? 'linkExpired' : 'invalidLink' }, 403);
  if (parsed.data.choice === 'date') {
    // It may start a payment: as limited as any payment request.
    const limited = await overLimit('payments', request);
    if (limited) return limited;
    const result = await changeOwnBooking(
      payload,
      { reference, departureId: parsed.data.departure },
      { provider: paymentProvider() },
    );
    if (result.ok && result.moved)
      return json({
        ok: true,
        choice: 'date',
        departure: result.booking.departureId,
        refunded: result.differenceCents < 0,
      });
    if (result.ok) {
      const pay = await startMovePayment(payload, reference);
      if (pay.ok) return json({ ok: true, choice: 'date', pay: pay.form });
      return json({ ok: false, error: 'changed' }, 409);
    }
    if (result.error === 'full')
      return json({ ok: false, error: 'full', alternatives: alternativesJson(result.alternatives) }, 409);
    return json({ ok: false, error: result.error }, result.error === 'notFound' ? 404 : 409);
  }
  if (parsed.data.choice === 'move') {
    const result = await rebookDisrupted(payload, { reference, departureId: parsed.data.departure, by: 'visitor' });
    if (result.ok) return json({ ok: true, choice: 'move', departure: result.booking.departureId });
    if (result.error === 'full') {
      return json(
        {
          ok: false,
          error: 'full',
          alternatives: alternativesJson(result.alternatives),
        },
        409,
      );
    }
    return json({ ok: false, error: result.error }, result.error === 'notFound' ? 404 : 409);
  }
  const result = await refundDisrupted(payload, { reference, by: 'visitor' }, { provider: paymentProvider() });
  if (!result.ok) return json({ ok: false, error: result.error }, result.error === 'notFound' ? 404 : 409);
  return json({ ok: true, choice: 'refund', refunded: result.refund.ok });
}
