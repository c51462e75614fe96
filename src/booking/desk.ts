import type { Payload } from 'payload';

import type { RefundingProvider, VerifiedNotification } from '../payments/provider';

/**
 * What the sale's core hands to the office's desk, which sits above booking
 * (docs/decisions/177-layers-point-one-way.md): on the gateway's notification (checkout.ts), money
 * that bought no seats goes back (operations/refunds.ts) and a move's difference paid by link
 * moves the booking (operations/move-payment.ts); every minute (jobs.ts), moves nobody paid for
 * give their seats back, as holds do (operations/pending-moves.ts). Operations installs them at
 * every Payload start (src/subscribers.ts), so booking never imports them. On globalThis, as
 * events.ts's registry.
 */
export type Desk = {
  refund(
    payload: Payload,
    request: {
      bookingId: number;
      amount: number;
      idempotencyKey: string;
      requestedBy: string;
      reason: string;
      now: Date;
    },
    options: { provider: RefundingProvider },
  ): Promise<unknown>;
  settleMovePayment(
    payload: Payload,
    verified: VerifiedNotification,
    moveId: number,
    options: { provider: RefundingProvider; providerId: string; now: Date },
  ): Promise<'moved' | 'refundPending' | 'duplicate'>;
  expirePendingMoves(payload: Payload): Promise<{ expired: number }>;
};

const registryKey = Symbol.for('golondrinas.desk');
const globalRegistry = globalThis as typeof globalThis & { [registryKey]?: Map<'desk', Desk> };
const registry = (globalRegistry[registryKey] ??= new Map<'desk', Desk>());

/** Installs the desk; installing it again (a second Payload start) replaces it. */
export function installDesk(desk: Desk): void {
  registry.set('desk', desk);
}

/** The installed desk. Without one, money would stay unreturned: that is an error, never a no-op. */
export function desk(): Desk {
  const installed = registry.get('desk');
  if (!installed) throw new Error('the desk is not installed: Payload installs it at start-up (src/subscribers.ts)');
  return installed;
}
