import Link from 'next/link';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';

import { splitLocale, pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';
import { ORIGINAL_PATH_HEADER } from '@/lib/request-headers';

export default async function NotFound() {
  const path = (await headers()).get(ORIGINAL_PATH_HEADER) ?? '/';
  const { locale } = splitLocale(path);
  const t = await getTranslations({ locale, namespace: 'notFound' });
  return (
    <article className="page page--not-found">
      <title>{`${t('title')} · ${env().SITE_BRAND}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('message', { path })}</p>
      <p>{t('help')}</p>
      <p>
        <Link href={pathFor('home', locale)} className="button">
          {t('backHome')}
        </Link>
      </p>
    </article>
  );
}
