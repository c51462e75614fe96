import { bookingDetail } from '@/operations/booking-detail';
import { opsMessages } from '@/i18n/ops-messages';
import { json, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/** GET /api/ops/bookings/{reference} — the booking, its tickets, payment events and e-mails. */
export async function GET(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const detail = await bookingDetail(session.payload, (await context.params).reference);
  return detail
    ? json({ ok: true, booking: detail })
    : json({ ok: false, error: 'notFound', message: opsMessages(staffLanguage(request)).booking.notFound }, 404);
}
