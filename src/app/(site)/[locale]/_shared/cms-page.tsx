import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import { RichText } from '@/components/content/RichText';
import type { PageKey } from '@/collections/Pages';
import { picture } from '@/content/media';
import { getPage } from '@/content/site';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';

import { DRAWN_WIDTH, Img } from '@/components/content/Img';
import { resolveLocale } from '@/i18n/page-locale';

type Props = { params: Promise<{ locale: string }> };
type CmsRoute = 'about' | 'legal' | 'companyPolicy' | 'privacy' | 'terms' | 'cookies';

/** A page whose whole text staff write in the back office (`pages` collection). */
export function cmsPage(route: CmsRoute, key: PageKey = route) {
  async function load(params: Props['params']) {
    const locale = await resolveLocale(params);
    const page = await getPage(key, locale);
    if (!page) notFound();
    return { locale, page };
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, page } = await load(params);
    const t = await getTranslations({ locale, namespace: `pages.${route}` });
    return pageMetadata({
      locale,
      route,
      title: page.title,
      description: page.seo?.description || page.intro || t('description'),
    });
  }

  async function Page({ params }: Props) {
    const { locale, page } = await load(params);
    const image = picture(page.image);
    return (
      <article className="page text-page">
        <Breadcrumbs locale={locale} trail={[{ name: page.title, href: pathFor(route as 'about', locale) }]} />
        <h1>{page.title}</h1>
        {page.intro ? <p className="lead">{page.intro}</p> : null}
        {image ? <Img className="text-page__image" picture={image} sizes={DRAWN_WIDTH.textColumn} /> : null}
        <RichText data={page.body} />
      </article>
    );
  }

  return { generateMetadata, Page };
}
