/**
 * The one list of locales: the router, the CMS, e-mails and PDFs all read it.
 * Catalan is the default and the only unprefixed locale.
 */
export const locales = ['ca', 'es', 'en', 'fr'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ca';

export const localeInfo: Record<Locale, { iso: string; ogLocale: string; label: string }> = {
  ca: { iso: 'ca-ES', ogLocale: 'ca_ES', label: 'Català' },
  es: { iso: 'es-ES', ogLocale: 'es_ES', label: 'Español' },
  en: { iso: 'en-GB', ogLocale: 'en_GB', label: 'English' },
  fr: { iso: 'fr-FR', ogLocale: 'fr_FR', label: 'Français' },
};

export const LOCALE_COOKIE = 'NEXT_LOCALE';
/** docs/domain-rules.md#site-behaviour: the language choice is remembered for 365 days. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The prefix a locale's paths carry: '' for Catalan, '/es' etc. for the others. */
export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/**
 * Picks the best supported locale from an Accept-Language header, honouring q-values.
 * Region subtags fall back to their language ("en-US" -> en).
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((p) => p.trim().startsWith('q='));
      const q = qParam ? Number.parseFloat(qParam.trim().slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    if (isLocale(language)) return language;
  }
  return undefined;
}
