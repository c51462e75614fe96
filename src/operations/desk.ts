import { installDesk } from '../booking/desk';

/**
 * The desk's part in the sale's core (booking/desk.ts): refunding money that bought no seats and
 * settling a move paid by link, on the gateway's notification; giving back the seats of moves
 * nobody paid for, in the minute job. src/subscribers.ts installs it at every Payload start.
 * Loaded when first called, as booking/jobs.ts loads its work: payload.config (and with it the
 * payload CLI, outside Next) loads this file, and move-payment.ts reaches the server-only checkout.
 */
export function registerDesk(): void {
  installDesk({
    refund: async (...args) => (await import('./refunds')).refundBooking(...args),
    settleMovePayment: async (...args) => (await import('./move-payment')).settleMovePayment(...args),
    expirePendingMoves: async (payload) => (await import('./pending-moves')).expirePendingMoves(payload),
  });
}
