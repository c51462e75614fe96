import { anonymiseBooking } from '@/operations/booking-actions';
import { json, param, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** Erases the visitor's personal data on request; the accounting record stays. */
export const POST = staffRoute(
  { action: 'booking.anonymise', params: param('reference') },
  async ({ payload, params: reference, by }) => {
    const result = await anonymiseBooking(payload, { reference, by });
    if (!result.ok) return json(result, result.error === 'notFound' ? 404 : 409);
    return json({ ok: true, reference });
  },
);
