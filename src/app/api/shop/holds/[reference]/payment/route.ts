import { startPayment } from '@/booking/checkout';
import { overLimit } from '@/lib/endpoint-limits';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../../../responses';

export const dynamic = 'force-dynamic';

/**
 * POST /api/shop/holds/{reference}/payment: a new payment attempt. The answer is the form the
 * browser posts to the gateway: { action, method: 'POST', fields: { Ds_SignatureVersion,
 * Ds_MerchantParameters, Ds_Signature } }.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const limited = await overLimit('payments', request);
  if (limited) return limited;
  const { reference } = await context.params;
  const result = await startPayment(await payloadClient(), reference);
  if (result.ok) return json({ ok: true, form: result.form });
  if (result.error === 'notFound') return error(404, 'bookingNotFound');
  // A hold ends as `cancelled` only when its departure was cancelled while the visitor was paying.
  const key =
    result.status === 'paid' ? 'alreadyPaid' : result.status === 'cancelled' ? 'departureCancelled' : 'holdExpired';
  return error(409, key, { status: result.status ?? null });
}
