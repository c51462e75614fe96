import { iso, num, str, type Tx } from '../booking/db';

/**
 * The partner_codes table (docs/decisions/132-one-repository-per-table.md): admission codes a
 * partner supplied in batches. A sale claims the next unused one inside its paying transaction.
 */

/** How often a claim that lost a race for the same code tries the next one, per admission. */
const CLAIM_ATTEMPTS = 200;

/**
 * Claims the partner's next unused code for good, or null when none is left. ONE conditional
 * UPDATE per attempt: the row is taken only if it is still unclaimed when the write happens. On
 * PostgreSQL two transactions that picked the same row serialise on its lock and the second finds
 * `claimed_at` set (READ COMMITTED re-checks the row), changes nothing and tries the next code;
 * on SQLite writers are serialised. A code is never sold twice, by one instance or several.
 */
export async function claimPartnerCode(tx: Tx, partnerId: number, now: Date): Promise<string | null> {
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const { rows } = await tx.query(
      `UPDATE partner_codes SET claimed_at = ?, updated_at = ?
       WHERE id = (SELECT id FROM partner_codes WHERE partner_id = ? AND claimed_at IS NULL ORDER BY id LIMIT 1)
         AND claimed_at IS NULL
       RETURNING code`,
      [iso(now), iso(now), partnerId],
    );
    if (rows[0]) return str(rows[0].code);
    const { rows: left } = await tx.query(
      'SELECT COUNT(*) AS n FROM partner_codes WHERE partner_id = ? AND claimed_at IS NULL',
      [partnerId],
    );
    if (num(left[0]?.n) === 0) return null;
  }
  throw new Error(`Could not claim a code of partner ${partnerId}: too many concurrent sales`);
}

/** Unused codes per partner (only partners that have codes). */
export async function unusedCodesOf(
  target: Pick<Tx, 'query'>,
  partnerIds: readonly number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>(partnerIds.map((id) => [id, 0]));
  if (partnerIds.length === 0) return result;
  const { rows } = await target.query(
    `SELECT partner_id, COUNT(*) AS n FROM partner_codes
     WHERE claimed_at IS NULL AND partner_id IN (${partnerIds.map(() => '?').join(', ')}) GROUP BY partner_id`,
    [...partnerIds],
  );
  for (const row of rows) result.set(num(row.partner_id), num(row.n));
  return result;
}

/** Adds a batch of codes; codes the partner already has are skipped. Returns how many were added. */
export async function addPartnerCodes(
  target: Pick<Tx, 'query'>,
  partnerId: number,
  codes: readonly string[],
  now: Date,
): Promise<number> {
  let added = 0;
  for (const code of new Set(codes.map((c) => c.trim()).filter(Boolean))) {
    const { rowsAffected } = await target.query(
      `INSERT INTO partner_codes (partner_id, code, updated_at, created_at)
       SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM partner_codes WHERE partner_id = ? AND code = ?)`,
      [partnerId, code, iso(now), iso(now), partnerId, code],
    );
    added += rowsAffected;
  }
  return added;
}

/**
 * How many more seats of a tour the partners' supplied codes can cover, or null when none of its
 * parts is checked with supplied codes: per such partner, its unused codes less the seats of
 * holds (not yet paid) on every tour that includes it, which will each claim one at payment. A
 * hold asking for more is refused as if the boat were full (booking/holds.ts), before any payment.
 */
export async function admissionCodesLeft(target: Pick<Tx, 'query'>, tourId: number): Promise<number | null> {
  const { rows } = await target.query(
    `SELECT p.id,
       (SELECT COUNT(*) FROM partner_codes c WHERE c.partner_id = p.id AND c.claimed_at IS NULL) AS unused,
       (SELECT COALESCE(SUM(b.seats), 0) FROM bookings b
          WHERE b.status = 'held'
            AND b.tour_id IN (SELECT o._parent_id FROM tours_booking_partner_parts o WHERE o.partner_id = p.id)) AS held
     FROM tours_booking_partner_parts pp JOIN partners p ON p.id = pp.partner_id
     WHERE pp._parent_id = ? AND p.agreement_check = 'partnerCodes'`,
    [tourId],
  );
  if (rows.length === 0) return null;
  return Math.max(0, Math.min(...rows.map((row) => num(row.unused) - num(row.held))));
}

export type PartnerLowOnCodes = { partnerId: number; name: string; unused: number; warning: number };

/** Partners checked with supplied codes that have fewer unused codes than their warning level. */
export async function partnersLowOnCodes(target: Pick<Tx, 'query'>): Promise<PartnerLowOnCodes[]> {
  const { rows } = await target.query(
    `SELECT p.id, p.name, p.agreement_low_codes_warning AS warning,
       (SELECT COUNT(*) FROM partner_codes c WHERE c.partner_id = p.id AND c.claimed_at IS NULL) AS unused
     FROM partners p WHERE p.agreement_check = 'partnerCodes' AND p.active = ? ORDER BY p.name`,
    [true],
  );
  return rows
    .map((row) => ({
      partnerId: num(row.id),
      name: str(row.name),
      unused: num(row.unused),
      warning: row.warning === null ? 50 : num(row.warning),
    }))
    .filter((partner) => partner.unused < partner.warning);
}
