import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { RequestFormSection } from '@/components/requests/RequestFormSection';
import { getSchoolTour } from '@/content/tours';
import { pageMetadata } from '@/lib/metadata';

import { resolveLocale } from '../../_shared/info-page';

type Props = { params: Promise<{ locale: string; id: string }> };

export function generateStaticParams() {
  return [];
}

async function load(params: Props['params']) {
  const locale = await resolveLocale(params);
  const { id } = await params;
  const school = await getSchoolTour(id, locale);
  if (!school) notFound();
  return { locale, school };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, school } = await load(params);
  const t = await getTranslations({ locale, namespace: 'pages.school' });
  return pageMetadata({
    locale,
    route: 'school',
    params: { id: school.slug },
    title: school.title,
    description: school.summary ?? t('description'),
  });
}

export default async function SchoolTourPage({ params }: Props) {
  const { locale, school } = await load(params);
  const t = await getTranslations({ locale, namespace: 'pages.school' });
  return (
    <article className="page">
      <p className="eyebrow">{t('heading')}</p>
      <h1>{school.title}</h1>
      <p className="lead">{school.summary ?? t('description')}</p>
      <RequestFormSection kind="school" locale={locale} schoolTour={school.slug} />
    </article>
  );
}
