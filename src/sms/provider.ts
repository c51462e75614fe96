import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { z } from 'zod';

import { mobileE164 } from './phone';

/**
 * Text messages to a visitor's mobile (the "mobile for the day" of a booking). One interface, two
 * implementations: the local outbox (default; each message a text file, like the e-mail outbox)
 * and Twilio's REST API, chosen by SMS_PROVIDER.
 */
export type SmsMessage = { to: string; text: string; ref?: string };
export type SmsDelivery = { id: string; provider: 'outbox' | 'twilio'; file?: string };

export interface SmsProvider {
  id: 'outbox' | 'twilio';
  /** Throws when the message was not accepted; the job queue retries it. */
  send(message: SmsMessage): Promise<SmsDelivery>;
}

/**
 * E.164 as Twilio wants it, or null for a number that cannot receive an SMS (phone.ts): numbers
 * stored before checkout normalised them are read here, as typed, when a message goes out.
 */
export function toE164(phone: string): string | null {
  return mobileE164(phone);
}

export const smsMessageSchema = z.object({
  to: z.string().min(3).max(40),
  text: z.string().min(1).max(1600),
  ref: z.string().max(100).optional(),
});

export function outboxSmsProvider(dir: string): SmsProvider {
  return {
    id: 'outbox',
    async send(message) {
      const m = smsMessageSchema.parse(message);
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      await mkdir(dir, { recursive: true });
      const file = `${id}.txt`;
      await writeFile(path.join(dir, file), `To: ${m.to}\nRef: ${m.ref ?? ''}\n\n${m.text}\n`);
      return { id, provider: 'outbox', file };
    },
  };
}

export type TwilioConfig = { accountSid: string; authToken: string; from: string };

/** Twilio's Messages resource: form-encoded POST with basic auth; 201 with a `sid` means accepted. */
export function twilioSmsProvider(
  config: TwilioConfig,
  fetchImpl: (url: string, init: RequestInit) => Promise<Response> = fetch,
): SmsProvider {
  return {
    id: 'twilio',
    async send(message) {
      const m = smsMessageSchema.parse(message);
      const to = toE164(m.to);
      if (!to) throw new Error('The mobile number is not a valid international number');
      const response = await fetchImpl(
        `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, From: config.from, Body: m.text }),
          signal: AbortSignal.timeout(15_000),
        },
      );
      const body = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (!response.ok || !body.sid) {
        throw new Error(`Twilio refused the SMS (${response.status}${body.code ? `, code ${body.code}` : ''})`);
      }
      return { id: body.sid, provider: 'twilio' };
    },
  };
}
