import type { Payload } from 'payload';

import { claimReminders } from '@/operations/disruption';
import { env } from '@/lib/env';

import { sendDisruptionNotice, sendDisruptionNotices } from './disruption-notices';

export async function runDisruptionReminders(
  payload: Payload,
  options: { now?: Date; afterMs?: number } = {},
): Promise<{ notices: number; reminders: number }> {
  const notices = await sendDisruptionNotices(payload);
  const claimed = await claimReminders(payload, {
    afterMs: options.afterMs ?? env().DISRUPTION_REMINDER_HOURS * 3600_000,
    ...(options.now ? { now: options.now } : {}),
  });
  let reminders = 0;
  for (const id of claimed) if (await sendDisruptionNotice(payload, id, 'reminder')) reminders++;
  return { notices, reminders };
}
