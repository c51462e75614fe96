import { onCommitHookFailure } from '../booking/db';
import { onMoneyMoved } from '../booking/money-moved';
import { logger } from '../lib/logger';
import { issueDueInvoice } from './ledger';

/**
 * Invoicing listens where money moves: inside the paying (or refunding) transaction, just before
 * it commits, the booking's due document is issued with its VERI*FACTU record. If that fails,
 * the payment still commits and the `invoiceSweep` job (invoicing/jobs.ts) issues it within a
 * minute: a sale never goes uninvoiced, and never twice (the document is planned from what is
 * already invoiced, under the chain's lock).
 */
export function registerInvoicingSubscribers(): void {
  onMoneyMoved('invoicing', async (tx, bookingId) => {
    await issueDueInvoice(tx, bookingId);
  });
  onCommitHookFailure(({ key, error }) => {
    if (!key.startsWith('invoicing:')) return;
    logger.error(
      { hook: key, err: error instanceof Error ? error.message : String(error) },
      'invoice not issued with its payment; the sweep will issue it',
    );
  });
}
