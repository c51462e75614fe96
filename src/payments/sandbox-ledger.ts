import 'server-only';

import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The sandbox bank's own books: each order it authorised and each refund it accepted, one JSON
 * file per order in a folder (SANDBOX_GATEWAY_DIR). The shop never reads these: like Redsys'
 * back office, they are the other side's record, which tests and the e2e compare with ours.
 */
export type LedgerRefund = { amountCents: number; at: string; authorisationCode: string };
export type LedgerOrder = { orderRef: string; amountCents: number; authorisedAt: string; refunds: LedgerRefund[] };

export function createSandboxLedger(dir: string) {
  // One process serialises its own writes; the sandbox is a local stand-in, never multi-instance.
  let queue: Promise<unknown> = Promise.resolve();
  const file = (orderRef: string) => path.join(dir, `${orderRef.replace(/[^0-9A-Za-z]/g, '')}.json`);
  const read = (orderRef: string): LedgerOrder | null => {
    try {
      return JSON.parse(readFileSync(file(orderRef), 'utf8')) as LedgerOrder;
    } catch {
      return null;
    }
  };
  const write = (order: LedgerOrder) => {
    mkdirSync(dir, { recursive: true });
    const target = file(order.orderRef);
    writeFileSync(`${target}.tmp`, JSON.stringify(order, null, 2));
    renameSync(`${target}.tmp`, target);
  };
  const serial = <T>(fn: () => T): Promise<T> => {
    const next = queue.then(fn);
    queue = next.catch(() => {});
    return next;
  };
  return {
    order: read,
    orders(): LedgerOrder[] {
      try {
        return readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => read(name.slice(0, -5)))
          .filter((o): o is LedgerOrder => o !== null);
      } catch {
        return [];
      }
    },
    authorise(orderRef: string, amountCents: number, at = new Date()): Promise<void> {
      return serial(() => {
        if (!read(orderRef)) write({ orderRef, amountCents, authorisedAt: at.toISOString(), refunds: [] });
      });
    },
    /** Accepts a refund when the order exists and still has that much left, as Redsys does. */
    refund(
      orderRef: string,
      amountCents: number,
      authorisationCode: string,
      at = new Date(),
    ): Promise<{ ok: true } | { ok: false; code: 'SIS0059' | 'SIS0057' }> {
      return serial(() => {
        const order = read(orderRef);
        if (!order) return { ok: false as const, code: 'SIS0059' as const };
        const refunded = order.refunds.reduce((sum, r) => sum + r.amountCents, 0);
        if (refunded + amountCents > order.amountCents) return { ok: false as const, code: 'SIS0057' as const };
        order.refunds.push({ amountCents, at: at.toISOString(), authorisationCode });
        write(order);
        return { ok: true as const };
      });
    },
  };
}

export type SandboxLedger = ReturnType<typeof createSandboxLedger>;
