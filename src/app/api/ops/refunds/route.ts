import { failedRefunds } from '@/booking/refunds';

import { json, officeOnly } from '@/operations/http';

export const dynamic = 'force-dynamic';

/** Refunds the gateway refused or never answered ("refund failed"), to retry. */
export async function GET(request: Request): Promise<Response> {
  const session = await officeOnly(request);
  if ('response' in session) return session.response;
  const failed = await failedRefunds(session.payload);
  return json({
    ok: true,
    failed: failed.map((e) => ({
      id: e.id,
      reference: e.reference,
      amountCents: e.amountCents,
      gatewayCode: e.gatewayCode,
      reason: e.reason,
      requestedBy: e.requestedBy,
      attempts: e.attempts,
      updatedAt: e.updatedAt.toISOString(),
    })),
  });
}
