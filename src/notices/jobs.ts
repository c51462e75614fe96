import type { TaskConfig } from 'payload';

/**
 * Every ten minutes: cancellation notices a failed subscriber missed, and one reminder to each
 * disrupted visitor who has not chosen DISRUPTION_REMINDER_HOURS after the cancellation.
 */
export function noticeJobs(): { tasks: TaskConfig[] } {
  return {
    tasks: [
      {
        slug: 'remindDisrupted',
        retries: 1,
        schedule: [{ cron: '0 */10 * * * *', queue: 'minute' }],
        outputSchema: [
          { name: 'notices', type: 'number' },
          { name: 'reminders', type: 'number' },
        ],
        handler: async ({ req }) => {
          const { runDisruptionReminders } = await import('./reminders');
          return { output: await runDisruptionReminders(req.payload) };
        },
      },
    ],
  };
}
