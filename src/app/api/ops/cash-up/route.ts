import { isLocalDate, madridToday } from '@/booking/time';
import { cashUpReport } from '@/operations/cash-up';
import { json } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/cash-up?date=YYYY-MM-DD[&mine=1] — a Madrid day's box-office takings per staff
 * member and payment method, with what was given back by hand (today when no date).
 */
export async function GET(request: Request): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const params = new URL(request.url).searchParams;
  const date = params.get('date') ?? madridToday(new Date());
  if (!isLocalDate(date)) return json({ ok: false, error: 'invalidInput' }, 400);
  const mine = params.get('mine') === '1' ? `user:${session.user.id}` : undefined;
  return json({ ok: true, ...(await cashUpReport(session.payload, date, mine)) });
}
