import { subscribe } from '@/booking/events';

/**
 * Visitors hear about what happened to their booking after the sale: a cancelled departure
 * (e-mail and SMS to every disrupted booking) and a payment refunded because it came without
 * seats, and the payment link of a sale the office made by phone. The `remindDisrupted` job (notices/jobs.ts) also sweeps notices a failed handler missed.
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
}
