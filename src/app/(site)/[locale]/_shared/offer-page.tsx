import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import { RequestFormSection } from '@/components/requests/RequestFormSection';
import { listSchoolTours } from '@/content/tours';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';
import { resolveLocale } from '@/i18n/page-locale';

type Props = { params: Promise<{ locale: string }> };

/** Groups and agencies: what we offer them, the school programmes, and a way to ask for a quote. */
export function offerPage(route: 'groups' | 'agencies') {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const locale = await resolveLocale(params);
    const t = await getTranslations({ locale, namespace: `pages.${route}` });
    return pageMetadata({ locale, route, title: t('title'), description: t('description') });
  }

  async function Page({ params }: Props) {
    const locale = await resolveLocale(params);
    const [t, tc, tn, schools] = await Promise.all([
      getTranslations({ locale, namespace: `pages.${route}` }),
      getTranslations({ locale, namespace: `content.${route}` }),
      getTranslations({ locale, namespace: 'nav' }),
      listSchoolTours(locale),
    ]);
    const sections = tc.raw('sections') as { title: string; text: string }[];
    return (
      <article className="page">
        <Breadcrumbs locale={locale} trail={[{ name: t('heading'), href: pathFor(route, locale) }]} />
        <h1>{t('heading')}</h1>
        <p className="lead">{tc('intro')}</p>
        <ul className="feature-grid">
          {sections.map((section) => (
            <li key={section.title} className="card">
              <h2>{section.title}</h2>
              <p>{section.text}</p>
            </li>
          ))}
        </ul>
        <section className="section" aria-labelledby="schools-heading">
          <h2 id="schools-heading">{tn('schools')}</h2>
          <ul className="link-list">
            {schools.map((school) => (
              <li key={school.slug}>
                <a href={pathFor('school', locale, { id: school.slug })}>{school.title}</a>
                {school.summary ? <span> · {school.summary}</span> : null}
              </li>
            ))}
          </ul>
        </section>
        <RequestFormSection kind={route === 'groups' ? 'group' : 'agency'} locale={locale} />
        <p>
          <a className="button" href={pathFor('contact', locale)}>
            {tc('cta')}
          </a>
        </p>
      </article>
    );
  }

  return { generateMetadata, Page };
}
