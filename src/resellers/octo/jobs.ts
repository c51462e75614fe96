import type { TaskConfig } from 'payload';

export { RESELLER_WEBHOOK_QUEUE } from './queue';

/** Exponential backoff from 30 s: a reseller down for about two hours still gets the news. */
export const RESELLER_WEBHOOK_RETRIES = { attempts: 8, backoff: { type: 'exponential' as const, delay: 30_000 } };

/** The queued post of one booking change to a reseller's webhook (webhooks.ts); a throw retries it. */
export const sendResellerWebhookTask: TaskConfig<{ input: { deliveryId: number }; output: { status: string } }> = {
  slug: 'sendResellerWebhook',
  label: 'Post to a reseller webhook',
  retries: RESELLER_WEBHOOK_RETRIES,
  inputSchema: [{ name: 'deliveryId', type: 'number', required: true }],
  outputSchema: [{ name: 'status', type: 'text', required: true }],
  handler: async ({ input, req }) => {
    const { sendResellerWebhook } = await import('./webhooks');
    return { output: { status: await sendResellerWebhook(req.payload, input.deliveryId) } };
  },
};
