import { beforeCommit, iso, num, str, type Tx } from '../booking/db';
import { logger } from '../lib/logger';

/**
 * The chain's head as records are appended, kept where the invoice tables are not
 * (docs/decisions/163-invoices-as-an-inspector-sees-them.md): `npm run invoices:verify` compares
 * the chain's last record with it, so deleting the last record (or rewriting the chain from some
 * record on) shows even when invoice_records and invoice_chain were edited together.
 *
 * Two copies, written by the same call:
 * - `invoice_chain_witness`, one row, in the appending transaction (never ahead of or behind the
 *   chain once committed); its triggers let it move only one record forward, to a record that
 *   exists with that huella, never back, never deleted;
 * - a log line `{ chainHead: { position, huella } }` (no personal data: a position and a hash),
 *   written once the transaction's own work is done, so a rolled-back issue logs nothing; the log
 *   leaves the database's host, out of reach of whoever can edit the database.
 */

export type WitnessedHead = { position: number; huella: string | null; witnessedAt: string };

export async function witnessHead(tx: Tx, position: number, huella: string, now = new Date()): Promise<void> {
  const updated = await tx.query(
    'UPDATE invoice_chain_witness SET position = ?, huella = ?, witnessed_at = ? WHERE id = 1',
    [position, huella, iso(now)],
  );
  if (updated.rowsAffected !== 1) throw new Error('invoice_chain_witness has no row: run the migrations');
  // Logged from what the witness row holds just before the commit, and only by the call that
  // wrote the last head: an annulment and its re-issue log once, and a head rolled back with a
  // failed issue's savepoint is not logged.
  beforeCommit(tx, `invoicing:chain-head:${position}`, async (committing) => {
    const head = await witnessedHead(committing);
    if (head?.position === position)
      logger.info({ chainHead: { position, huella: head.huella } }, 'VERI*FACTU chain head');
  });
}

/** What the witness says the chain's head is; null before the migration that keeps it. */
export async function witnessedHead(target: Pick<Tx, 'query'>): Promise<WitnessedHead | null> {
  const { rows } = await target.query('SELECT position, huella, witnessed_at FROM invoice_chain_witness WHERE id = 1');
  const row = rows[0];
  if (!row) return null;
  const at = row.witnessed_at;
  return {
    position: num(row.position),
    huella: row.huella ? str(row.huella) : null,
    witnessedAt: at instanceof Date ? at.toISOString() : str(at),
  };
}
