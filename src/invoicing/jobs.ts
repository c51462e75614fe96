import type { TaskConfig } from 'payload';

/**
 * The safety net of invoicing: bookings whose invoices do not add up to the money they hold (an
 * issue that failed inside its payment's transaction) get their document on the next minute's run;
 * and the records' sending to the AEAT (sender.ts).
 */
export function invoicingJobs(): { tasks: TaskConfig[] } {
  return {
    tasks: [
      {
        slug: 'invoiceSweep',
        retries: 1,
        schedule: [{ cron: '45 * * * * *', queue: 'minute' }],
        outputSchema: [{ name: 'issued', type: 'number' }],
        handler: async ({ req }) => {
          const { issueMissingInvoices } = await import('./sweep');
          return { output: { issued: await issueMissingInvoices(req.payload) } };
        },
      },
      {
        // Every minute; the sender itself waits as long as the AEAT's last answer said.
        slug: 'sendInvoiceRecords',
        retries: 0,
        schedule: [{ cron: '50 * * * * *', queue: 'minute' }],
        outputSchema: [{ name: 'sent', type: 'number' }],
        handler: async ({ req }) => {
          const { sendPendingRecords } = await import('./sender');
          return { output: { sent: (await sendPendingRecords(req.payload)).sent } };
        },
      },
    ],
  };
}
