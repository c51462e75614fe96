import type { Payload } from 'payload';

import { shopDb, type Tx } from '../booking/db';

import {
  markUsedPartsRefunded,
  refundedPartsOfBooking,
  usedPartsHeld,
  type RefundedPart,
  type UsedPart,
} from './admissions-repository';

/**
 * A used admission's share in a refund (docs/decisions/181-used-admissions-and-refunds.md). Once
 * the partner has let the visitor in, its part is not given back in a full refund, unless the
 * partner's agreement says a used admission is refunded (`usedRefundable`) or the office decides
 * so when cancelling (`refundUsedParts`). The refund path (booking/refunds.ts) calls
 * `refundAmountCents` and `markUsedPartsGivenBack` in the transaction that reserves the refund.
 */

/** What a full refund keeps of the used parts: those the agreement does not refund, unless staff refund them. */
export function keptByFullRefund(used: readonly Pick<UsedPart, 'shareCents' | 'refundable'>[], refundUsed: boolean) {
  if (refundUsed) return 0;
  return used.filter((part) => !part.refundable).reduce((sum, part) => sum + part.shareCents, 0);
}

/**
 * What a refund request returns of a booking that holds `left` cents: a number as asked; "the
 * rest" all of it less the shares of the used parts it keeps. Read in the transaction that
 * reserves the refund (booking/refunds.ts), on the booking whose row it locks.
 */
export async function refundAmountCents(
  tx: Tx,
  request: { bookingId: number; amount: number | 'rest'; refundUsedParts?: boolean },
  left: number,
): Promise<number> {
  if (request.amount !== 'rest') return request.amount;
  const kept = keptByFullRefund(await usedPartsHeld(tx, request.bookingId), request.refundUsedParts === true);
  return Math.max(0, left - kept);
}

/**
 * Which used parts a refund that leaves the booking `heldAfter` cents gives back: as many as the
 * money no longer covers, those the agreement refunds first, then the others (staff refunded
 * them, or typed an amount that reaches into them). Pure: `markGivenBack` applies it.
 */
export function usedPartsGivenBack(used: readonly UsedPart[], heldAfter: number): UsedPart[] {
  let still = used.reduce((sum, part) => sum + part.shareCents, 0);
  const given: UsedPart[] = [];
  const order = [...used.filter((part) => part.refundable), ...used.filter((part) => !part.refundable)];
  for (const part of order) {
    if (still <= heldAfter) break;
    given.push(part);
    still -= part.shareCents;
  }
  return given;
}

/**
 * After a refund is reserved: marks the used admissions whose share the booking no longer holds as
 * given back, so they leave the money held for partners and the booking's invoices (an agency part
 * is then no longer collected for the partner; a resold one is rectified like the boat's part).
 */
export async function markUsedPartsGivenBack(tx: Tx, bookingId: number, heldAfter: number, now: Date) {
  const given = usedPartsGivenBack(await usedPartsHeld(tx, bookingId), Math.max(0, heldAfter));
  return markUsedPartsRefunded(
    tx,
    given.map((part) => part.id),
    now,
  );
}

/** The used parts a booking still holds, for the office's cancel dialog (empty: nothing to decide). */
export async function usedPartsOfBooking(payload: Payload, bookingId: number): Promise<UsedPart[]> {
  return usedPartsHeld(shopDb(payload), bookingId);
}

/** The parts a cancelled booking's refund gave back and those it kept, per partner (the refund notice). */
export async function partsOfRefund(payload: Payload, bookingId: number): Promise<RefundedPart[]> {
  return refundedPartsOfBooking(shopDb(payload), bookingId);
}
