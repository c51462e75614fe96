import { NextResponse, type NextRequest } from 'next/server';

import { legacyRedirectTarget } from './i18n/legacy-redirects';
import { defaultLocale, isLocale, LOCALE_COOKIE, matchAcceptLanguage, type Locale } from './i18n/locales';
import { matchRoute, pathFor, splitLocale } from './i18n/routes';
import { ORIGINAL_PATH_HEADER } from './lib/request-headers';

const STAFF_REDIRECT_TTL_MS = 30_000;
const staffRedirectCache = new Map<string, { target: string | null; expires: number }>();

function permanent(request: NextRequest, target: string): NextResponse {
  const url = /^https?:\/\//.test(target) ? new URL(target) : new URL(target, request.url);
  if (!/^https?:\/\//.test(target)) url.search = request.nextUrl.search;
  return NextResponse.redirect(url, 301);
}

/**
 * Redirects staff keep in the back office. Only paths the route table does not know get here,
 * so pages never pay for the lookup; answers are cached briefly per instance.
 */
async function staffRedirect(request: NextRequest, pathname: string): Promise<string | null> {
  const now = Date.now();
  const cached = staffRedirectCache.get(pathname);
  if (cached && cached.expires > now) return cached.target;
  let target: string | null = null;
  try {
    const lookup = new URL('/api/site/redirect', request.nextUrl.origin);
    lookup.searchParams.set('path', pathname);
    const response = await fetch(lookup, { signal: AbortSignal.timeout(2000) });
    if (response.ok) target = ((await response.json()) as { to?: string | null }).to ?? null;
  } catch {
    // A slow or failing lookup must not take the page down: the visitor gets the 404 page.
    return null;
  }
  if (staffRedirectCache.size > 5000) staffRedirectCache.clear();
  staffRedirectCache.set(pathname, { target, expires: now + STAFF_REDIRECT_TTL_MS });
  return target;
}

function preferredLocale(request: NextRequest): Locale {
  const stored = request.cookies.get(LOCALE_COOKIE)?.value;
  if (isLocale(stored)) return stored;
  return matchAcceptLanguage(request.headers.get('accept-language')) ?? defaultLocale;
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;

  // Old URLs first, so an old link with a trailing slash takes one redirect, not two.
  const legacy = legacyRedirectTarget(pathname);
  if (legacy) return permanent(request, legacy);

  if (pathname.length > 1 && pathname.endsWith('/')) {
    return permanent(request, pathname.replace(/\/+$/, '') || '/');
  }

  const { locale, rest, explicit } = splitLocale(pathname);
  if (explicit && locale === defaultLocale) return permanent(request, rest);

  // Files from public/ (favicon, fonts, images) pass straight through.
  if (/\.[a-z0-9]{2,5}$/i.test(pathname)) return NextResponse.next();

  // SPEC §2: the language is guessed only for a visitor arriving at the root.
  if (pathname === '/') {
    const preferred = preferredLocale(request);
    if (preferred !== defaultLocale) {
      const response = NextResponse.redirect(new URL(pathFor('home', preferred), request.url), 307);
      response.headers.set('Vary', 'Cookie, Accept-Language');
      return response;
    }
  }

  if (!matchRoute(rest)) {
    const target = await staffRedirect(request, pathname);
    if (target) return permanent(request, target);
  }

  const headers = new Headers(request.headers);
  headers.set(ORIGINAL_PATH_HEADER, pathname);
  if (explicit) return NextResponse.next({ request: { headers } });
  const internal = request.nextUrl.clone();
  internal.pathname = `/${defaultLocale}${rest === '/' ? '' : rest}`;
  return NextResponse.rewrite(internal, { request: { headers } });
}

export const config = {
  // Everything but Next's assets, the back office, the APIs and the health check.
  matcher: ['/((?!_next/|admin(?:/|$)|api/|healthz|sitemap\\.xml|robots\\.txt).*)'],
};
