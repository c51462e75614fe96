// No shared page is rendered from a request's query (docs/decisions/123-thanks-link-in-the-fragment.md,
// DESIGN rule 12). Plain JS: scripts/server.mjs applies it before Next sees the request.
//
// Next writes the address it rendered, query included, into a page's React payload, and keeps
// a public page (ISR) for every later visitor: `/fr/tour/x?reserva=R&pago=ko` rendered first
// meant everyone's tour page named booking R. Public pages are static: their server render never
// reads the query (their scripts read the browser's own address), so Next is handed the bare
// path. Pages that do read it on the server are per visitor and never shared.

/** Pages whose server render reads the query: the signed booking pages, the sandbox bank, and the
 * thank-you page, whose query the proxy moves into the fragment (src/lib/thanks-link.ts). */
const READS_QUERY = /^(?:\/(?:es|en|fr))?\/(?:reserva|pago-de-prueba|gracias)(?:\/|$)/;
/** Not pages: Next's files, the APIs, the back office and the staff's app, the health check, files by extension. */
const NOT_A_PAGE = /^\/(?:_next|api|octo|admin|staff|healthz)(?:\/|$)|\.[a-z0-9]{2,5}$/i;
/**
 * Where the server puts the query it took away, for the proxy's redirects only (a legacy URL's
 * 301, the root's language redirect), so campaign parameters survive them. The server removes any
 * copy a client sends; a redirect is never a shared page.
 */
export const ORIGINAL_QUERY_HEADER = 'x-golondrinas-original-query';
/** Next's own cache-busting parameter on router requests: it must stay, or Next redirects to add it. */
const ROUTER_PARAM = '_rsc';

/**
 * The URL Next should render for this request: the same URL without its query for a GET or HEAD
 * of a public page, or null to leave the request as it is.
 * @param {string | undefined} method
 * @param {string | undefined} rawUrl
 * @returns {string | null}
 */
export function sharedPageUrl(method, rawUrl) {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const url = String(rawUrl ?? '/');
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return null;
  const pathname = url.slice(0, queryAt);
  if (READS_QUERY.test(pathname) || NOT_A_PAGE.test(pathname)) return null;
  const router = new URLSearchParams(url.slice(queryAt + 1)).get(ROUTER_PARAM);
  return router === null ? pathname : `${pathname}?${new URLSearchParams({ [ROUTER_PARAM]: router })}`;
}

/**
 * Hands Next the bare path of a public page (sharedPageUrl), keeping the query aside in
 * ORIGINAL_QUERY_HEADER for the proxy's redirects.
 * @param {{ method?: string, url?: string, headers: Record<string, unknown> }} req
 */
export function renderFromBarePath(req) {
  delete req.headers[ORIGINAL_QUERY_HEADER];
  const bare = sharedPageUrl(req.method, req.url);
  if (bare === null) return;
  const url = String(req.url);
  req.headers[ORIGINAL_QUERY_HEADER] = url.slice(url.indexOf('?'));
  req.url = bare;
}
