import { paymentProvider } from '@/booking/checkout';
import { retryRefund } from '@/operations/refunds';
import { numberParam, refundSummary } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** Asks the gateway again for a failed refund (same payment event, same amount, never twice). */
export const POST = staffRoute(
  {
    action: 'booking.refund',
    params: ({ id }: { id: string }) => numberParam(id) ?? refuse(400, 'invalidRequest'),
  },
  async ({ payload, params: id, by }) => {
    const result = await retryRefund(payload, id, { provider: paymentProvider(), requestedBy: by });
    if (!result.ok && result.error === 'notFound') return refuse(404, 'notFound');
    return json({ ok: result.ok, refund: refundSummary(result) }, result.ok ? 200 : 502);
  },
);
