import { getTranslations } from 'next-intl/server';

import { PastGallery } from '@/components/content/PastGallery.client';
import { listPastImages } from '@/content/site';
import { resolveLocale } from '@/i18n/page-locale';

import { AboutSubpageHeader, aboutSubpageMetadata } from '../../_shared/about-subpage';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = aboutSubpageMetadata('past');

export default async function PastPage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [tp, items] = await Promise.all([
    getTranslations({ locale, namespace: 'content.past' }),
    listPastImages(locale),
  ]);
  return (
    <article className="page">
      <AboutSubpageHeader locale={locale} route="past" lead={tp('intro')} />
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
