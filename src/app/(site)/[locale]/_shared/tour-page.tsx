import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { BookingSection } from '@/components/shop/BookingSection';
import { getTour } from '@/content/tours';
import { pageMetadata } from '@/lib/metadata';

import { resolveLocale } from './info-page';

type Props = { params: Promise<{ locale: string; id: string }> };

/** `/tour/{id}` and its booking-first experiment `/tour-test/{id}` (never indexed). */
export function tourPage(route: 'tour' | 'tourTest') {
  async function load(params: Props['params']) {
    const locale = await resolveLocale(params);
    const { id } = await params;
    const tour = await getTour(id, locale);
    if (!tour) notFound();
    return { locale, tour };
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, tour } = await load(params);
    const t = await getTranslations({ locale, namespace: 'pages.tour' });
    return pageMetadata({
      locale,
      route,
      params: { id: tour.slug },
      title: tour.title,
      description: tour.summary ?? t('description', { tour: tour.title, minutes: tour.durationMinutes }),
      noindex: route === 'tourTest',
    });
  }

  async function Page({ params }: Props) {
    const { locale, tour } = await load(params);
    const t = await getTranslations({ locale, namespace: 'tour' });
    return (
      <article className="page" data-layout={route === 'tourTest' ? 'booking-first' : 'standard'}>
        <h1>{tour.title}</h1>
        <p className="lead">{t('duration', { minutes: tour.durationMinutes })}</p>
        {tour.summary ? <p>{tour.summary}</p> : null}
        <BookingSection slug={tour.slug} locale={locale} />
      </article>
    );
  }

  return { generateMetadata, Page };
}
