import { subscribe } from '@/booking/events';

/**
 * Passes in the visitors' wallets follow their bookings: a move changes the time on them, a
 * cancellation or refund voids them. `booking.statusChanged` misses no status move; a move keeps
 * the booking paid and comes as `booking.moved`.
 */
export function registerWalletSubscribers(): void {
  subscribe('booking.moved', 'wallet.update', async (event, { payload }) => {
    const { walletBookingChanged } = await import('./sync');
    await walletBookingChanged(payload, event.bookingId);
  });
  subscribe('booking.statusChanged', 'wallet.update', async (event, { payload }) => {
    // Only a paid (or disrupted) booking can have a pass out there to update.
    if (event.from !== 'paid' && event.from !== 'disrupted') return;
    const { walletBookingChanged } = await import('./sync');
    await walletBookingChanged(payload, event.bookingId);
  });
  // The Google ticket carries the holder's name: a corrected or erased name must not stay on it.
  subscribe('booking.corrected', 'wallet.update', async (event, { payload }) => {
    if (!event.fields.includes('name') && !event.fields.includes('surnames')) return;
    const { walletBookingChanged } = await import('./sync');
    await walletBookingChanged(payload, event.bookingId, { onlyHolder: true });
  });
  subscribe('booking.anonymised', 'wallet.update', async (event, { payload }) => {
    const { walletBookingChanged } = await import('./sync');
    await walletBookingChanged(payload, event.bookingId, { onlyHolder: true });
  });
}
