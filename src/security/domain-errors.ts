import type { Locale } from '@/i18n/locales';

import { ChangedMeanwhileError } from './changed-meanwhile';
import { securityMessages, type SecurityErrorKey } from './messages';

/**
 * The domain's exceptions that are an answer, not a fault (issue 42): a booking another request
 * changed first (a reseller's retry, a double click, a colleague: `BookingChangedError`), a status
 * another request moved first (`IllegalTransitionError`). Every route family (staff, OCTO, shop)
 * turns them into this one status and message, in the caller's language, instead of a 500. The
 * other domain errors (`RefundAbort`, `BoatBelowTaken`, `TillCloseRefused`, `AlreadySold`) never
 * leave their modules: they become results there, which routes answer with opsError/tillError.
 */
export type DomainRefusal = { status: number; error: SecurityErrorKey; message: string };

export function domainRefusal(error: unknown, locale: Locale): DomainRefusal | null {
  if (error instanceof ChangedMeanwhileError) {
    return { status: 409, error: 'changed', message: securityMessages(locale).errors.changed };
  }
  return null;
}
