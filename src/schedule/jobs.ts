import type { TaskConfig } from 'payload';

/**
 * Departures are generated daily (and on every timetable save, from the Timetables collection's
 * hooks), so visitors can always book GENERATION_HORIZON_DAYS ahead. The Payload config's `daily`
 * queue runs it (booking/jobs.ts declares the queues' crons).
 */
export function scheduleJobs(): TaskConfig[] {
  return [
    {
      slug: 'generateDepartures',
      retries: 3,
      schedule: [{ cron: '0 30 3 * * *', queue: 'daily' }],
      outputSchema: [{ name: 'created', type: 'number' }],
      handler: async ({ req }) => {
        const { generateAllDepartures } = await import('./departures');
        return { output: await generateAllDepartures(req.payload) };
      },
    },
  ];
}
