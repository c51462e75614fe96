import path from 'node:path';

import type { Payload, TaskConfig } from 'payload';

import { env } from '@/lib/env';
import { logger } from '@/lib/logger';

import {
  outboxSmsProvider,
  smsMessageSchema,
  toE164,
  twilioSmsProvider,
  type SmsMessage,
  type SmsProvider,
} from './provider';

export { toE164, type SmsMessage, type SmsProvider } from './provider';
export { mobileE164 } from './phone';

export const SMS_QUEUE = 'email';

export function smsOutboxDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env().SMS_OUTBOX_DIR);
}

let provider: SmsProvider | undefined;
/** The configured SMS provider (SMS_PROVIDER): the outbox folder by default, Twilio when set. */
export function smsProvider(): SmsProvider {
  if (!provider) {
    const config = env();
    provider =
      config.SMS_PROVIDER === 'twilio'
        ? twilioSmsProvider({
            accountSid: config.TWILIO_ACCOUNT_SID!,
            authToken: config.TWILIO_AUTH_TOKEN!,
            from: config.TWILIO_FROM!,
          })
        : outboxSmsProvider(smsOutboxDir());
  }
  return provider;
}

/**
 * Hands an SMS to the jobs queue (the e-mail queue's runner, same retries): the caller's state
 * is already stored, so a provider outage delays the message but never loses it. The number goes
 * out in E.164 (numbers stored before checkout normalised them are as the visitor typed them);
 * one that cannot be a mobile gets no SMS (false): retrying it would only fail six times.
 */
export async function queueSms(payload: Payload, message: SmsMessage): Promise<boolean> {
  const to = toE164(message.to);
  if (!to) {
    logger.info({ ref: message.ref }, 'sms skipped: not a mobile number');
    return false;
  }
  const parsed = smsMessageSchema.parse({ ...message, to });
  await payload.jobs.queue({ task: 'sendSms', queue: SMS_QUEUE, input: { message: parsed } });
  return true;
}

export const sendSmsTask: TaskConfig<{ input: { message: object }; output: { id: string } }> = {
  slug: 'sendSms',
  label: 'Send SMS',
  retries: { attempts: 6, backoff: { type: 'exponential', delay: 30_000 } },
  inputSchema: [{ name: 'message', type: 'json', required: true }],
  outputSchema: [{ name: 'id', type: 'text', required: true }],
  handler: async ({ input }) => {
    const message = smsMessageSchema.parse(input.message);
    const delivery = await smsProvider().send(message);
    // The number and text are personal data: only the reference is logged.
    logger.info({ ref: message.ref, provider: delivery.provider }, 'sms sent');
    return { output: { id: delivery.id } };
  },
};
