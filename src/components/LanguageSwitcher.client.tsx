'use client';

import { usePathname } from 'next/navigation';

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeInfo, locales, type Locale } from '@/i18n/locales';
import { localePrefix } from '@/i18n/locales';
import { splitLocale } from '@/i18n/routes';

/**
 * The cookie that remembers the choice so a later visit to the root opens in this language
 * (docs/domain-rules.md#site-behaviour). It is on the link itself: a tap before the page has
 * hydrated is remembered by the page's start script (src/perf/deferred-scripts.mjs).
 */
function rememberLocale(locale: Locale) {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
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
                data-set-cookie={rememberLocale(locale)}
                onClick={(event) => {
                  document.cookie = event.currentTarget.dataset.setCookie!;
                }}
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
