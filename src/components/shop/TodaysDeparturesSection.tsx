import { getMessages } from 'next-intl/server';

import { todaysBoard } from '@/operations/today';
import type { Locale } from '@/i18n/locales';
import { logger } from '@/lib/logger';
import { payloadClient } from '@/lib/payload';

import { TodaysDepartures, type TodayMessages } from './TodaysDepartures.client';

/**
 * The home page's "today's departures": drawn with the page as the database had it when the page
 * was rendered (it is cached up to a few minutes), then kept current by the browser.
 */
export async function TodaysDeparturesSection({ locale }: { locale: Locale }) {
  const { today } = (await getMessages({ locale })) as unknown as { today: TodayMessages };
  const initial = await todaysBoard(await payloadClient(), locale).catch((error: unknown) => {
    // The browser asks again; a page without the board beats no page.
    logger.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'today’s departures not rendered');
    return null;
  });
  return (
    <section aria-labelledby="today-heading" className="section todays-departures">
      <h2 id="today-heading">{today.title}</h2>
      <TodaysDepartures locale={locale} messages={today} initial={initial} />
    </section>
  );
}
