import { isMonth, recentMonthAvailability } from '@/schedule/availability';
import { isLocale } from '@/i18n/locales';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../../../responses';

export const dynamic = 'force-dynamic';

/** GET /api/shop/tours/{slug}/availability?month=YYYY-MM&locale=ca */
export async function GET(request: Request, context: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await context.params;
  const url = new URL(request.url);
  const month = url.searchParams.get('month');
  const locale = url.searchParams.get('locale') ?? 'ca';
  if (!isMonth(month)) return error(400, 'invalidMonth');
  if (!isLocale(locale)) return error(400, 'invalidLocale');
  const availability = await recentMonthAvailability(await payloadClient(), slug, month, locale);
  if (!availability) return error(404, 'tourNotFound');
  return json({ ok: true, ...availability });
}
