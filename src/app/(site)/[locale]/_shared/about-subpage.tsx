import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';
import { resolveLocale } from '@/i18n/page-locale';

/** The pages under "About us" (fleet, past): title and description from `pages.<route>`. */
type AboutRoute = 'fleet' | 'past';
type Props = { params: Promise<{ locale: string }> };

export function aboutSubpageMetadata(route: AboutRoute) {
  return async function generateMetadata({ params }: Props): Promise<Metadata> {
    const locale = await resolveLocale(params);
    const t = await getTranslations({ locale, namespace: `pages.${route}` });
    return pageMetadata({ locale, route, title: t('title'), description: t('description') });
  };
}

/** Their shared top: breadcrumbs back to "About us", the heading and an introduction. */
export async function AboutSubpageHeader({ locale, route, lead }: { locale: Locale; route: AboutRoute; lead: string }) {
  const [t, tn] = await Promise.all([
    getTranslations({ locale, namespace: `pages.${route}` }),
    getTranslations({ locale, namespace: 'nav' }),
  ]);
  return (
    <>
      <Breadcrumbs
        locale={locale}
        trail={[
          { name: tn('about'), href: pathFor('about', locale) },
          { name: t('heading'), href: pathFor(route, locale) },
        ]}
      />
      <h1>{t('heading')}</h1>
      <p className="lead">{lead}</p>
    </>
  );
}
