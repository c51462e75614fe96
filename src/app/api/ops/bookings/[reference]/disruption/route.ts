import { z } from 'zod';

import { paymentProvider } from '@/booking/checkout';
import { rebookDisrupted, refundDisrupted } from '@/operations/disruption';
import { refundSummary } from '@/operations/http';
import { json, param, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

const bodySchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('move'), departure: z.number().int().positive() }),
  z.object({ choice: z.literal('refund') }),
]);

/** Staff choose for a disrupted visitor (on the phone, at the kiosk): another departure or the refund. */
export const POST = staffRoute(
  { action: 'booking.resolveDisruption', params: param('reference'), body: bodySchema },
  async ({ payload, params: reference, body, by }) => {
    if (body.choice === 'move') {
      const result = await rebookDisrupted(payload, { reference, departureId: body.departure, by });
      if (result.ok) return json({ ok: true, reference, departure: result.booking.departureId });
      return json(result, result.error === 'notFound' ? 404 : 409);
    }
    const result = await refundDisrupted(payload, { reference, by }, { provider: paymentProvider() });
    if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
    return json({ ok: true, reference, refund: refundSummary(result.refund) });
  },
);
