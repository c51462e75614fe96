import { getLocale } from 'next-intl/server';

import { NotFoundContent } from '@/components/NotFoundContent';
import { defaultLocale, isLocale } from '@/i18n/locales';
import { env } from '@/lib/env';

// The layout has set the request's locale (resolveLocale): no request headers are read here.
export default async function NotFound() {
  const locale = await getLocale();
  return <NotFoundContent brand={env().SITE_BRAND} locale={isLocale(locale) ? locale : defaultLocale} />;
}
