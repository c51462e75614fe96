import { paymentProvider } from '@/booking/checkout';
import { retryRefund } from '@/booking/refunds';

import { actor, json, officeOnly, refundSummary } from '@/operations/http';

export const dynamic = 'force-dynamic';

/** Asks the gateway again for a failed refund (same payment event, same amount, never twice). */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const id = Number((await context.params).id);
  if (!Number.isSafeInteger(id)) return json({ ok: false, error: 'invalidRequest' }, 400);
  const result = await retryRefund(session.payload, id, { provider: paymentProvider(), requestedBy: actor(session) });
  if (!result.ok && result.error === 'notFound') return json({ ok: false, error: 'notFound' }, 404);
  return json({ ok: result.ok, refund: refundSummary(result) }, result.ok ? 200 : 502);
}
