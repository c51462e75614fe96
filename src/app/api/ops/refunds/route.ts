import { failedRefunds } from '@/operations/refunds';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** Refunds the gateway refused or never answered ("refund failed"), to retry. */
export const GET = staffRoute({ action: 'booking.refund' }, async ({ payload }) => {
  const failed = await failedRefunds(payload);
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
});
