import { isLocale, localePrefix, type Locale } from '@/i18n/locales';
import { env } from '@/lib/env';
import { SANDBOX_PAGE_PATH, readSandboxRequest } from '@/payments';

export const dynamic = 'force-dynamic';

const FIELDS = ['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature'] as const;

/**
 * Where the checkout posts the sandbox gateway's redirect form (the same three signed fields a
 * Redsys form carries). A page cannot read a POST body, so this hands the fields on to the page
 * in the query string, as Redsys' own pages do with their return URLs. The page verifies them.
 */
async function handle(request: Request, context: { params: Promise<{ locale: string }> }): Promise<Response> {
  if (env().APP_ENV === 'production') return new Response('Not found', { status: 404 });
  const params = await context.params;
  const fields: Record<string, string> = {};
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    for (const name of FIELDS) {
      const value = form?.get(name);
      if (typeof value === 'string') fields[name] = value;
    }
  }
  // The page speaks the visitor's language, which the signed request carries (as Redsys does).
  const opened = readSandboxRequest(fields, { siteUrl: env().SITE_URL });
  const locale: Locale = opened.ok ? opened.request.locale : isLocale(params.locale) ? params.locale : 'ca';
  // Relative, so the visitor stays on the host and port they came on (SITE_URL may name another).
  const query = new URLSearchParams(fields);
  const target = `${localePrefix(locale)}${SANDBOX_PAGE_PATH}/pagar${query.size > 0 ? `?${query}` : ''}`;
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}

export { handle as GET, handle as POST };
