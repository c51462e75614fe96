import { localePrefix, type Locale } from '@/i18n/locales';
import { visiblePath } from '@/i18n/routes';
import ca from '@/i18n/messages/errors/ca.json';
import en from '@/i18n/messages/errors/en.json';
import es from '@/i18n/messages/errors/es.json';
import fr from '@/i18n/messages/errors/fr.json';

import { NotFoundPath } from './NotFoundPath.client';

const notFoundMessages = { ca: ca.notFound, es: es.notFound, en: en.notFound, fr: fr.notFound };

/**
 * The 404 body, rendered on the server in the page's language: only the path it names needs the
 * browser. Next renders the `[locale]` not-found boundary with every cached page, so reading the
 * request there would make every page dynamic; there the path comes from the router
 * (`NotFoundPath`, a few hundred bytes of client code on every page instead of all four languages'
 * texts). The global 404 knows the request's path and passes it.
 */
export function NotFoundContent({ brand, locale, path }: { brand: string; locale: Locale; path?: string }) {
  const t = notFoundMessages[locale];
  const [before, after = ''] = t.message.split('{path}');
  return (
    <article className="page page--not-found">
      <title>{`${t.title} · ${brand}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.title}</h1>
      <p className="lead">
        {before}
        {path === undefined ? <NotFoundPath /> : visiblePath(path)}
        {after}
      </p>
      <p>{t.help}</p>
      <p>
        <a href={localePrefix(locale) || '/'} className="button">
          {t.backHome}
        </a>
      </p>
    </article>
  );
}
