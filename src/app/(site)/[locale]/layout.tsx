import '../fonts.css';
import '../site.css';

import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';

import { Consent } from '@/components/consent/Consent';
import { EarlyClicks } from '@/components/EarlyClicks.client';
import { PageTransition } from '@/components/PageTransition.client';
import { SiteFooter } from '@/components/SiteFooter';
import { SiteHeader } from '@/components/SiteHeader';
import { resolveLocale } from '@/i18n/page-locale';

import { displayFont, textFont } from '../site-fonts';

// Pages render on first request and are then served from cache; staff edits revalidate them.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    // The consent script adds a class before hydration (src/components/consent/Consent.tsx).
    <html lang={locale} className={`${displayFont.variable} ${textFont.variable}`} suppressHydrationWarning>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        <SiteHeader locale={locale} />
        <PageTransition>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        </PageTransition>
        <SiteFooter locale={locale} />
        <Consent locale={locale} />
        <EarlyClicks />
      </body>
    </html>
  );
}
