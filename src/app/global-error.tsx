'use client';

import './(site)/site.css';

import { useEffect } from 'react';

import { splitLocale } from '@/i18n/routes';
import ca from '@/i18n/messages/errors/ca.json';
import en from '@/i18n/messages/errors/en.json';
import es from '@/i18n/messages/errors/es.json';
import fr from '@/i18n/messages/errors/fr.json';

const errorMessages = { ca: ca.error, es: es.error, en: en.error, fr: fr.error };

/**
 * The error layout (docs/domain-rules.md#site-behaviour): replaces the whole app when rendering fails, in the visitor's
 * language, with a way forward that does not depend on the broken page.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
  const { locale } = splitLocale(pathname);
  const t = errorMessages[locale];
  useEffect(() => {
    console.error(error.digest ?? error.message);
  }, [error]);
  return (
    <html lang={locale}>
      <body className="error-layout">
        <title>{t.title}</title>
        <main className="page page--error">
          <h1>{t.title}</h1>
          <p className="lead">{t.message}</p>
          <p className="actions">
            <button type="button" className="button" onClick={() => reset()}>
              {t.retry}
            </button>
            <a className="button button--secondary" href={locale === 'ca' ? '/' : `/${locale}`}>
              {t.backHome}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
