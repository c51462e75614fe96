import { defaultLocale, localePrefix, locales, type Locale } from './locales';

/**
 * The route table (docs/domain-rules.md#site-behaviour). Paths are the same in every locale (Spanish slugs, as the
 * original site); the locale lives only in the prefix. Links, the language switcher,
 * sitemap, hreflang and the proxy's list of known paths are all generated from here.
 */
export const routes = {
  home: { pattern: '/', sitemap: true },
  contact: { pattern: '/contacto', sitemap: true },
  school: { pattern: '/escuelas/[id]', sitemap: true, ids: 'schoolTours' },
  thanks: { pattern: '/gracias', sitemap: false },
  agencies: { pattern: '/grupos-y-agencias/agencias', sitemap: true },
  groups: { pattern: '/grupos-y-agencias/grupos', sitemap: true },
  legal: { pattern: '/informacion-legal', sitemap: true },
  about: { pattern: '/nosotros', sitemap: true },
  fleet: { pattern: '/nosotros/la-flota', sitemap: true },
  past: { pattern: '/nosotros/pasado', sitemap: true },
  companyPolicy: { pattern: '/politica-de-empresa', sitemap: true },
  privacy: { pattern: '/politica-de-privacidad', sitemap: true },
  cookies: { pattern: '/politica-de-cookies', sitemap: true },
  terms: { pattern: '/terminos-y-condiciones', sitemap: true },
  tour: { pattern: '/tour/[id]', sitemap: true, ids: 'tours' },
  tourTest: { pattern: '/tour-test/[id]', sitemap: false, ids: 'tours' },
  /** A paid booking's tickets, reached from the signed link in the confirmation e-mail. */
  booking: { pattern: '/reserva/[reference]', sitemap: false },
  /** A disrupted booking's choice (another departure or a refund), from the signed link we send. */
  bookingChange: { pattern: '/reserva/[reference]/cambio', sitemap: false },
} as const satisfies Record<string, { pattern: string; sitemap: boolean; ids?: ContentIdKind }>;

/**
 * Which content an `[id]` in a path names: the proxy answers an id that no longer exists with the
 * server-rendered 404 (or a staff redirect) before the page renders (src/lib/content-ids.ts).
 */
export type ContentIdKind = 'tours' | 'schoolTours';

/** The content kind whose ids a route's `[id]` takes, if any. */
export function contentIdKind(name: RouteName): ContentIdKind | undefined {
  const route = routes[name];
  return 'ids' in route ? route.ids : undefined;
}

export type RouteName = keyof typeof routes;
export const routeNames = Object.keys(routes) as RouteName[];
/** Routes anyone can open; the booking page needs the signed link from its e-mail. */
export const publicRouteNames = routeNames.filter((name) => name !== 'booking' && name !== 'bookingChange');

type ParamsOf<P extends string> = P extends `${string}[${infer Name}]${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : unknown;
export type RouteParams<N extends RouteName> = ParamsOf<(typeof routes)[N]['pattern']>;

/** Route ids are `name___locale`, as the original site named them (e.g. `tour___en`). */
export function routeId(name: RouteName, locale: Locale): string {
  return `${name}___${locale}`;
}

export function parseRouteId(id: string): { name: RouteName; locale: Locale } | undefined {
  const [name, locale] = id.split('___');
  if (!name || !locale || !(name in routes) || !(locales as readonly string[]).includes(locale)) {
    return undefined;
  }
  return { name: name as RouteName, locale: locale as Locale };
}

/** The visitor-facing path of a route in a locale, with no trailing slash. */
export function pathFor<N extends RouteName>(
  name: N,
  locale: Locale,
  ...[params]: RouteParams<N> extends Record<string, string> ? [RouteParams<N>] : [undefined?]
): string {
  const pattern: string = routes[name].pattern;
  const filled = pattern.replace(/\[(\w+)\]/g, (_, key: string) => {
    const value = (params as Record<string, string> | undefined)?.[key];
    if (!value) throw new Error(`Route ${name} needs the parameter "${key}"`);
    return encodeURIComponent(value);
  });
  const prefix = localePrefix(locale);
  if (filled === '/') return prefix || '/';
  return `${prefix}${filled}`;
}

/** Splits a visitor-facing path into its locale and the locale-free rest ("/en/contacto" -> en, "/contacto"). */
export function splitLocale(pathname: string): { locale: Locale; rest: string; explicit: boolean } {
  const match = /^\/(ca|es|en|fr)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: defaultLocale, rest: pathname || '/', explicit: false };
  const locale = match[1] as Locale;
  return { locale, rest: pathname.slice(match[0].length) || '/', explicit: true };
}

/**
 * An internal path (`/ca/...` on the server) as the visitor sees it in the address bar: the
 * Catalan prefix, which visitors never see, is dropped.
 */
export function visiblePath(internal: string): string {
  const { locale, rest } = splitLocale(internal);
  const prefix = localePrefix(locale);
  return `${prefix}${rest === '/' && prefix ? '' : rest}`;
}

const compiledPatterns = routeNames.map((name) => {
  const source = routes[name].pattern.replace(/\[(\w+)\]/g, '(?<$1>[^/]+)');
  return { name, regex: new RegExp(`^${source}$`) };
});

/** Which route a locale-free path belongs to, if any (params are not checked against content). */
export function matchRoute(rest: string): { name: RouteName; params: Record<string, string> } | undefined {
  for (const { name, regex } of compiledPatterns) {
    const match = regex.exec(rest);
    if (match) {
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      return { name, params };
    }
  }
  return undefined;
}

/** The same page in every locale: what the language switcher and hreflang need. */
export function alternatesFor(name: RouteName, params?: Record<string, string>): Record<Locale, string> {
  return Object.fromEntries(
    locales.map((locale) => [locale, (pathFor as (...a: unknown[]) => string)(name, locale, params)]),
  ) as Record<Locale, string>;
}

/**
 * "Ask for this tour": the group request form with the tour (and the day the visitor was looking
 * at) filled in, for tours sold on request and for times outside the timetable.
 */
export function requestTourHref(locale: Locale, tourSlug: string, date?: string | null): string {
  const query = new URLSearchParams({ tour: tourSlug });
  if (date) query.set('date', date);
  return `${pathFor('groups', locale)}?${query}#request-group`;
}
