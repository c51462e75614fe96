import { z } from 'zod';

import { cancelBooking } from '@/operations/booking-actions';
import { paymentProvider } from '@/booking/checkout';
import { refundSummary } from '@/operations/http';
import { json, param, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({
  refund: z.union([z.literal('full'), z.literal('none'), z.number().int().min(0)]),
  reason: z.string().trim().min(1).max(500),
  /** A full refund also gives back the partner admissions already used (decision 181). */
  refundUsedParts: z.boolean().optional(),
});

/** Cancels a paid booking with a full, partial (cents) or no refund; its tickets are voided. */
export const POST = staffRoute(
  { action: 'booking.cancel', params: param('reference'), body: bodySchema },
  async ({ payload, params: reference, body, by }) => {
    const result = await cancelBooking(
      payload,
      { reference, refund: body.refund, reason: body.reason, by, refundUsedParts: body.refundUsedParts === true },
      { provider: paymentProvider() },
    );
    if (!result.ok) {
      return json(result, result.error === 'notFound' ? 404 : result.error === 'invalidRefund' ? 400 : 409);
    }
    return json({
      ok: true,
      reference,
      status: result.booking.status,
      alreadyCancelled: result.alreadyCancelled,
      refund: refundSummary(result.refund),
    });
  },
);
