/**
 * The security headers every page and back-office response carries. Pure functions: the proxy
 * calls them per request, `next.config.ts` for the paths the proxy does not run on, and the
 * unit tests pin the policy. See docs/decisions/030-csp.md for why the nonce is a render token
 * that `scripts/server.mjs` swaps for a fresh value on every response.
 */

import { isCameraPath } from '../lib/staff-app';

/** Google's hosts that gtag.js talks to once analytics consent is given (Consent Mode v2). */
export const GOOGLE_ANALYTICS_ORIGINS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
] as const;

/** Where gtag.js and the scripts it loads come from (script-src of public pages, with consent). */
const GTAG_SCRIPT_ORIGINS = 'https://*.googletagmanager.com';

/** The Redsys pages the checkout form posts to (test and production terminals). */
export const REDSYS_FORM_ACTION_ORIGINS = ['https://sis-t.redsys.es:25443', 'https://sis.redsys.es'] as const;

/**
 * Stands in script-src for the hashes of a public page's inline scripts: the proxy cannot know
 * them, scripts/server.mjs computes them from the rendered HTML and puts them in its place
 * (src/security/inline-hashes.mjs, docs/decisions/031-csp-hashes.md). Same text in both files.
 */
export const INLINE_SCRIPT_HASHES = "'inline-script-hashes'";

/**
 * The hash of the consent bar's pre-paint script (ASK_CONSENT_SCRIPT in
 * src/components/consent/consent-cookie.ts; a unit test holds them together). Pages rendered with
 * a nonce (signed booking pages) name it: React renders our inline script without Next's nonce.
 */
export const ASK_CONSENT_SCRIPT_HASH = "'sha256-y0BAaI7Dk5feIldD5dR1aohuKHu4yqBpJ0qwbCdhiSM='";

export interface CspOptions {
  /**
   * The nonce Next puts on every script it renders (back office, signed booking pages, dev), or
   * null for a public page, whose inline scripts are allowed by hash so the page is the same for
   * every visitor and a shared cache may keep it.
   */
  nonce: string | null;
  /** `next dev` needs eval for React's debugging aids; production builds never do. */
  dev: boolean;
  /** Where forms may post besides ourselves (the payment gateway's redirect page). */
  formActionOrigins: readonly string[];
  /** The origin gtag.js is loaded from (Google, or a local stub in tests). */
  gtagOrigin: string | null;
  /** Where the interactive map's tiles come from (origin, `*.` for `{s}` subdomains), or null. */
  mapTileOrigin?: string | null;
  /** Payload's admin renders rich-text previews, media and inline styles of its own. */
  admin: boolean;
  upgradeInsecureRequests: boolean;
}

function scriptSources(o: CspOptions): string[] {
  const dev = o.dev ? ["'unsafe-eval'"] : [];
  // Browsers that know 'strict-dynamic' ignore 'self' and https: here; older ones fall back to them.
  // gtag.js is inserted by our own (nonced) code, so 'strict-dynamic' lets it run.
  if (o.nonce !== null) {
    const consent = o.admin ? [] : [ASK_CONSENT_SCRIPT_HASH];
    return [`'nonce-${o.nonce}'`, ...consent, "'strict-dynamic'", "'self'", ...dev];
  }
  // Without a nonce, 'strict-dynamic' would block Next's own <script src> tags (they would need a
  // nonce or SRI): our files by origin, inline scripts by hash, gtag.js by its hosts. Our code
  // requests gtag.js only after consent; the header cannot say so, being the same for everyone.
  const gtag = o.gtagOrigin && !o.admin ? [...new Set([o.gtagOrigin, GTAG_SCRIPT_ORIGINS])] : [];
  return ["'self'", INLINE_SCRIPT_HASHES, ...gtag, ...dev];
}

export function contentSecurityPolicy(o: CspOptions): string {
  // The origins gtag.js reports to must be listed for fetch/beacon and its pixel.
  const analytics = o.gtagOrigin ? [...new Set([o.gtagOrigin, ...GOOGLE_ANALYTICS_ORIGINS])] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', ...scriptSources(o)],
    // Inline styles (React style attributes, the consent banner's, Payload's) cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      ...(o.admin ? [] : [...(o.mapTileOrigin ? [o.mapTileOrigin] : []), ...analytics]),
    ],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(o.admin ? [] : analytics), ...(o.dev ? ['ws:'] : [])],
    ['media-src', "'self'"],
    ['frame-src', "'none'"],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'", ...o.formActionOrigins],
    ['frame-ancestors', "'none'"],
  ];
  const policy = directives.map((d) => d.join(' '));
  if (o.upgradeInsecureRequests) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * The CSP source for a Leaflet tile template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`:
 * its origin, with a `{s}` subdomain placeholder as a wildcard. Null when it is not an http(s) URL.
 */
export function tileOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = match[2]!.replace(/\{s\}/g, '*');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

/** For responses that are never a document with scripts: JSON, feeds, files. */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The camera only for the staff app's scanning pages: the crew's boarding page and a partner's door
 * (src/lib/staff-app.ts).
 */
export function permissionsPolicy(pathname: string): string {
  const camera = isCameraPath(pathname) ? 'camera=(self)' : 'camera=()';
  return [
    camera,
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'hid=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'browsing-topics=()',
  ].join(', ');
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Headers that are the same for every response (set in next.config.ts for all paths). */
export function staticSecurityHeaders(production: boolean): { key: string; value: string }[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    ...(production ? [{ key: 'Strict-Transport-Security', value: HSTS_VALUE }] : []),
  ];
}

/**
 * The render token is the nonce Next sees while rendering, so it ends up in cached HTML. It is
 * derived from the app secret (stable across restarts and instances, unknown to visitors) and
 * has the length of a per-request nonce, so swapping one for the other keeps Content-Length.
 */
export const NONCE_LENGTH = 22;
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isPublicCacheable(pathname: string): boolean {
  return !/^\/(admin|api)(\/|$)/.test(pathname);
}
