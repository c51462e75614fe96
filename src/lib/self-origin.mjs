// How this instance reaches itself, and the name Next is given for it (docs/decisions/166-trusted-proxies.md,
// "HOSTNAME"). Shared by scripts/server.mjs and the proxy (src/proxy.ts), so the two agree.

/**
 * The origin this instance's own lookups go to (staff redirects, content ids, media versions):
 * the address it listens on, or loopback when it listens on every address. Never the request's
 * Host: behind nginx that is the public name, which the instance may not reach.
 * @param {string | undefined} hostname the listen address (HOSTNAME or --hostname)
 * @param {number | string} port
 */
export function selfOrigin(hostname, port) {
  const host = !hostname || hostname === '0.0.0.0' ? '127.0.0.1' : hostname === '::' ? '::1' : hostname;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/**
 * The host name Next builds its own absolute URLs with, whatever address the server listens on.
 * Next spells every loopback address `localhost` in the URL the proxy sees (NextURL), and treats
 * a proxy's rewrite whose origin is not the one it built from this name as a rewrite to another
 * server: with HOSTNAME=127.0.0.1 every rewrite to the Catalan pages (`/` → `/ca`) was fetched
 * over HTTP from `localhost/ca…`, which the proxy answered with a 301 back to `/`, for ever.
 * The name is never connected to: it only has to match on both sides.
 */
export const NEXT_INTERNAL_HOSTNAME = 'localhost';
