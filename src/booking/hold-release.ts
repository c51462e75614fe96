import type { Payload } from 'payload';

import { iso, shopDb } from './db';
import { findBooking } from './holds';

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
  const released = await db.transaction(async (tx) => {
    const { rowsAffected } = await tx.query(
      `UPDATE bookings SET status = 'expired', hold_expires_at = ?, updated_at = ? WHERE id = ? AND status = 'held'`,
      [iso(now), iso(now), booking.id],
    );
    if (rowsAffected !== 1) return false;
    const seats = await tx.query('UPDATE departures SET seats_held = seats_held - ? WHERE id = ? AND seats_held >= ?', [
      booking.seats,
      booking.departureId,
      booking.seats,
    ]);
    // Rolls the status change back too: seats and bookings must keep adding up.
    if (seats.rowsAffected !== 1)
      throw new Error(`Departure ${booking.departureId} holds fewer than ${booking.seats} seats`);
    return true;
  });
  return released ? { ok: true, seats: booking.seats } : { ok: false, error: 'notHeld' };
}
