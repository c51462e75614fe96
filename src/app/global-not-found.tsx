import './(site)/fonts.css';
import './(site)/site.css';

import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';

import { NotFoundContent } from '@/components/NotFoundContent';
import { SiteFooter } from '@/components/SiteFooter';
import { SiteHeader } from '@/components/SiteHeader';
import { splitLocale } from '@/i18n/routes';
import { env } from '@/lib/env';
import { ORIGINAL_PATH_HEADER } from '@/lib/request-headers';

import { displayFont, textFont } from './(site)/site-fonts';

async function visitorLocale() {
  const path = (await headers()).get(ORIGINAL_PATH_HEADER) ?? '/';
  return { path, locale: splitLocale(path).locale };
}

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await visitorLocale();
  const t = await getTranslations({ locale, namespace: 'notFound' });
  return { title: `${t('title')} · ${env().SITE_BRAND}`, robots: { index: false } };
}

/**
 * Paths no route matches, and tour or school ids that name nothing (the proxy sends those here,
 * src/proxy.ts): the site's own chrome and faces around the localized 404 message, status 404.
 */
export default async function GlobalNotFound() {
  const { path, locale } = await visitorLocale();
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    <html lang={locale} className={`${displayFont.variable} ${textFont.variable}`}>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        <SiteHeader locale={locale} />
        <main id="main" tabIndex={-1}>
          <NotFoundContent brand={env().SITE_BRAND} locale={locale} path={path} />
        </main>
        <SiteFooter locale={locale} />
      </body>
    </html>
  );
}
