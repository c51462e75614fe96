import { opsMessages } from '@/i18n/ops-messages';
import { NO_STORE, param, refuse, staffRoute } from '@/security/staff-route';
import { loadPaidBooking, ticketEmailInput } from '@/tickets/delivery';
import { InvoiceNotIssuedError, renderTicketPdf } from '@/tickets/ticket-pdf';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/bookings/{reference}/tickets.pdf — what the box office prints for a paid booking
 * (its invoice with the tax QR, then the tickets), as the tagged PDF the customer's e-mail
 * carries, in the customer's language; the same access as the print screen (booking.read).
 */
export const GET = staffRoute({ action: 'booking.read', params: param('reference') }, async (staff) => {
  const t = opsMessages(staff.language).printTickets;
  const booking = await loadPaidBooking(staff.payload, { reference: staff.params });
  if (!booking) return refuse(404, 'notPaid', { message: t.notPaid });
  try {
    const pdf = await renderTicketPdf(ticketEmailInput(booking));
    return new Response(Buffer.from(pdf), {
      headers: {
        ...NO_STORE,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${booking.reference}.pdf"`,
      },
    });
  } catch (error) {
    // The print screen still prints the tickets; the PDF never goes without its invoice.
    if (error instanceof InvoiceNotIssuedError) return refuse(409, 'invoiceNotIssued', { message: t.invoiceMissing });
    throw error;
  }
});
