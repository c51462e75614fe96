import { getTranslations } from 'next-intl/server';

import { listSchoolTours, listTours, menuGroups } from '@/content/tours';
import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';

import { LanguageSwitcher } from './LanguageSwitcher.client';
import { SiteMenu } from './SiteMenu.client';

/**
 * The menu is a <details> disclosure: it opens, closes and is keyboard-operable with no
 * JavaScript at all; SiteMenu adds Escape, a focus trap and closing after navigation.
 */
export async function SiteHeader({ locale }: { locale: Locale }) {
  const [t, tc, tours, schoolTours] = await Promise.all([
    getTranslations({ locale, namespace: 'nav' }),
    getTranslations({ locale, namespace: 'common' }),
    listTours(locale),
    listSchoolTours(locale),
  ]);
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <a href={pathFor('home', locale)} className="brand">
          <svg className="brand__logo" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="23" fill="#ffbf47" />
            <path d="M9 28h30l-4 7H13z" fill="#ffffff" />
            <path d="M14 22h20v6H14z" fill="#e7f1f4" />
            <path d="M12 19h24" stroke="#073b4f" strokeWidth="2" />
            <path d="M10 14q7-5 14 0q7-5 14 0q-7-2-14 3q-7-5-14-3z" fill="#073b4f" />
            <path d="M8 38q4-2 8 0t8 0t8 0t8 0" stroke="#0b5d7a" strokeWidth="2" fill="none" />
          </svg>
          <span className="brand__name">{env().SITE_BRAND}</span>
          <span className="brand__since">1888</span>
        </a>
        <LanguageSwitcher current={locale} label={tc('languageSwitcher')} />
        <SiteMenu label={tc('menu')}>
          <nav aria-label={tc('mainNavigation')} className="site-nav">
            <ul className="site-nav__list">
              {menuGroups.map((group) => {
                const items = tours.filter((tour) => group.kinds.includes(tour.kind));
                if (items.length === 0) return null;
                return (
                  <li key={group.key} className="site-nav__group">
                    <span className="site-nav__heading">{t(group.key)}</span>
                    <ul>
                      {items.map((tour) => (
                        <li key={tour.slug}>
                          <a href={pathFor('tour', locale, { id: tour.slug })}>{tour.title}</a>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
              <li className="site-nav__group">
                <span className="site-nav__heading">{t('groupsAndAgencies')}</span>
                <ul>
                  {schoolTours.map((school) => (
                    <li key={school.slug}>
                      <a href={pathFor('school', locale, { id: school.slug })}>{school.title}</a>
                    </li>
                  ))}
                  <li>
                    <a href={pathFor('groups', locale)}>{t('groups')}</a>
                  </li>
                  <li>
                    <a href={pathFor('agencies', locale)}>{t('agencies')}</a>
                  </li>
                </ul>
              </li>
              <li className="site-nav__group">
                <span className="site-nav__heading">{t('about')}</span>
                <ul>
                  <li>
                    <a href={pathFor('about', locale)}>{t('about')}</a>
                  </li>
                  <li>
                    <a href={pathFor('fleet', locale)}>{t('fleet')}</a>
                  </li>
                  <li>
                    <a href={pathFor('past', locale)}>{t('past')}</a>
                  </li>
                  <li>
                    <a href={pathFor('contact', locale)}>{t('contact')}</a>
                  </li>
                </ul>
              </li>
            </ul>
          </nav>
        </SiteMenu>
      </div>
    </header>
  );
}
