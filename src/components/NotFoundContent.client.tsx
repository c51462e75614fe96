'use client';

import { usePathname } from 'next/navigation';

import { localePrefix } from '@/i18n/locales';
import ca from '@/i18n/messages/errors/ca.json';
import en from '@/i18n/messages/errors/en.json';
import es from '@/i18n/messages/errors/es.json';
import fr from '@/i18n/messages/errors/fr.json';
import { splitLocale } from '@/i18n/routes';

const notFoundMessages = { ca: ca.notFound, es: es.notFound, en: en.notFound, fr: fr.notFound };

/**
 * The 404 body. It reads the path from the router instead of the request headers: Next renders
 * the not-found boundary with every cached page, and reading headers there would make every page
 * dynamic. On the server the path is the internal one (`/ca/...`), so the Catalan prefix, which
 * visitors never see, is dropped.
 */
export function NotFoundContent({ brand, path }: { brand: string; path?: string }) {
  const routerPath = usePathname() ?? '/';
  const internal = path ?? routerPath;
  const { locale, rest } = splitLocale(internal);
  const visible = `${localePrefix(locale)}${rest === '/' && localePrefix(locale) ? '' : rest}`;
  const t = notFoundMessages[locale];
  return (
    <article className="page page--not-found">
      <title>{`${t.title} · ${brand}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.title}</h1>
      <p className="lead">{t.message.replace('{path}', visible)}</p>
      <p>{t.help}</p>
      <p>
        <a href={localePrefix(locale) || '/'} className="button">
          {t.backHome}
        </a>
      </p>
    </article>
  );
}
