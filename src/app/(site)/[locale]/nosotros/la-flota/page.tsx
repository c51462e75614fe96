import { getTranslations } from 'next-intl/server';

import { DRAWN_WIDTH, Img } from '@/components/content/Img';
import { listBoats } from '@/content/site';
import { resolveLocale } from '@/i18n/page-locale';

import { AboutSubpageHeader, aboutSubpageMetadata } from '../../_shared/about-subpage';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = aboutSubpageMetadata('fleet');

export default async function FleetPage({ params }: Props) {
  const locale = await resolveLocale(params);
  const [t, tf, boats] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.fleet' }),
    getTranslations({ locale, namespace: 'content.fleet' }),
    listBoats(locale),
  ]);
  const metres = (value: number | null | undefined) =>
    value == null
      ? '—'
      : tf('metres', { value: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value) });
  return (
    <article className="page">
      <AboutSubpageHeader locale={locale} route="fleet" lead={t('description')} />
      <ul className="boat-list">
        {boats.map((boat, i) => (
          <li key={boat.slug} className="boat">
            {boat.picture ? (
              // The first two boats can be on the first screen (a desktop's): fetched at once, the
              // first (the largest paint) before anything else.
              <Img
                className="boat__image"
                picture={boat.picture}
                sizes={DRAWN_WIDTH.boat}
                loading={i < 2 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i < 2 ? undefined : 'async'}
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
