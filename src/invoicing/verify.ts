import type { Tx } from '../booking/db';
import { verifyChain } from './huella';
import { recordsInChainOrder } from './ledger';
import type { ChainLink } from './types';

export type ChainReport =
  | { ok: true; records: number }
  | { ok: false; records: number; position: number; seriesNumber: string; reason: string; detail: string };

const PAGE = 1000;

/**
 * Recomputes every record's huella and follows the chain from the first record to the last, a
 * page at a time, and names the first record that breaks it (`npm run invoices:verify`, and the
 * tests' invariant check). Positions must run 1, 2, 3… with no gap: a deleted record shows.
 */
export async function verifyInvoiceChain(target: Pick<Tx, 'query'>): Promise<ChainReport> {
  let from: ChainLink | null = null;
  let position = 0;
  let count = 0;
  for (;;) {
    const page = await recordsInChainOrder(target, position, PAGE);
    if (page.length === 0) return { ok: true, records: count };
    for (const [index, stored] of page.entries()) {
      const expected = position + index + 1;
      const broken = (reason: string, detail: string): ChainReport => ({
        ok: false,
        records: count + index,
        position: stored.position,
        seriesNumber: stored.record.invoice.seriesNumber,
        reason,
        detail,
      });
      if (stored.position !== expected) return broken('gap', `position ${expected} is missing`);
      if (stored.huella !== stored.record.huella)
        return broken('hash', 'the huella column differs from the record it was stored with');
      if ((stored.previousHuella ?? null) !== (stored.record.previous?.huella ?? null))
        return broken('link', 'the previous huella column differs from the record it was stored with');
    }
    const verdict = verifyChain(
      page.map((stored) => stored.record),
      from,
    );
    if (!verdict.ok) {
      const stored = page[verdict.index]!;
      return {
        ok: false,
        records: count + verdict.index,
        position: stored.position,
        seriesNumber: stored.record.invoice.seriesNumber,
        reason: verdict.reason,
        detail: verdict.detail,
      };
    }
    from = verdict.last;
    count += page.length;
    position = page.at(-1)!.position;
  }
}
