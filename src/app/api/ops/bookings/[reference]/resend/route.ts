import { z } from 'zod';

import { reissueBookingLink } from '@/operations/booking-actions';
import { fill } from '@/lib/icu-lite';
import { opsMessages } from '@/i18n/ops-messages';
import { json, jsonObject, param, staffRoute } from '@/security/staff-route';
import { loadPaidBooking, queueTicketEmail } from '@/tickets/delivery';

export const dynamic = 'force-dynamic';

const address = z.email().max(254);

/**
 * POST /api/ops/bookings/{reference}/resend {"email"?: "…"} — queues the ticket e-mail again, to
 * the booking's address or a corrected one; the answer says where it went. Its booking link is
 * issued afresh: a customer whose link expired long after the trip gets one that works.
 */
export const POST = staffRoute(
  // No body, or not an object, is "send it to the booking's address".
  { action: 'booking.sendLink', params: param('reference'), body: jsonObject.catch({}) },
  async ({ payload, params: reference, body, language, by }) => {
    const t = opsMessages(language).booking;
    const booking = await loadPaidBooking(payload, { reference });
    if (!booking) return json({ ok: false, error: 'notPaid', message: t.resendNotPaid }, 409);
    const requested = typeof body.email === 'string' && body.email.trim() !== '' ? body.email.trim() : booking.email;
    const parsed = address.safeParse(requested);
    if (!parsed.success) return json({ ok: false, error: 'invalidEmail', message: t.resendInvalidEmail }, 400);
    const link = await reissueBookingLink(payload, { reference: booking.reference, how: 'email', by });
    if (!link.ok) return json({ ok: false, error: 'notPaid', message: t.resendNotPaid }, 409);
    await queueTicketEmail(payload, booking.id, { to: parsed.data, linkExpiresOn: link.expiresOn });
    return json({
      ok: true,
      to: parsed.data,
      linkExpiresOn: link.expiresOn,
      message: fill(t.resent, { email: parsed.data }),
    });
  },
);
