import { APPS, webManifest, type StaffApp } from '@/components/staff-app/offline-app';
import { defaultLocale, isLocale } from '@/i18n/locales';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';

const messages = { ca, es, en, fr };

/**
 * GET /staff/manifest/boarding?lang=ca (or /door): a page of the staff's app as an installable app,
 * named in the staff member's language (browsers fetch a manifest without cookies: the page names
 * the language).
 */
export async function GET(request: Request, context: { params: Promise<{ app: string }> }) {
  const { app } = await context.params;
  if (!Object.hasOwn(APPS, app)) return new Response('Not found', { status: 404 });
  const lang = new URL(request.url).searchParams.get('lang');
  const locale = isLocale(lang) ? lang : defaultLocale;
  const t = messages[locale][app as StaffApp];
  return new Response(
    JSON.stringify(webManifest({ app: app as StaffApp, name: t.appName, shortName: t.title, lang: locale })),
    {
      headers: {
        'Content-Type': 'application/manifest+json; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      },
    },
  );
}
