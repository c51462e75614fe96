import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

import { TodaysDeparturesSection } from '@/components/shop/TodaysDeparturesSection';
import { listTours } from '@/content/tours';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';

import { resolveLocale } from './_shared/info-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata({ locale: await resolveLocale(params), route: 'home' });
}

export default async function HomePage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, tt, tours] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.home' }),
    getTranslations({ locale, namespace: 'tour' }),
    listTours(locale),
  ]);
  return (
    <article className="page">
      <h1>{t('heading')}</h1>
      <TodaysDeparturesSection locale={locale} tourSlugs={tours.map((tour) => tour.slug)} />
      <ul className="tour-list">
        {tours.map((tour) => (
          <li key={tour.slug}>
            <Link href={pathFor('tour', locale, { id: tour.slug })}>{tour.title}</Link>
            <span> · {tt('duration', { minutes: tour.durationMinutes })}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
