import 'server-only';

import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { defaultLocale, localeInfo, locales, type Locale } from '@/i18n/locales';
import { alternatesFor, type RouteName } from '@/i18n/routes';
import { env } from '@/lib/env';

type PageMetaInput = {
  locale: Locale;
  route: RouteName;
  params?: Record<string, string>;
  /** Page title without the brand; the home page uses its own full title. */
  title?: string;
  description?: string;
  noindex?: boolean;
};

/** Absolute URL of the social-sharing cover, on the media host (cloud storage in production). */
export function coverImageUrl(): string {
  return `${env().MEDIA_BASE_URL}/og-cover.jpg`;
}

/**
 * Title, description, canonical, hreflang, Open Graph and Twitter tags for one page, all from
 * the route table so that every locale's alternates agree.
 */
export async function pageMetadata(input: PageMetaInput): Promise<Metadata> {
  const { SITE_URL, SITE_BRAND } = env();
  const t = await getTranslations({ locale: input.locale, namespace: 'meta' });
  const fullTitle =
    input.route === 'home' || !input.title
      ? t('homeTitle', { brand: SITE_BRAND })
      : t('titleTemplate', { title: input.title, brand: SITE_BRAND });
  const description = input.description ?? t('homeDescription');
  const paths = alternatesFor(input.route, input.params);
  const absolute = (path: string) => `${SITE_URL}${path}`;
  const languages: Record<string, string> = Object.fromEntries(locales.map((l) => [l, absolute(paths[l])]));
  languages['x-default'] = absolute(paths[defaultLocale]);
  const image = { url: coverImageUrl(), width: 1200, height: 630, alt: t('homeTitle', { brand: SITE_BRAND }) };

  return {
    metadataBase: new URL(SITE_URL),
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: absolute(paths[input.locale]), languages },
    openGraph: {
      type: 'website',
      siteName: SITE_BRAND,
      title: fullTitle,
      description,
      url: absolute(paths[input.locale]),
      locale: localeInfo[input.locale].ogLocale,
      alternateLocale: locales.filter((l) => l !== input.locale).map((l) => localeInfo[l].ogLocale),
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, images: [image.url] },
    robots: input.noindex ? { index: false, follow: true } : undefined,
  };
}
