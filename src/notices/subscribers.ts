import { subscribe } from '@/booking/events';

/**
 * Visitors hear about what happened to their booking after the sale: a cancelled departure
 * (e-mail and SMS to every disrupted booking), a payment refunded because it came without
 * seats, the payment link of a sale the office made by phone, and every change to a booking
 * (cancelled, refunded, moved, corrected). The `remindDisrupted` job (notices/jobs.ts) also
 * sweeps disruption notices a failed handler missed.
 */
export function registerNoticeSubscribers(): void {
  subscribe('departure.cancelled', 'notices.disruption', async (event, { payload }) => {
    const { sendDisruptionNotices } = await import('./disruption-notices');
    await sendDisruptionNotices(payload, event.departureId);
  });
  subscribe('booking.refunded', 'notices.auto-refund', async (event, { payload }) => {
    if (event.reason !== 'paymentWithoutSeats') return;
    const { sendAutoRefundNotice } = await import('./disruption-notices');
    await sendAutoRefundNotice(payload, event.bookingId);
  });
  subscribe('booking.movePaymentRequested', 'notices.move-payment', async (event, { payload }) => {
    // The visitor asked for it on their booking page and is on their way to the bank: that page
    // keeps the offer; an e-mail "as agreed with our office" would not be true.
    if (event.by === 'visitor') return;
    const { sendMovePaymentNotice } = await import('./disruption-notices');
    await sendMovePaymentNotice(payload, event.bookingId, event.moveId);
  });
  subscribe('booking.refunded', 'notices.extra-payment-refund', async (event, { payload }) => {
    const kind =
      event.reason === 'movePaymentWithoutMove' ? 'move' : event.reason === 'secondPayment' ? 'second' : null;
    if (!kind) return;
    const { sendExtraPaymentRefundNotice } = await import('./disruption-notices');
    await sendExtraPaymentRefundNotice(payload, event.bookingId, event.amountCents, kind);
  });
  subscribe('booking.paymentRequested', 'notices.payment-link', async (event, { payload }) => {
    const { sendPaymentLinkNotice } = await import('./disruption-notices');
    await sendPaymentLinkNotice(payload, event.bookingId);
  });
  // Every other change to a booking (booking-notices.ts): whoever made it, the customer hears.
  subscribe('booking.cancelled', 'notices.cancelled', async (event, { payload }) => {
    const { sendCancellationNotice } = await import('./booking-notices');
    await sendCancellationNotice(payload, event);
  });
  subscribe('booking.refunded', 'notices.refunded', async (event, { payload }) => {
    const { sendRefundNotice } = await import('./booking-notices');
    await sendRefundNotice(payload, event);
  });
  // The move's notice carries the new tickets: it replaces the tickets' own e-mail on a move.
  subscribe('booking.moved', 'notices.moved', async (event, { payload }) => {
    const { sendMoveNotice } = await import('./booking-notices');
    await sendMoveNotice(payload, event);
  });
  subscribe('booking.moveWithdrawn', 'notices.move-withdrawn', async (event, { payload }) => {
    const { sendMoveWithdrawnNotice } = await import('./booking-notices');
    await sendMoveWithdrawnNotice(payload, event);
  });
  subscribe('booking.corrected', 'notices.corrected', async (event, { payload }) => {
    const { sendCorrectionNotice } = await import('./booking-notices');
    await sendCorrectionNotice(payload, event);
  });
}
