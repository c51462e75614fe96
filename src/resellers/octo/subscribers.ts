import { subscribe } from '@/booking/events';

/**
 * Resellers hear of the changes we make to their bookings (a departure cancelled for weather
 * cancels them, staff move them) on their webhook. A failing handler loses the post: the delivery log
 * (reseller-webhooks) shows what was queued, and the reseller's GET of the booking stays true.
 */
export function registerOctoSubscribers(): void {
  subscribe('booking.cancelled', 'octo.webhook', async (event, { payload }) => {
    const { queueBookingWebhook } = await import('./webhooks');
    await queueBookingWebhook(payload, { bookingId: event.bookingId, event: 'booking.cancelled', by: event.by });
  });
  // Staff moved it (the office's move, a disrupted guest's choice, a move paid by link): the same
  // change a reseller makes with OCTO's update, so the reseller hears of it once per move.
  subscribe('booking.moved', 'octo.webhook', async (event, { payload }) => {
    const { queueBookingWebhook } = await import('./webhooks');
    await queueBookingWebhook(payload, {
      bookingId: event.bookingId,
      event: 'booking.updated',
      by: event.by,
      change: String(event.at.getTime()),
    });
  });
}
