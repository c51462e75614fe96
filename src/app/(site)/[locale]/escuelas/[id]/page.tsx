import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import { MapSection } from '@/components/content/MapSection';
import { Prose } from '@/components/content/Prose';
import { SchoolRequestSlot } from '@/components/slots/SchoolRequestSlot';
import { picture } from '@/content/media';
import { getSite } from '@/content/site';
import { getSchoolTourPage } from '@/content/tours';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';

import { Hero } from '@/components/content/Hero';
import { resolveLocale } from '@/i18n/page-locale';
import { written } from '@/i18n/written';

type Props = { params: Promise<{ locale: string; id: string }> };

export function generateStaticParams() {
  return [];
}

async function load(params: Props['params']) {
  const locale = await resolveLocale(params);
  const { id } = await params;
  const school = await getSchoolTourPage(id, locale);
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
    title: school.seo?.title || `${school.title} · ${t('title')}`,
    description: school.seo?.description || school.summary || t('description'),
  });
}

export default async function SchoolTourPage({ params }: Props) {
  const { locale, school } = await load(params);
  const [t, ts, tc, site] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.school' }),
    getTranslations({ locale, namespace: 'content.school' }).then((t) => written(locale, t)),
    getTranslations({ locale, namespace: 'content.common' }).then((t) => written(locale, t)),
    getSite(locale),
  ]);
  const hero = picture(school.heroImage);
  const point = typeof school.boardingPoint === 'object' && school.boardingPoint ? school.boardingPoint : undefined;
  const path = pathFor('school', locale, { id: school.slug });
  return (
    <article className="page school-page">
      <Breadcrumbs locale={locale} trail={[{ name: school.title, href: path }]} />
      <Hero variant="tour" image={hero}>
        <p className="eyebrow">{t('heading')}</p>
        <h1>{school.title}</h1>
        {school.summary ? <p className="lead">{school.summary}</p> : null}
        <p className="badge">{ts('minStudents', { count: school.minStudents ?? 40 })}</p>
        <p>
          <a className="button button--large" href="#reservar">
            {ts('reservation')}
          </a>
        </p>
      </Hero>

      <section className="section">
        <Prose text={school.description} />
      </section>

      {school.programmes?.length ? (
        <section className="section" aria-labelledby="programmes-heading">
          <h2 id="programmes-heading">{ts('programmes')}</h2>
          <ul className="programme-list">
            {school.programmes.map((programme) => (
              <li key={programme.id ?? programme.title} className="card">
                <h3>{programme.title}</h3>
                <p className="tour-card__meta">
                  <span>{tc('minutes', { minutes: programme.durationMinutes })}</span>
                  {programme.departure ? <span>{ts('departure', { place: programme.departure })}</span> : null}
                </p>
                {programme.description ? <p>{programme.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="tour-columns">
        {school.learning?.length ? (
          <section className="section" aria-labelledby="learning-heading">
            <h2 id="learning-heading">{ts('learning')}</h2>
            <ul className="checklist">
              {school.learning.map((row) => (
                <li key={row.id ?? row.item}>{row.item}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {school.practical?.length ? (
          <section className="section card" aria-labelledby="practical-heading">
            <h2 id="practical-heading">{ts('practical')}</h2>
            <ul>
              {school.practical.map((row) => (
                <li key={row.id ?? row.item}>{row.item}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <section id="reservar" className="section booking" aria-labelledby="booking-heading">
        <h2 id="booking-heading">{ts('reservation')}</h2>
        <p>{ts('reservationIntro')}</p>
        {/* The requests work puts the school form (min. 40 students) in this slot. */}
        <SchoolRequestSlot locale={locale} schoolSlug={school.slug} email={site.contact?.email} />
      </section>

      {point ? <MapSection locale={locale} place={point} /> : null}
    </article>
  );
}
