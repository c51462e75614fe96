/**
 * What a partner's door answers for a scanned or typed admission code (issue 44): pure, like the
 * gangway's boarding decision it builds on (src/operations/boarding-decision.ts: the same code
 * normalisation and the same answers where they mean the same), so the server and an offline door
 * answer alike. The server applies 'admitted' with one conditional UPDATE (src/operations/door.ts).
 */

import type { DoorAdmission } from '../partners/admissions-repository';

import { normalizeCode } from './boarding-decision';

export type { DoorAdmission };

export type DoorResult = 'admitted' | 'already-used' | 'not-valid-today' | 'cancelled' | 'unknown';

export type DoorAnswer =
  | { result: 'admitted'; admission: DoorAdmission; at: string }
  | { result: 'already-used'; admission: DoorAdmission; at: string; by: string }
  | { result: 'not-valid-today'; admission: DoorAdmission; validFrom: string; validUntil: string }
  | { result: 'cancelled'; admission: DoorAdmission }
  | { result: 'unknown'; code: string };

/**
 * The code as stored: our admission codes are the boarding alphabet (normalizeCode), but codes a
 * partner supplies may hold dashes or lower case, so both forms are looked up (src/operations/door.ts).
 */
export function doorCodeForms(raw: string): string[] {
  const typed = raw.trim().slice(0, 100);
  return [...new Set([typed, normalizeCode(raw)].filter(Boolean))];
}

/**
 * The verdict for an admission found (or not) for this partner on the Madrid day `today`: used
 * first (the visitor already went in: when and by whom), then voided, then the validity window.
 * An admission of another partner is unknown here: a door sees only its own.
 */
export function doorDecision(
  admission: DoorAdmission | null,
  input: { code: string; partnerId: number; today: string; now: string },
): DoorAnswer {
  if (!admission || admission.partnerId !== input.partnerId) return { result: 'unknown', code: input.code };
  if (admission.usedAt) return { result: 'already-used', admission, at: admission.usedAt, by: admission.usedBy ?? '' };
  if (admission.voided) return { result: 'cancelled', admission };
  if (input.today < admission.validFrom || input.today > admission.validUntil) {
    return { result: 'not-valid-today', admission, validFrom: admission.validFrom, validUntil: admission.validUntil };
  }
  return { result: 'admitted', admission, at: input.now };
}

// ---------------------------------------------------------------------------------------------
// The door's phone offline (issue 46): the day's list it keeps, the answer from it, the queue.

/** The day's admissions a door keeps to answer offline (`GET /api/partner/admissions`). */
export type DoorList = { partnerId: number; date: string; admissions: DoorAdmission[]; fetchedAt: string };

/** A check the door made offline, for `POST /api/partner/admissions/sync` (replayed once, in order). */
export type QueuedDoorCheck = { code: string };

/** The server's answer to one replayed check; `conflict` when it disagrees with the door's. */
export type DoorSyncOutcome = { code: string; answer: DoorAnswer; conflict: boolean };

/** The admission of the list a scanned or typed code names, read as the server reads it. */
export function findInDoorList(list: DoorList, raw: string): DoorAdmission | null {
  const forms = doorCodeForms(raw);
  return list.admissions.find((admission) => forms.includes(admission.code)) ?? null;
}

/**
 * The door's answer from its own list when the server cannot be reached: the same decision as the
 * server's on what the list knows. An admission not on the day's list is "unknown" to the phone
 * (the server may know it as not valid today). An admission admitted offline is used in the list
 * at once, by this door's staff member, so a second scan here says "already used", and the check
 * is queued for the server.
 */
export function checkOffline(
  list: DoorList,
  input: { raw: string; today: string; at: string; staffName: string },
): { answer: DoorAnswer; list: DoorList; queued: QueuedDoorCheck | null } {
  const code = input.raw.trim();
  // A list of another day answers nothing: yesterday's admissions are not today's.
  const found = list.date === input.today ? findInDoorList(list, code) : null;
  const answer = doorDecision(found, { code, partnerId: list.partnerId, today: input.today, now: input.at });
  if (answer.result !== 'admitted') return { answer, list, queued: null };
  return {
    answer,
    list: applyDoorAnswers(list, [answer], input.staffName),
    queued: { code: answer.admission.code },
  };
}

/**
 * The list with answers applied (the server's, or the door's own offline): each admission they
 * name as the answer has it; one just admitted is used then, by `by` (this door's staff member).
 */
export function applyDoorAnswers(list: DoorList, answers: readonly DoorAnswer[], by: string): DoorList {
  const latest = new Map<string, DoorAdmission>();
  for (const answer of answers) {
    if (answer.result === 'unknown') continue;
    const admission =
      answer.result === 'admitted'
        ? { ...answer.admission, usedAt: answer.admission.usedAt ?? answer.at, usedBy: answer.admission.usedBy ?? by }
        : answer.admission;
    latest.set(admission.code, admission);
  }
  if (latest.size === 0) return list;
  return {
    ...list,
    admissions: list.admissions.map((admission) => latest.get(admission.code) ?? admission),
  };
}
