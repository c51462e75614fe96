import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import { PastGallery } from '@/components/content/PastGallery.client';
import { listPastImages } from '@/content/site';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';

import { resolveLocale } from '../../_shared/info-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.past' });
  return pageMetadata({ locale, route: 'past', title: t('title'), description: t('description') });
}

export default async function PastPage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, tp, tn, items] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.past' }),
    getTranslations({ locale, namespace: 'content.past' }),
    getTranslations({ locale, namespace: 'nav' }),
    listPastImages(locale),
  ]);
  return (
    <article className="page">
      <Breadcrumbs
        locale={locale}
        trail={[
          { name: tn('about'), href: pathFor('about', locale) },
          { name: t('heading'), href: pathFor('past', locale) },
        ]}
      />
      <h1>{t('heading')}</h1>
      <p className="lead">{tp('intro')}</p>
      <PastGallery
        items={items}
        labels={{
          enlarge: tp.raw('enlarge') as string,
          dialog: tp('dialog'),
          close: tp('close'),
          previous: tp('previous'),
          next: tp('next'),
          counter: tp.raw('counter') as string,
        }}
      />
    </article>
  );
}
