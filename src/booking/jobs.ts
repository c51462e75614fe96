import type { JobsConfig, TaskConfig } from 'payload';

type AutorunCronConfig = Extract<NonNullable<JobsConfig['autoRun']>, readonly unknown[]>[number];

/**
 * The shop's background work on Payload's DB-backed jobs queue: departures are generated daily
 * (and on every timetable save), expired holds (and moves offered by payment link and not paid) are released every minute (and lazily whenever a
 * stale hold is seen, so a stopped queue never blocks sales). The ticket e-mail sweep is the
 * tickets module's own (tickets/jobs.ts); the Payload config runs the queues of both.
 */
export function shopJobs(): { tasks: TaskConfig[]; autoRun: AutorunCronConfig[] } {
  return {
    tasks: [
      {
        slug: 'generateDepartures',
        retries: 3,
        schedule: [{ cron: '0 30 3 * * *', queue: 'daily' }],
        outputSchema: [{ name: 'created', type: 'number' }],
        handler: async ({ req }) => {
          const { generateAllDepartures } = await import('./departures-service');
          return { output: await generateAllDepartures(req.payload) };
        },
      },
      {
        slug: 'expireHolds',
        retries: 1,
        schedule: [{ cron: '0 * * * * *', queue: 'minute' }],
        outputSchema: [{ name: 'expired', type: 'number' }],
        handler: async ({ req }) => {
          const { expireHolds } = await import('./holds');
          const { expirePendingMoves } = await import('./move-payment');
          // Moves offered by payment link hold seats like a hold does, and give them back alike.
          const moves = await expirePendingMoves(req.payload);
          const holds = await expireHolds(req.payload);
          return { output: { expired: holds.expired + moves.expired } };
        },
      },
    ],
    autoRun: [
      { cron: '15 * * * * *', queue: 'minute' },
      { cron: '0 */5 * * * *', queue: 'daily' },
    ],
  };
}
