import type { TaskConfig } from 'payload';

/**
 * The safety net of ticket delivery: paid bookings whose e-mail never reached the queue (a crash
 * between the payment's commit and its `booking.paid` subscriber, or a failing subscriber) get
 * it queued on the next minute's run; so do rectifying invoices whose e-mail never went.
 */
export function ticketJobs(): { tasks: TaskConfig[] } {
  return {
    tasks: [
      {
        slug: 'queueMissingTicketEmails',
        retries: 1,
        schedule: [{ cron: '30 * * * * *', queue: 'minute' }],
        outputSchema: [{ name: 'queued', type: 'number' }],
        handler: async ({ req }) => {
          const { queueMissingTicketEmails } = await import('./delivery');
          const { queueMissingInvoiceEmails } = await import('./invoice-email');
          const tickets = await queueMissingTicketEmails(req.payload);
          return { output: { queued: tickets + (await queueMissingInvoiceEmails(req.payload)) } };
        },
      },
    ],
  };
}
