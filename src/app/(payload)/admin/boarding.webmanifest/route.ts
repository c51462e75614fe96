import { webManifest } from '@/components/boarding/offline-app';
import { defaultLocale, isLocale } from '@/i18n/locales';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';

const messages = { ca, es, en, fr };

/**
 * GET /admin/boarding.webmanifest?lang=ca: the boarding page as an installable app, named in the
 * crew member's language (browsers fetch a manifest without cookies: the page names the language).
 */
export function GET(request: Request) {
  const lang = new URL(request.url).searchParams.get('lang');
  const locale = isLocale(lang) ? lang : defaultLocale;
  const t = messages[locale].boarding;
  return new Response(JSON.stringify(webManifest({ name: t.appName, shortName: t.title, lang: locale })), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
