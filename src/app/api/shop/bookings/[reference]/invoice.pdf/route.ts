import { invoiceDocument } from '@/invoicing/document';
import { env } from '@/lib/env';
import { payloadClient } from '@/lib/payload';
import { renderInvoicePdf } from '@/tickets/invoice-pdf';
import { checkBookingLink, loadPaidBooking } from '@/tickets/delivery';

export const dynamic = 'force-dynamic';

/** A signed link's answer is this visitor's alone: no shared cache may keep it, nor the browser. */
const PRIVATE = { 'Cache-Control': 'private, no-store' } as const;
const refuse = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ ok: false, error }, { status, headers: { ...PRIVATE, ...headers } });

/**
 * GET /api/shop/bookings/{reference}/invoice.pdf?firma=… — the booking's current invoice on its
 * own: the full invoice (F3) once the visitor asked for one, else the simplified one; the same
 * invoice its tickets carry (tickets/delivery.ts), in the booking's language. Signed as the ticket
 * PDF is: 410 for an expired link, 404 for any other.
 */
export async function GET(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await context.params;
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, new URL(request.url).searchParams.get('firma'));
  if (link === 'expired') return refuse(410, 'linkExpired');
  if (link !== 'valid') return refuse(404, 'bookingNotFound');
  const booking = await loadPaidBooking(payload, { reference });
  if (!booking) return refuse(404, 'bookingNotFound');
  // Due but not issued yet (its payment's transaction could not): the sweep issues it shortly.
  if (booking.invoice === 'missing') return refuse(503, 'invoiceNotReady', { 'Retry-After': '60' });
  // Sold before invoicing started, or by a reseller, who invoices its guest itself.
  if (!booking.invoice) return refuse(404, 'invoiceNotFound');
  const invoice = invoiceDocument(booking.invoice);
  const pdf = await renderInvoicePdf(invoice, env().SITE_BRAND);
  return new Response(Buffer.from(pdf), {
    headers: {
      ...PRIVATE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoice.seriesNumber}.pdf"`,
    },
  });
}
