import { z } from 'zod';

import { reissueBookingLink } from '@/booking/booking-actions';
import { fill } from '@/lib/icu-lite';
import { opsMessages } from '@/i18n/ops-messages';
import { actor, json, readJson, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';
import { loadPaidBooking, queueTicketEmail } from '@/tickets/delivery';

export const dynamic = 'force-dynamic';

const address = z.email().max(254);

/**
 * POST /api/ops/bookings/{reference}/resend {"email"?: "…"} — queues the ticket e-mail again, to
 * the booking's address or a corrected one; the answer says where it went. Its booking link is
 * issued afresh: a customer whose link expired long after the trip gets one that works.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const t = opsMessages(staffLanguage(request)).booking;
  const body = (await readJson(request)) ?? {};
  const booking = await loadPaidBooking(session.payload, { reference: (await context.params).reference });
  if (!booking) return json({ ok: false, error: 'notPaid', message: t.resendNotPaid }, 409);
  const requested = typeof body.email === 'string' && body.email.trim() !== '' ? body.email.trim() : booking.email;
  const parsed = address.safeParse(requested);
  if (!parsed.success) return json({ ok: false, error: 'invalidEmail', message: t.resendInvalidEmail }, 400);
  const link = await reissueBookingLink(session.payload, {
    reference: booking.reference,
    how: 'email',
    by: actor(session),
  });
  if (!link.ok) return json({ ok: false, error: 'notPaid', message: t.resendNotPaid }, 409);
  await queueTicketEmail(session.payload, booking.id, { to: parsed.data, linkExpiresOn: link.expiresOn });
  return json({
    ok: true,
    to: parsed.data,
    linkExpiresOn: link.expiresOn,
    message: fill(t.resent, { email: parsed.data }),
  });
}
