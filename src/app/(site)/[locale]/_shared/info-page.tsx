import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

import { isLocale, type Locale } from '@/i18n/locales';
import type { RouteName } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';

type InfoRoute = Exclude<RouteName, 'home' | 'tour' | 'tourTest' | 'school'>;
type Props = { params: Promise<{ locale: string }> };

export async function resolveLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

/**
 * The information pages share one shape: a heading and an introduction from the translations.
 * The content issue fills their bodies from the CMS.
 */
export function infoPage(route: InfoRoute, options: { noindex?: boolean } = {}) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const locale = await resolveLocale(params);
    const t = await getTranslations({ locale, namespace: `pages.${route}` });
    return pageMetadata({ locale, route, title: t('title'), description: t('description'), ...options });
  }

  async function Page({ params }: Props) {
    const locale = await resolveLocale(params);
    const t = await getTranslations({ locale, namespace: `pages.${route}` });
    return (
      <article className="page">
        <h1>{t('heading')}</h1>
        <p className="lead">{t('description')}</p>
      </article>
    );
  }

  return { generateMetadata, Page };
}
