import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';

import { JsonLd } from './JsonLd';

export type Crumb = { name: string; href: string };

/** Visible trail plus its BreadcrumbList; the last crumb is the current page. */
export async function Breadcrumbs({ locale, trail }: { locale: Locale; trail: Crumb[] }) {
  const t = await getTranslations({ locale, namespace: 'common' });
  const items = [{ name: t('home'), href: pathFor('home', locale) }, ...trail];
  const { SITE_URL } = env();
  return (
    <>
      <nav aria-label={t('breadcrumb')} className="breadcrumbs">
        <ol>
          {items.map((item, index) => (
            <li key={item.href}>
              {index === items.length - 1 ? (
                <span aria-current="page">{item.name}</span>
              ) : (
                <a href={item.href}>{item.name}</a>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: items.map((item, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: item.name,
            item: `${SITE_URL}${item.href}`,
          })),
        }}
      />
    </>
  );
}
