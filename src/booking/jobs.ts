import type { JobsConfig, TaskConfig } from 'payload';

type AutorunCronConfig = Extract<NonNullable<JobsConfig['autoRun']>, readonly unknown[]>[number];

/**
 * The sale's background work on Payload's DB-backed jobs queue: expired holds (and moves offered
 * by payment link and not paid) are released every minute (and lazily whenever a stale hold is
 * seen, so a stopped queue never blocks sales). Departure generation is the schedule's own
 * (schedule/jobs.ts), the ticket e-mail sweep the tickets module's (tickets/jobs.ts); the Payload
 * config runs the queues of all of them.
 */
export function shopJobs(): { tasks: TaskConfig[]; autoRun: AutorunCronConfig[] } {
  return {
    tasks: [
      {
        slug: 'expireHolds',
        retries: 1,
        schedule: [{ cron: '0 * * * * *', queue: 'minute' }],
        outputSchema: [{ name: 'expired', type: 'number' }],
        handler: async ({ req }) => {
          const { expireHolds } = await import('./holds');
          const { desk } = await import('./desk');
          // Moves offered by payment link hold seats like a hold does, and give them back alike.
          const moves = await desk().expirePendingMoves(req.payload);
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
