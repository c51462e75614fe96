import { payloadClient } from '@/lib/payload';
import { checkBookingLink, loadPaidBooking, ticketEmailInput } from '@/tickets/delivery';
import { renderTicketPdf } from '@/tickets/ticket-pdf';

import { error } from '../../../responses';

export const dynamic = 'force-dynamic';

/** GET /api/shop/bookings/{reference}/pdf?firma=… — the same PDF as the e-mail's, made again now. */
export async function GET(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, new URL(request.url).searchParams.get('firma'));
  if (link === 'expired') return error(410, 'linkExpired');
  if (link !== 'valid') return error(404, 'bookingNotFound');
  const booking = await loadPaidBooking(payload, { reference });
  if (!booking) return error(404, 'bookingNotFound');
  const pdf = await renderTicketPdf(ticketEmailInput(booking));
  return new Response(Buffer.from(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${booking.reference}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
