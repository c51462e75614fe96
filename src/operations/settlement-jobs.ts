import type { TaskConfig } from 'payload';

/**
 * Every hour, on the `daily` queue: on the first days of a Madrid month, last month's partner
 * settlements go out by e-mail, each once (partner-settlement-mail.ts). Hourly rather than a cron
 * at midnight: Payload's crons follow the server's clock (UTC), Madrid's midnight moves with summer
 * time, and a service down at that hour still sends them when it is back.
 */
export function settlementJobs(): { tasks: TaskConfig[] } {
  return {
    tasks: [
      {
        slug: 'sendPartnerSettlements',
        retries: 2,
        schedule: [{ cron: '0 7 * * * *', queue: 'daily' }],
        outputSchema: [{ name: 'sent', type: 'number' }],
        handler: async ({ req }) => {
          const { sendPartnerSettlements } = await import('./partner-settlement-mail');
          return { output: await sendPartnerSettlements(req.payload) };
        },
      },
    ],
  };
}
