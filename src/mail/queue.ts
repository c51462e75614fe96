import type { Payload } from 'payload';

import { formatAddress, mailMessageSchema, type MailMessage } from './message';

/** Ticket e-mails (and staff mail): what a paying customer waits for. */
export const EMAIL_QUEUE = 'email';
/**
 * Request e-mails (to the operator, acknowledgements) have a queue and runner of their own, so a
 * flood of requests never delays a ticket e-mail (issue 13: it delayed them by 11 minutes).
 */
export const REQUEST_EMAIL_QUEUE = 'email-requests';

/**
 * Hands a message to the jobs queue and records it in the e-mail log. The caller's data is
 * already stored; delivery happens in the background with retries, so an SMTP outage delays
 * mail but never loses it. Returns the log row's id (link it from what the mail is about).
 */
export async function queueEmail(
  payload: Payload,
  message: MailMessage,
  { queue = EMAIL_QUEUE }: { queue?: typeof EMAIL_QUEUE | typeof REQUEST_EMAIL_QUEUE } = {},
): Promise<number | string> {
  const parsed = mailMessageSchema.parse(message);
  const log = await payload.create({
    collection: 'email-log',
    overrideAccess: true,
    data: {
      subject: parsed.subject,
      to: parsed.to.map(formatAddress).join(', '),
      replyTo: parsed.replyTo ? formatAddress(parsed.replyTo) : undefined,
      status: 'queued',
      template: parsed.template,
      ref: parsed.ref,
      attempts: 0,
      text: parsed.text,
    },
  });
  await payload.jobs.queue({
    task: 'sendEmail',
    queue,
    input: { message: message as Record<string, unknown>, logId: String(log.id) },
  });
  return log.id;
}
