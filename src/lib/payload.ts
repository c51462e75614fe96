import 'server-only';

import config from '@payload-config';
import { getPayload, type Payload } from 'payload';

/**
 * The Payload local API, initialised once per server process. `cron: true` starts the jobs
 * queue's autoRun schedules (hold expiry, departure generation; see src/booking/jobs.ts) in the
 * web server; CLI runs never pass it, and JOBS_AUTORUN=0 leaves the schedule list empty.
 */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config, cron: true });
}
