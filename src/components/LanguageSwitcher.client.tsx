'use client';

import { usePathname } from 'next/navigation';

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeInfo, locales, type Locale } from '@/i18n/locales';
import { localePrefix } from '@/i18n/locales';
import { splitLocale } from '@/i18n/routes';

/** Remembers the choice so a later visit to the root opens in this language (docs/domain-rules.md#site-behaviour). */
function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}

export function LanguageSwitcher({ current, label }: { current: Locale; label: string }) {
  const pathname = usePathname() ?? '/';
  const { rest } = splitLocale(pathname);
  return (
    <nav aria-label={label} className="lang-switcher">
      <ul>
        {locales.map((locale) => {
          const href = `${localePrefix(locale)}${rest === '/' ? '' : rest}` || '/';
          return (
            <li key={locale}>
              <a
                href={href}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current ? 'true' : undefined}
                onClick={() => rememberLocale(locale)}
              >
                <span aria-hidden="true">{locale.toUpperCase()}</span>
                <span className="visually-hidden">{localeInfo[locale].label}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
