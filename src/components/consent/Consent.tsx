import type { Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';

import { ConsentBanner } from './ConsentBanner.client';
import type { ConsentTexts } from './consent-config';

/** The cookie banner in the page's language, with the analytics settings from config. */
export async function Consent({ locale }: { locale: Locale }) {
  const texts: ConsentTexts = (await loadMessages(locale)).consent;
  const config = env();
  return (
    <ConsentBanner
      locale={locale}
      texts={texts}
      cookiesPolicyPath={pathFor('cookies', locale)}
      measurementId={config.GA_MEASUREMENT_ID ?? null}
      gtagScriptUrl={config.GTAG_SCRIPT_URL}
    />
  );
}
