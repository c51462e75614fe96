import type { Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';

import { ConsentBanner } from './ConsentBanner.client';
import type { ConsentTexts } from './consent-config';
import { ASK_CONSENT_SCRIPT } from './consent-cookie';

/**
 * The cookie banner in the page's language, with the analytics settings from config. The script
 * before it decides, as the page is parsed, whether the server-rendered bar is drawn.
 */
export async function Consent({ locale }: { locale: Locale }) {
  const texts: ConsentTexts = (await loadMessages(locale)).consent;
  const config = env();
  return (
    <>
      {/* A constant of ours: the same text, so the same CSP hash, on every page. */}
      <script dangerouslySetInnerHTML={{ __html: ASK_CONSENT_SCRIPT }} />
      <ConsentBanner
        locale={locale}
        texts={texts}
        cookiesPolicyPath={pathFor('cookies', locale)}
        measurementId={config.GA_MEASUREMENT_ID ?? null}
        gtagScriptUrl={config.GTAG_SCRIPT_URL}
      />
    </>
  );
}
