import { isLocalDate, madridToday } from '@/i18n/time';
import { cashUpReport } from '@/operations/cash-up';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/cash-up?date=YYYY-MM-DD[&mine=1] — a Madrid day's box-office takings per staff
 * member and payment method, with what was given back by hand (today when no date).
 */
export const GET = staffRoute({ action: 'cashUp.read' }, async ({ payload, request, by }) => {
  const params = new URL(request.url).searchParams;
  const date = params.get('date') ?? madridToday(new Date());
  if (!isLocalDate(date)) return refuse(400, 'invalidInput');
  const mine = params.get('mine') === '1' ? by : undefined;
  return json({ ok: true, ...(await cashUpReport(payload, date, mine)) });
});
