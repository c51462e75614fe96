import { bookingDetail } from '@/operations/booking-detail';
import { opsMessages } from '@/i18n/ops-messages';
import { json, param, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/ops/bookings/{reference} — the booking, its tickets, payment events and e-mails. */
export const GET = staffRoute(
  { action: 'booking.read', params: param('reference') },
  async ({ payload, params: reference, language }) => {
    const detail = await bookingDetail(payload, reference);
    return detail
      ? json({ ok: true, booking: detail })
      : json({ ok: false, error: 'notFound', message: opsMessages(language).booking.notFound }, 404);
  },
);
