import { iso, num, type ShopDb, type Tx } from './db';

/**
 * The per-visitor seat limit's table, `hold_claims` (docs/decisions/044-seat-hoarding.md,
 * 125-rules-inside-the-write.md): which visitor (an HMAC of their IP address, and one of their
 * browser) made which hold, and how many seats it took. The check and the claim happen inside the
 * transaction that takes the seats (holds.ts), so that two holds of one visitor, on one instance
 * or on two, can never both count the other's seats as still free.
 *
 * No 'server-only' import: holds.ts is loaded by payload.config's jobs outside Next.
 */

/** Who is holding, as the limit sees them, and how many seats they may hold at once. */
export type HoldClaimant = { ipKey: string | null; browserKey: string; limit: number };

export type ClaimCheck = { ok: true } | { ok: false; heldSeats: number; limit: number };

/** Claims outlive any hold (15 minutes, extended once) by far; older rows are only clutter. */
const CLAIM_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * The advisory-lock key space of the visitor locks (two int4 keys, so it never meets a one-bigint
 * lock such as the jobs leader's). Two visitors whose keys hash alike only wait for each other.
 */
const VISITOR_LOCK_SPACE = 44;

function claimantKeys(claimant: HoldClaimant): string[] {
  return [claimant.browserKey, ...(claimant.ipKey ? [claimant.ipKey] : [])].sort();
}

/**
 * Whether `claimant` may hold `seats` more, decided inside `tx` so that it stays true until the
 * transaction commits. PostgreSQL: the visitor's keys are locked for the rest of the transaction
 * (always in one order, so two claims never wait for each other in a circle), so another hold of
 * this visitor, from any instance, waits here until this one has committed its claim and then
 * counts it. SQLite: the shop's write transactions already run one at a time across processes
 * (BEGIN IMMEDIATE), so the count cannot change before the commit.
 */
export async function checkHoldClaim(
  tx: Tx,
  kind: ShopDb['kind'],
  claimant: HoldClaimant,
  seats: number,
  now: Date,
): Promise<ClaimCheck> {
  if (kind === 'postgres') {
    for (const key of claimantKeys(claimant)) {
      await tx.query('SELECT pg_advisory_xact_lock(?, hashtext(CAST(? AS text)))', [VISITOR_LOCK_SPACE, key]);
    }
  }
  // Without an address (no production proxy in front) only the browser counts: the claims of
  // every such visitor carry the same empty address, which must not add them all up.
  const { rows } = await tx.query(
    `SELECT COALESCE(SUM(c.seats), 0) AS seats FROM hold_claims c JOIN bookings b ON b.reference = c.reference
      WHERE (c.browser_key = ?${claimant.ipKey ? ' OR c.ip_key = ?' : ''})
        AND b.status = 'held' AND b.hold_expires_at > ?`,
    [claimant.browserKey, ...(claimant.ipKey ? [claimant.ipKey] : []), iso(now)],
  );
  const heldSeats = num(rows[0]?.seats);
  return heldSeats + seats <= claimant.limit ? { ok: true } : { ok: false, heldSeats, limit: claimant.limit };
}

/** Records a new hold against its visitor, in the transaction that checked and took its seats. */
export async function recordHoldClaim(
  tx: Tx,
  claimant: HoldClaimant,
  reference: string,
  seats: number,
  now: Date,
): Promise<void> {
  await tx.query('INSERT INTO hold_claims (reference, ip_key, browser_key, seats, created_at) VALUES (?, ?, ?, ?, ?)', [
    reference,
    claimant.ipKey ?? '',
    claimant.browserKey,
    seats,
    iso(now),
  ]);
}

/** Drops claims no hold can still need; outside the hold's transaction, so it never waits on one. */
export async function pruneHoldClaims(db: Pick<Tx, 'query'>, now: Date): Promise<void> {
  await db.query('DELETE FROM hold_claims WHERE created_at < ?', [iso(new Date(now.getTime() - CLAIM_RETENTION_MS))]);
}
