import { NextResponse, type NextRequest } from 'next/server';

import { legacyRedirectTarget } from './i18n/legacy-redirects';
import { defaultLocale, isLocale, LOCALE_COOKIE, matchAcceptLanguage, type Locale } from './i18n/locales';
import { contentIdKind, matchRoute, pathFor, splitLocale } from './i18n/routes';
import { createContentIdCatalogue, type ContentIds } from './lib/content-ids';
import { ORIGINAL_PATH_HEADER } from './lib/request-headers';
import { env } from './lib/env';
import { BOARDING_PATH, isStaffAppPath, OLD_BOARDING_PATH } from './lib/staff-app';
import { selfOrigin } from './lib/self-origin.mjs';
import { readThanksLink, thanksFragment } from './lib/thanks-link';
import { contentSecurityPolicy, HSTS_VALUE, permissionsPolicy, tileOrigin } from './security/headers';
import { ORIGINAL_QUERY_HEADER } from './security/shared-page-url.mjs';

const STAFF_REDIRECT_TTL_MS = 30_000;
const staffRedirectCache = new Map<string, { target: string | null; expires: number }>();
const LOOKUP_TIMEOUT_MS = 2000;
/** Appended to an unknown id's path: no route matches it, so Next serves the global 404. */
const UNKNOWN_ID_SUFFIX = '/__unknown-id';

/**
 * Where this instance answers its own lookups: itself, at the address scripts/server.mjs listens
 * on (the request's Host is the public name behind nginx, which the server may not reach).
 */
function lookupOrigin(request: NextRequest): string {
  const port = process.env.PORT;
  if (!port) return request.nextUrl.origin;
  return selfOrigin(process.env.HOSTNAME, port);
}

/** Set from the first request that asks (the request's origin is the fallback under next dev). */
let lookupBase = '';
const contentIds = createContentIdCatalogue({
  load: async () => {
    const response = await fetch(new URL('/api/site/content-ids', lookupBase), {
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`content ids: HTTP ${response.status}`);
    return (await response.json()) as ContentIds;
  },
});
// Content edits on this instance (src/collections/revalidate.ts) make the next question reload.
(globalThis as Record<symbol, unknown>)[Symbol.for('golondrinas.content-ids.forget')] = () => contentIds.forget();

/**
 * The query the visitor sent: scripts/server.mjs renders public pages from their bare path and
 * keeps the query aside for redirects like these (src/security/shared-page-url.mjs).
 */
function visitorSearch(request: NextRequest): string {
  return request.headers.get(ORIGINAL_QUERY_HEADER) ?? request.nextUrl.search;
}

function permanent(request: NextRequest, target: string): NextResponse {
  const url = /^https?:\/\//.test(target) ? new URL(target) : new URL(target, request.url);
  if (!/^https?:\/\//.test(target)) url.search = visitorSearch(request);
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
    const lookup = new URL('/api/site/redirect', lookupOrigin(request));
    lookup.searchParams.set('path', pathname);
    const response = await fetch(lookup, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
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

function perRequestNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
}

/**
 * Security headers. Public pages are the same for every visitor: behind scripts/server.mjs they
 * are rendered without a nonce and their inline scripts are allowed by hash, which the server
 * computes from the HTML, so a shared cache may keep page and header together
 * (docs/decisions/031-csp-hashes.md). The back office and the signed booking pages are per
 * visitor: Next reads the nonce from the request's CSP header while rendering; that nonce is the
 * render token, which the server swaps for a fresh value in every response (decision 030).
 */
function withSecurity(
  request: NextRequest,
  route: (forward: { request: { headers: Headers } }) => Promise<NextResponse>,
) {
  const config = env();
  const { pathname } = request.nextUrl;
  // The staff's phone app (src/app/(staff)) is per staff member like the back office.
  const admin = /^\/admin(\/|$)/.test(pathname) || isStaffAppPath(pathname);
  // Without the server (next dev) every request is rendered anyway: a fresh nonce each time.
  const hashed = Boolean(config.CSP_RENDER_TOKEN) && !admin && !isSignedBookingPath(pathname);
  const nonce = hashed ? null : (config.CSP_RENDER_TOKEN ?? perRequestNonce());
  const csp = contentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === 'development',
    formActionOrigins: config.PAYMENT_FORM_ORIGINS.split(/\s+/).filter(Boolean),
    gtagOrigin: config.GA_MEASUREMENT_ID ? new URL(config.GTAG_SCRIPT_URL).origin : null,
    mapTileOrigin: tileOrigin(config.MAP_TILE_URL),
    admin,
    upgradeInsecureRequests: config.APP_ENV === 'production',
  });
  const headers = new Headers(request.headers);
  // Next takes its nonce from this request header: a client must never choose it, and a public
  // page must be rendered with none at all (it is cached and served to everyone).
  if (nonce === null) headers.delete('content-security-policy');
  else headers.set('content-security-policy', csp);
  return route({ request: { headers } }).then((response) => {
    response.headers.set('Content-Security-Policy', csp);
    response.headers.set('Permissions-Policy', permissionsPolicy(pathname));
    if (config.APP_ENV === 'production') response.headers.set('Strict-Transport-Security', HSTS_VALUE);
    if (admin) response.headers.set('Cache-Control', 'private, no-store');
    return response;
  });
}

/**
 * The thank-you page is public and cached, and Next writes the address it rendered into the
 * page: it must never be rendered with the gateway's `?reserva=…&firma=…`, or the next visitor
 * gets this buyer's tickets (issue 25). The link moves into the fragment, which no server or
 * cache sees (src/lib/thanks-link.ts); anything else in the query (the gateway's own
 * parameters, a made-up one) is dropped. The redirect itself names the link: no one keeps it.
 */
function thanksWithoutQuery(request: NextRequest): NextResponse {
  const target = new URL(request.nextUrl.pathname, request.url);
  const link = readThanksLink(request.nextUrl.search);
  if (link) target.hash = thanksFragment(link);
  const response = NextResponse.redirect(target, 303);
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

/** A booking's page, opened with its signed link: personal, never shared, never hashed. */
function isSignedBookingPath(pathname: string): boolean {
  return /^\/reserva(\/|$)/.test(splitLocale(pathname).rest);
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest): Promise<NextResponse> {
  return withSecurity(request, (forward) => route(request, forward));
}

async function route(request: NextRequest, forward: { request: { headers: Headers } }): Promise<NextResponse> {
  const { pathname } = request.nextUrl;

  // The crew's boarding page left Payload's admin for the staff's own app (issue 46): old links,
  // bookmarks and installed apps follow it, with the departure they asked for.
  if (pathname === OLD_BOARDING_PATH) {
    const target = new URL(BOARDING_PATH, request.url);
    target.search = request.nextUrl.search;
    const response = NextResponse.redirect(target, 308);
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  }

  // The back office and the staff's app render per request: they only need the headers.
  if (/^\/admin(\/|$)/.test(pathname) || isStaffAppPath(pathname)) return NextResponse.next(forward);

  // Old URLs first, so an old link with a trailing slash takes one redirect, not two.
  const legacy = legacyRedirectTarget(pathname);
  if (legacy) return permanent(request, legacy);

  if (pathname.length > 1 && pathname.endsWith('/')) {
    return permanent(request, pathname.replace(/\/+$/, '') || '/');
  }

  const { locale, rest, explicit } = splitLocale(pathname);
  if (explicit && locale === defaultLocale) return permanent(request, rest);

  // A path that is not percent-encoded UTF-8 (`/es/tour/%ff`) names no page; decoding its id
  // threw, a 500 (issue 25). Old Latin-1 links were answered by the legacy redirects above.
  if (!decodable(pathname)) {
    const unknown = request.nextUrl.clone();
    unknown.pathname = `/${locale}${UNKNOWN_ID_SUFFIX}`;
    return NextResponse.rewrite(unknown, forward);
  }

  // Files from public/ (favicon, fonts, images) pass straight through.
  if (/\.[a-z0-9]{2,5}$/i.test(pathname)) return NextResponse.next(forward);

  // docs/domain-rules.md#site-behaviour: the language is guessed only for a visitor arriving at the root.
  if (pathname === '/') {
    const preferred = preferredLocale(request);
    if (preferred !== defaultLocale) {
      const home = new URL(pathFor('home', preferred), request.url);
      home.search = visitorSearch(request);
      const response = NextResponse.redirect(home, 307);
      response.headers.set('Vary', 'Cookie, Accept-Language');
      return response;
    }
  }

  const matched = matchRoute(rest);
  if (matched?.name === 'thanks' && request.nextUrl.search) return thanksWithoutQuery(request);
  if (!matched) {
    const target = await staffRedirect(request, pathname);
    if (target) return permanent(request, target);
  }

  forward.request.headers.set(ORIGINAL_PATH_HEADER, pathname);

  // A tour or school page whose id names nothing: a renamed tour's staff redirect, else the
  // server-rendered 404 (the page's own notFound() would be an empty shell until scripts run).
  const kind = matched && contentIdKind(matched.name);
  if (kind) {
    lookupBase = lookupOrigin(request);
    if ((await contentIds.exists(kind, matched.params.id ?? '')) === false) {
      const target = await staffRedirect(request, pathname);
      if (target) return permanent(request, target);
      const unknown = request.nextUrl.clone();
      unknown.pathname = `/${locale}${rest}${UNKNOWN_ID_SUFFIX}`;
      return NextResponse.rewrite(unknown, forward);
    }
  }

  if (explicit) return NextResponse.next(forward);
  const internal = request.nextUrl.clone();
  internal.pathname = `/${defaultLocale}${rest === '/' ? '' : rest}`;
  return NextResponse.rewrite(internal, forward);
}

export const config = {
  // Everything but Next's assets, the APIs and the health check (next.config.ts heads those).
  matcher: ['/((?!_next/|api/|octo/|healthz|sitemap\\.xml|robots\\.txt).*)'],
};
