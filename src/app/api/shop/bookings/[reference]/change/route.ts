import { z } from 'zod';

import { paymentProvider } from '@/booking/checkout';
import { rebookDisrupted, refundDisrupted } from '@/operations/disruption';
import { checkBookingLink } from '@/booking/signature';
import { payloadClient } from '@/lib/payload';

import { json } from '../../../responses';

export const dynamic = 'force-dynamic';

const bodySchema = z.discriminatedUnion('choice', [
  z.object({ firma: z.string().max(128), choice: z.literal('move'), departure: z.coerce.number().int().positive() }),
  z.object({ firma: z.string().max(128), choice: z.literal('refund') }),
]);

/**
 * A disrupted visitor's own choice, from the signed link we sent: another departure of the same
 * tour (`full` with the next ones when it just filled up) or the full refund.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, parsed.data.firma);
  if (link !== 'valid') return json({ ok: false, error: link === 'expired' ? 'linkExpired' : 'invalidLink' }, 403);
  if (parsed.data.choice === 'move') {
    const result = await rebookDisrupted(payload, { reference, departureId: parsed.data.departure, by: 'visitor' });
    if (result.ok) return json({ ok: true, choice: 'move', departure: result.booking.departureId });
    if (result.error === 'full') {
      return json(
        {
          ok: false,
          error: 'full',
          alternatives: result.alternatives.map((a) => ({
            id: a.id,
            startsAt: a.startsAt.toISOString(),
            free: a.free,
          })),
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
