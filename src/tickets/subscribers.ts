import { subscribe } from '@/booking/events';

/**
 * Tickets react to payments: once a booking is paid (its tickets were issued in the same
 * transaction), the e-mail with the PDF and calendar file goes to the retried mail queue. If
 * this fails, the `queueMissingTicketEmails` sweep (tickets/jobs.ts) queues it a minute later:
 * a paid booking never loses its e-mail.
 */
export function registerTicketSubscribers(): void {
  subscribe('booking.paid', 'tickets.email', async (event, { payload }) => {
    // Loaded on first use: the Payload config (and so every CLI run) registers subscribers, and
    // the PDF renderer is only needed when a booking is actually paid.
    const { queueTicketEmail } = await import('./delivery');
    // A subscriber may open no shop transaction: if the payment could not issue the invoice, the
    // tickets wait for queueMissingTicketEmails, which issues it first.
    await queueTicketEmail(payload, event.bookingId, { automatic: true, issueInvoice: false });
  });
  // A refund is a rectifying invoice: it goes to the customer once the gateway has paid it back.
  subscribe('booking.refunded', 'tickets.invoice-email', async (event, { payload }) => {
    const { queueInvoiceEmails } = await import('./invoice-email');
    await queueInvoiceEmails(payload, event.bookingId);
  });
  // A move voids the old tickets and issues new ones: the move's notice (notices/booking-notices.ts)
  // is their e-mail, saying what changed, so the visitor gets one message and not two.
}
