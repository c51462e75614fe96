import type { Payload } from 'payload';

import { iso, shopDb } from './db';
import { publish } from './events';
import { endHolds } from './holds';
import { findBooking } from './bookings-repository';

export type ReleaseResult = { ok: true; seats: number } | { ok: false; error: 'notFound' | 'notHeld' };

/**
 * The visitor gives a held booking's seats back: "Change the booking" on the review step, or
 * "release my seats" after coming back from the payment page (docs/decisions/060-releasing-holds.md).
 *
 * The status move and the seat release are one transaction, and the move is conditional
 * (`WHERE status = 'held'`), so a release racing the expiry job or a payment notification gives
 * the seats back at most once, and never after the booking was paid. The booking ends `expired`
 * (its hold ends now): a payment that still arrives for it takes the late-payment path, which
 * re-takes the seats if they are free or flags the booking for a refund.
 */
export async function releaseHold(payload: Payload, reference: string, now = new Date()): Promise<ReleaseResult> {
  const db = shopDb(payload);
  const booking = await findBooking(db, { reference });
  if (!booking) return { ok: false, error: 'notFound' };
  if (booking.status !== 'held') return { ok: false, error: 'notHeld' };
  // The hold ends now: a payment that still arrives takes the late-payment path.
  const [move] = await db.transaction((tx) =>
    endHolds(tx, { id: booking.id }, 'expired', {
      now,
      by: 'visitor',
      set: { sql: 'hold_expires_at = ?', params: [iso(now)] },
    }),
  );
  if (move) await publish(payload, move.event);
  const released = move !== undefined;
  return released ? { ok: true, seats: booking.seats } : { ok: false, error: 'notHeld' };
}
