import 'server-only';

import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';

import { isLocale, type Locale } from './locales';

/** The locale of a page's `[locale]` segment: 404 for anything else, and set for next-intl's static rendering. */
export async function resolveLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
