import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Breadcrumbs } from '@/components/content/Breadcrumbs';
import { listBoats } from '@/content/site';
import { pathFor } from '@/i18n/routes';
import { pageMetadata } from '@/lib/metadata';

import { resolveLocale } from '../../_shared/info-page';
import { Img } from '@/components/content/Img';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.fleet' });
  return pageMetadata({ locale, route: 'fleet', title: t('title'), description: t('description') });
}

export default async function FleetPage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, tf, tn, boats] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.fleet' }),
    getTranslations({ locale, namespace: 'content.fleet' }),
    getTranslations({ locale, namespace: 'nav' }),
    listBoats(locale),
  ]);
  const metres = (value: number | null | undefined) =>
    value == null
      ? '—'
      : tf('metres', { value: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value) });
  return (
    <article className="page">
      <Breadcrumbs
        locale={locale}
        trail={[
          { name: tn('about'), href: pathFor('about', locale) },
          { name: t('heading'), href: pathFor('fleet', locale) },
        ]}
      />
      <h1>{t('heading')}</h1>
      <p className="lead">{t('description')}</p>
      <ul className="boat-list">
        {boats.map((boat) => (
          <li key={boat.slug} className="boat">
            {boat.picture ? (
              <Img
                className="boat__image"
                src={boat.picture.url}
                alt={boat.picture.alt}
                width={boat.picture.width}
                height={boat.picture.height}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <div className="boat__body">
              <h2>{boat.name}</h2>
              {boat.story ? <p>{boat.story}</p> : null}
              <dl className="boat__specs">
                <div>
                  <dt>{tf('length')}</dt>
                  <dd>{metres(boat.lengthMeters)}</dd>
                </div>
                <div>
                  <dt>{tf('breadth')}</dt>
                  <dd>{metres(boat.breadthMeters)}</dd>
                </div>
                <div>
                  <dt>{tf('launched')}</dt>
                  <dd>{boat.launchedYear ?? '—'}</dd>
                </div>
                <div>
                  <dt>{tf('capacity')}</dt>
                  <dd>{tf('passengers', { count: boat.capacity })}</dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
