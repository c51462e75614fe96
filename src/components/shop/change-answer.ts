import type { SelfChangeRefusal } from '@/operations/self-change';

/**
 * Every reason the server refuses a visitor's own change of date: the change page, read again,
 * says it in the visitor's words (typed as a record so a new reason cannot be forgotten here).
 */
const REFUSALS: Record<SelfChangeRefusal, true> = {
  notPaid: true,
  officeOnly: true,
  tooLate: true,
  boarded: true,
  notOnline: true,
};

/**
 * Whether an answer to a change request means the booking is no longer what the page showed (it
 * changed meanwhile, it is no longer disrupted, or a change online is no longer allowed): the page
 * is read again, so the visitor sees why instead of a "something went wrong".
 */
export function pageIsOutOfDate(error: string | undefined): boolean {
  if (error === undefined) return false;
  return error === 'notDisrupted' || error === 'changed' || Object.hasOwn(REFUSALS, error);
}
