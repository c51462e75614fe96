import type { TaskConfig } from 'payload';

/**
 * The safety net of ticket delivery: paid bookings whose e-mail never reached the queue (a crash
 * between the payment's commit and its `booking.paid` subscriber, or a failing subscriber) get
 * it queued on the next minute's run.
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
          return { output: { queued: await queueMissingTicketEmails(req.payload) } };
        },
      },
    ],
  };
}
