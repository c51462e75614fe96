import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { JsonLd } from '@/components/content/JsonLd';
import { Prose } from '@/components/content/Prose';
import { TourGrid } from '@/components/content/TourCard';
import { TodaysDepartures } from '@/components/slots/TodaysDepartures';
import { picture } from '@/content/media';
import { getHome, getSite } from '@/content/site';
import { localBusiness } from '@/content/structured-data';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';
import { pageMetadata } from '@/lib/metadata';

import { Hero } from '@/components/content/Hero';
import { DRAWN_WIDTH, Img } from '@/components/content/Img';
import { resolveLocale } from '@/i18n/page-locale';
import { written } from '@/i18n/written';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata({ locale: await resolveLocale(params), route: 'home' });
}

export default async function HomePage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, th, tc, tn, site, home] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.home' }),
    getTranslations({ locale, namespace: 'content.home' }),
    getTranslations({ locale, namespace: 'content.common' }).then((t) => written(locale, t)),
    getTranslations({ locale, namespace: 'nav' }),
    getSite(locale),
    getHome(locale),
  ]);
  const hero = picture(site.heroImage);
  const labels = {
    minutes: (minutes: number) => tc('minutes', { minutes }),
    priceFrom: (price: string) => tc('priceFrom', { price }),
  };
  const first = home.featured[0];
  return (
    <article className="page home">
      <Hero variant="home" image={hero}>
        <p className="eyebrow eyebrow--light">{t('heading')}</p>
        <h1>{site.slogan || t('heading')}</h1>
        <div className="actions">
          {first ? (
            <a
              className="button button--large button--sun"
              href={`${pathFor('tour', locale, { id: first.slug })}#reservar`}
            >
              {tc('bookTickets')}
            </a>
          ) : null}
          <a className="button button--large button--ghost" href="#featured-heading">
            {th('featured')}
          </a>
        </div>
      </Hero>

      <TodaysDepartures locale={locale} tours={home.featured} />

      <section className="section" aria-labelledby="featured-heading">
        <h2 id="featured-heading">{th('featured')}</h2>
        <TourGrid tours={home.featured} locale={locale} labels={labels} />
      </section>

      {home.combined.length ? (
        <section className="section" aria-labelledby="combined-heading">
          <h2 id="combined-heading">{th('combined')}</h2>
          <p className="section__intro">{th('combinedIntro')}</p>
          <TourGrid tours={home.combined} locale={locale} labels={labels} />
        </section>
      ) : null}

      {home.forum.length ? (
        <section className="section" aria-labelledby="forum-heading">
          <h2 id="forum-heading">{th('forum')}</h2>
          <p className="section__intro">{th('forumIntro')}</p>
          <TourGrid tours={home.forum} locale={locale} labels={labels} />
        </section>
      ) : null}

      <section className="section history" aria-labelledby="history-heading">
        <div>
          <p className="eyebrow">1888</p>
          <h2 id="history-heading">{site.historyTitle}</h2>
          <Prose text={site.historyText} />
          <p className="actions">
            <a className="button button--secondary" href={pathFor('about', locale)}>
              {tn('about')}
            </a>
            <a className="button button--secondary" href={pathFor('past', locale)}>
              {tn('past')}
            </a>
          </p>
        </div>
        {site.openingTimes ? (
          <aside className="card" aria-labelledby="hours-heading">
            <h3 id="hours-heading">{th('openingTimes')}</h3>
            <Prose text={site.openingTimes} />
          </aside>
        ) : null}
      </section>

      {home.gallery.length ? (
        <section className="section" aria-labelledby="gallery-heading">
          <h2 id="gallery-heading">{th('gallery')}</h2>
          <ul className="photo-strip">
            {home.gallery.map((image) => (
              <li key={image.url}>
                <Img picture={image} sizes={DRAWN_WIDTH.gridTrack} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <JsonLd data={localBusiness(site, locale, env().SITE_URL, pathFor('home', locale))} />
    </article>
  );
}
