import type { Payload } from 'payload';

import { iso, shopDb } from '../booking/db';
import { madridToday } from '../i18n/time';
import { doorAdmissionsOn, findDoorAdmission } from '../partners/admissions-repository';
import { partnersLowOnCodes as lowOnCodes, type PartnerLowOnCodes } from '../partners/codes-repository';

import { doorCodeForms, doorDecision, type DoorAdmission, type DoorAnswer } from './door-decision';

/**
 * A partner's door (issue 44): its staff scan or type an admission's code and the server answers
 * with the door decision (door-decision.ts, built on the boarding decision's rules). An admission
 * is used once: ONE conditional UPDATE takes it only while unused, not voided and valid today, so
 * two doors scanning one code at once admit the visitor once; the other hears "already used", when
 * and by whom. A door sees only its own partner's admissions.
 */

/** Checks one code at `partnerId`'s door for staff member `staffId`: admits it at most once. */
export async function checkAdmission(
  payload: Payload,
  input: { code: string; partnerId: number; staffId: number; now?: Date },
): Promise<DoorAnswer> {
  const now = input.now ?? new Date();
  const today = madridToday(now);
  const db = shopDb(payload);
  const found = await findDoorAdmission(db, input.partnerId, doorCodeForms(input.code));
  const answer = doorDecision(found, { code: input.code, partnerId: input.partnerId, today, now: now.toISOString() });
  if (answer.result !== 'admitted' || !found) return answer;
  const { rowsAffected } = await db.query(
    `UPDATE admissions SET used_at = ?, used_by_id = ?, updated_at = ?
     WHERE id = ? AND partner_id = ? AND used_at IS NULL AND voided_at IS NULL AND valid_from <= ? AND valid_until >= ?`,
    [iso(now), input.staffId, iso(now), found.id, input.partnerId, today, today],
  );
  if (rowsAffected === 1) return { ...answer, admission: { ...found, usedAt: now.toISOString() } };
  // Another door took it (or it was voided) between the read and the write: say what it is now.
  const latest = await findDoorAdmission(db, input.partnerId, doorCodeForms(input.code));
  return doorDecision(latest, { code: input.code, partnerId: input.partnerId, today, now: now.toISOString() });
}

/**
 * The admissions a door may see on a Madrid day, for its offline list: every admission of the
 * partner valid that day, used, voided or not, so an offline door answers like the server.
 */
export async function doorList(payload: Payload, partnerId: number, day: string): Promise<DoorAdmission[]> {
  const admissions = await doorAdmissionsOn(shopDb(payload), partnerId, day);
  return admissions.map(({ id: _id, ...admission }) => admission);
}

/** A check made offline, as the door queued it. */
export type QueuedAdmission = { code: string };

/**
 * Replays a door's offline checks once it is back online, in order: each is checked as if just
 * scanned. `conflict` says the server disagrees with the door, which had admitted it offline
 * (someone else used it first, it was voided, or it is not this partner's).
 */
export async function syncDoor(
  payload: Payload,
  input: { partnerId: number; staffId: number; queued: readonly QueuedAdmission[]; now?: Date },
): Promise<{ code: string; answer: DoorAnswer; conflict: boolean }[]> {
  const outcomes = [];
  for (const queued of input.queued) {
    const answer = await checkAdmission(payload, { ...input, code: queued.code });
    // A replay of this door's own check is not a conflict: the same staff member used it.
    const own =
      answer.result === 'already-used' && (await usedBy(payload, input.partnerId, queued.code)) === input.staffId;
    outcomes.push({ code: queued.code, answer, conflict: answer.result !== 'admitted' && !own });
  }
  return outcomes;
}

async function usedBy(payload: Payload, partnerId: number, code: string): Promise<number | null> {
  const { rows } = await shopDb(payload).query(
    `SELECT used_by_id FROM admissions WHERE partner_id = ? AND code IN (${doorCodeForms(code)
      .map(() => '?')
      .join(', ')})`,
    [partnerId, ...doorCodeForms(code)],
  );
  return rows[0]?.used_by_id === null || rows[0]?.used_by_id === undefined ? null : Number(rows[0].used_by_id);
}

/** Partners whose supplied codes run low: the office's today board warns before a sale finds none. */
export async function partnersLowOnCodes(payload: Payload): Promise<PartnerLowOnCodes[]> {
  return lowOnCodes(shopDb(payload));
}
