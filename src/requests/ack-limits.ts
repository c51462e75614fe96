import type { Payload } from 'payload';

import { createRateLimiter } from '@/lib/rate-limit';

/**
 * Acknowledgement e-mails go to whatever address was typed, so they are rationed
 * (docs/decisions/045-request-mail.md): per recipient address, counted in the e-mail log so every
 * instance sees it, and per client IP in the shared limits (decision 048). Over either limit the request is still stored and
 * the operator still hears of it; only the acknowledgement is skipped.
 */
export const ACKS_PER_ADDRESS_PER_DAY = 3;
const ACKS_PER_IP_PER_HOUR = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

const perIp = createRateLimiter({ name: 'acks', limit: ACKS_PER_IP_PER_HOUR, windowMs: 60 * 60_000 });

export async function mayAcknowledge(
  payload: Payload,
  { address, ip, now = new Date() }: { address: string; ip?: string; now?: Date },
): Promise<boolean> {
  const { totalDocs } = await payload.count({
    collection: 'email-log',
    overrideAccess: true,
    where: {
      and: [
        { template: { like: 'request-ack-' } },
        { to: { contains: `<${address.toLowerCase()}>` } },
        { createdAt: { greater_than: new Date(now.getTime() - DAY_MS).toISOString() } },
      ],
    },
  });
  if (totalDocs >= ACKS_PER_ADDRESS_PER_DAY) return false;
  return ip ? (await perIp.hit(ip)).ok : true;
}

/** Test hook: forget the per-IP counts. */
export function resetAckLimits(): Promise<void> {
  return perIp.reset();
}
