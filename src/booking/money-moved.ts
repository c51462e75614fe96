import { beforeCommit, type Tx } from './db';

/**
 * Money moved on a booking (a payment recorded, a refund requested) inside a shop transaction.
 * Modules above booking that must act in the SAME transaction (invoicing: an invoice is issued
 * with the payment that it documents, docs/decisions/131-invoicing.md) register here; booking
 * never imports them. They run once per booking and transaction, just before it commits, when
 * the booking's row says what the transaction made of it (a move has its new departure and price).
 *
 * A listener that throws is rolled back to a savepoint and the payment still commits: a paid
 * ticket is never lost to a side effect. Listeners must therefore be reconcilable by a sweep
 * (invoicing's `invoiceSweep` job issues whatever a failed listener did not).
 */
export type MoneyListener = (tx: Tx, bookingId: number) => Promise<void>;

const registryKey = Symbol.for('golondrinas.moneyListeners');
const globalRegistry = globalThis as typeof globalThis & { [registryKey]?: Map<string, MoneyListener> };
// One registry per process (see events.ts: Next bundles instrumentation and routes separately).
const listeners = (globalRegistry[registryKey] ??= new Map<string, MoneyListener>());

/** Registers `listener` under a unique name; registering the name again replaces it. */
export function onMoneyMoved(name: string, listener: MoneyListener): () => void {
  listeners.set(name, listener);
  return () => {
    if (listeners.get(name) === listener) listeners.delete(name);
  };
}

/** Called where money is written (payments-repository.ts, operations/refunds.ts), with that write's transaction. */
export function moneyMoved(tx: Tx, bookingId: number): void {
  for (const [name, listener] of listeners) {
    beforeCommit(tx, `${name}:${bookingId}`, (commitTx) => listener(commitTx, bookingId));
  }
}
