import { getMessages } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';

import { TodaysDepartures, type TodayMessages } from './TodaysDepartures.client';

/** The home page's "today's departures": a cached shell whose seats the browser fetches live. */
export async function TodaysDeparturesSection({ locale, tourSlugs }: { locale: Locale; tourSlugs: string[] }) {
  const { today } = (await getMessages({ locale })) as unknown as { today: TodayMessages };
  const tourHref = Object.fromEntries(tourSlugs.map((slug) => [slug, pathFor('tour', locale, { id: slug })]));
  return (
    <section aria-labelledby="today-heading" className="todays-departures">
      <h2 id="today-heading">{today.title}</h2>
      <TodaysDepartures locale={locale} messages={today} tourHref={tourHref} />
    </section>
  );
}
