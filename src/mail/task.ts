import type { TaskConfig } from 'payload';

import { logger } from '@/lib/logger';

import { mailMessageSchema } from './message';
import { deliver } from './transport';

/** Exponential backoff from 30 s: the last of 8 attempts comes about two hours after the first. */
export const SEND_EMAIL_RETRIES = { attempts: 8, backoff: { type: 'exponential' as const, delay: 30_000 } };

/** The queued delivery of one message (see queue.ts); a throw makes Payload retry it. */
export const sendEmailTask: TaskConfig<{ input: { message: object; logId?: string }; output: { messageId: string } }> =
  {
    slug: 'sendEmail',
    label: 'Send e-mail',
    retries: SEND_EMAIL_RETRIES,
    inputSchema: [
      { name: 'message', type: 'json', required: true },
      { name: 'logId', type: 'text' },
    ],
    outputSchema: [{ name: 'messageId', type: 'text', required: true }],
    handler: async ({ input, req }) => {
      const message = mailMessageSchema.parse(input.message);
      const logId = input.logId;
      const previous = logId
        ? await req.payload.findByID({ collection: 'email-log', id: logId, depth: 0, disableErrors: true })
        : null;
      // Each message has its own log row, marked sent right after delivery: a job run again after
      // that (its runner died before finishing it and the leader released it, decision 124) finds
      // the row sent and does not send twice.
      if (previous?.status === 'sent') {
        logger.info({ template: message.template, ref: message.ref }, 'email already sent; not sending it again');
        return { output: { messageId: previous.messageId ?? '' } };
      }
      const attempts = (previous?.attempts ?? 0) + 1;
      try {
        const delivery = await deliver(message);
        if (logId) {
          await req.payload.update({
            collection: 'email-log',
            id: logId,
            overrideAccess: true,
            data: {
              status: 'sent',
              attempts,
              sentAt: new Date().toISOString(),
              error: null,
              messageId: delivery.messageId,
              emlFile: delivery.emlFile,
              transport: delivery.transport,
            },
          });
        }
        logger.info({ template: message.template, ref: message.ref, transport: delivery.transport }, 'email sent');
        return { output: { messageId: delivery.messageId } };
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
        if (logId) {
          await req.payload
            .update({
              collection: 'email-log',
              id: logId,
              overrideAccess: true,
              data: { status: 'failed', attempts, error: reason },
            })
            .catch(() => undefined);
        }
        logger.warn({ template: message.template, ref: message.ref, attempts }, 'email delivery failed, will retry');
        throw error;
      }
    },
  };
