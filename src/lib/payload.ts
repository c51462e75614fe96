import 'server-only';

import config from '@payload-config';
import { getPayload, type Payload } from 'payload';

import { startTransactionReaper } from './jobs-guard';

/**
 * The Payload local API, initialised once per server process. `cron: true` starts the jobs
 * queue's autoRun schedules (hold expiry, departure generation; see src/booking/jobs.ts) in the
 * web server; CLI runs never pass it, and JOBS_AUTORUN=0 leaves the schedule list empty.
 */
export async function payloadClient(): Promise<Payload> {
  const payload = await getPayload({ config, cron: true });
  // A server gives back the connection of any transaction left open (decision 124): /healthz
  // recovers by itself instead of waiting for a restart.
  startTransactionReaper(payload);
  return payload;
}
