import type { TaskConfig } from 'payload';

export { WALLET_QUEUE } from './queue';

/** From 30 s, doubling: APNs or Google away for a couple of hours still get the change. */
const WALLET_RETRIES = { attempts: 8, backoff: { type: 'exponential' as const, delay: 30_000 } };

export function walletJobs(): [TaskConfig<'pushWalletPass'>, TaskConfig<'updateGoogleWalletObject'>] {
  return [
    {
      slug: 'pushWalletPass',
      label: 'Push an Apple Wallet pass update',
      retries: WALLET_RETRIES,
      inputSchema: [{ name: 'serial', type: 'text', required: true }],
      outputSchema: [{ name: 'sent', type: 'number' }],
      handler: async ({ input, req }) => {
        const { pushWalletPass } = await import('./sync');
        return { output: { sent: await pushWalletPass(req.payload, input.serial) } };
      },
    },
    {
      slug: 'updateGoogleWalletObject',
      label: 'Update a Google Wallet ticket',
      retries: WALLET_RETRIES,
      inputSchema: [{ name: 'bookingId', type: 'number', required: true }],
      outputSchema: [{ name: 'result', type: 'text' }],
      handler: async ({ input, req }) => {
        const { syncGoogleWalletObject } = await import('./sync');
        return {
          output: { result: await syncGoogleWalletObject(req.payload, input.bookingId) },
        };
      },
    },
  ];
}
