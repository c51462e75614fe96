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
