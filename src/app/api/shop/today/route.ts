import { todaysBoard } from '@/operations/today';
import { isLocale } from '@/i18n/locales';
import { payloadClient } from '@/lib/payload';

import { error, json } from '../responses';

export const dynamic = 'force-dynamic';

/** GET /api/shop/today?locale=ca — the home page's live departures board, and when its seats were read. */
export async function GET(request: Request): Promise<Response> {
  const locale = new URL(request.url).searchParams.get('locale') ?? 'ca';
  if (!isLocale(locale)) return error(400, 'invalidLocale');
  return json({ ok: true, ...(await todaysBoard(await payloadClient(), locale)) });
}
