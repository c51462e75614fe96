import { payloadClient } from '@/lib/payload';
import { checkBookingLink } from '@/tickets/delivery';
import { issueApplePass } from '@/wallet/passes';

import { error } from '../../../responses';

export const dynamic = 'force-dynamic';

/**
 * GET /api/shop/bookings/{reference}/wallet.pkpass?firma=… — the booking's Apple Wallet pass,
 * signed like the ticket PDF's link. 404 when Apple Wallet is not configured.
 */
export async function GET(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, new URL(request.url).searchParams.get('firma'));
  if (link === 'expired') return error(410, 'linkExpired');
  if (link !== 'valid') return error(404, 'bookingNotFound');
  const pass = await issueApplePass(payload, reference);
  if (!pass) return error(404, 'bookingNotFound');
  return new Response(Buffer.from(pass.pkpass), {
    headers: {
      'Content-Type': 'application/vnd.apple.pkpass',
      'Content-Disposition': `attachment; filename="${pass.serial}.pkpass"`,
      'Last-Modified': pass.updatedAt.toUTCString(),
      'Cache-Control': 'private, no-store',
    },
  });
}
