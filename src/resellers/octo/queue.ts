/**
 * Its own queue: a slow reseller never holds up ticket e-mails. A module of its own, since both
 * the task (jobs.ts, loaded by the Payload config) and the code that queues it (webhooks.ts, which
 * jobs.ts loads only when the task runs) name it.
 */
export const RESELLER_WEBHOOK_QUEUE = 'reseller-webhooks';
