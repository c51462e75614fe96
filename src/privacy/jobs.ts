import type { TaskConfig } from 'payload';

/** Daily, at night: personal data past the privacy policy's retention periods is erased (retention.ts). */
export function privacyJobs(): { tasks: TaskConfig[] } {
  return {
    tasks: [
      {
        slug: 'applyRetention',
        retries: 2,
        schedule: [{ cron: '0 15 4 * * *', queue: 'daily' }],
        outputSchema: [
          { name: 'bookings', type: 'number' },
          { name: 'requests', type: 'number' },
        ],
        handler: async ({ req }) => {
          const { applyRetention } = await import('./retention');
          return { output: await applyRetention(req.payload) };
        },
      },
    ],
  };
}
