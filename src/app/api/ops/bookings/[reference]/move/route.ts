import { z } from 'zod';

import { BookingChangedError, moveBooking, type MoveResult } from '@/operations/booking-actions';
import { paymentProvider } from '@/booking/checkout';
import { opsMessages } from '@/i18n/ops-messages';
import { refundSummary } from '@/operations/http';
import { json, param, staffRoute } from '@/security/staff-route';

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
export const POST = staffRoute(
  { action: 'booking.move', params: param('reference'), body: bodySchema },
  async ({ payload, params: reference, body, by, language }) => {
    let result: MoveResult | { ok: false; error: 'changed' };
    try {
      result = await moveBooking(
        payload,
        { reference, departureId: body.departure, by, ...(body.collect ? { collect: body.collect } : {}) },
        { provider: paymentProvider() },
      );
    } catch (error) {
      // Two clicks at once: the second waited for the first's lock and found the booking already
      // moved; its transaction was rolled back (issue 25, a 500 on PostgreSQL before).
      if (!(error instanceof BookingChangedError)) throw error;
      result = { ok: false, error: 'changed' };
    }
    if (!result.ok) {
      const status = { notFound: 404, departureNotFound: 404, paymentRequired: 402 }[result.error as string] ?? 409;
      const messages: Record<string, string> = opsMessages(language).bookingActions.errors;
      return json({ ...result, message: messages[result.error] }, status);
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
  },
);
