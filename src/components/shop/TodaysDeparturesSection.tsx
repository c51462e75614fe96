import { getMessages } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';

import { TodaysDepartures, type TodayMessages } from './TodaysDepartures.client';

/** The home page's "today's departures": a cached shell whose seats the browser fetches live. */
export async function TodaysDeparturesSection({ locale }: { locale: Locale }) {
  const { today } = (await getMessages({ locale })) as unknown as { today: TodayMessages };
  return (
    <section aria-labelledby="today-heading" className="section todays-departures">
      <h2 id="today-heading">{today.title}</h2>
      <TodaysDepartures locale={locale} messages={today} />
    </section>
  );
}
