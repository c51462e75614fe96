// The production HTTP server: Next's request handler plus what `next start` cannot do.
// 1. CSP for cached pages. Public pages: the hashes of the page's inline scripts, computed from
//    the HTML as it leaves, so page and header may be kept by a shared cache
//    (src/security/inline-hashes.mjs, docs/decisions/031-csp-hashes.md). Back office and signed
//    booking pages: Next renders with a secret render token as the nonce; every response gets it
//    swapped for a fresh random one (src/security/nonce-swap.mjs, docs/decisions/030-csp.md).
// 2. Compression after that (Next's own is switched off in next.config.ts, since it would
//    compress before the swap could see the bytes).
// 3. Request body limits per route, before Next reads a byte, and uploads refused at once to
//    anyone without a staff session (src/security/body-limit.mjs, staff-session.mjs).
// 4. The socket address for route handlers, in a header no client can name
//    (docs/decisions/041-client-ip.md).
// 5. Long-lived caching of versioned media files, which Payload's API serves like any other API
//    response, and `Vary: Cookie, Accept-Language` on the root, whose answer depends on them
//    (src/security/cache-policy.mjs).
// 6. A finished public page is kept one second and served from memory to the next requests for
//    its URL (src/perf/page-cache.mjs, docs/decisions/110-origin-page-cache.md).
// 7. The build's scripts and styles as Brotli (or gzip) at the strongest setting, compressed once
//    in the background and served from memory (src/perf/precompressed-static.mjs,
//    docs/decisions/112-static-compression-and-client-hints.md).
// 8. A public page's scripts start after its first paint (src/perf/deferred-scripts.mjs,
//    docs/decisions/115-scripts-after-first-paint.md).
//    Its React payload goes in one inline script, not several (src/perf/payload-scripts.mjs).
// 9. Public pages as Brotli 11, compressed once per version of the page
//    (src/perf/page-compression.mjs, docs/decisions/116-pages-as-brotli.md).
// 10. Next runs with the configuration the build wrote down, not next.config.ts compiled again
//    (src/lib/next-server-config.mjs, docs/decisions/120-server-runs-the-built-config.md).
// 11. A public page is rendered and kept from its bare path: Next writes the address it renders
//    into the page, and a query (a booking reference) must never reach the next visitor
//    (src/security/shared-page-url.mjs, docs/decisions/123-thanks-link-in-the-fragment.md).
// 12. A router state header Next cannot parse is dropped, not answered with a 500
//    (src/security/router-state-header.mjs). Next builds its own URLs with a name of its own,
//    whatever address the server listens on (src/lib/self-origin.mjs).
// Usage: node scripts/server.mjs [-p PORT] [--hostname HOST]
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';

import { builtNextConfig } from '../src/lib/next-server-config.mjs';
import { NEXT_INTERNAL_HOSTNAME, selfOrigin as selfOriginFor } from '../src/lib/self-origin.mjs';
import { enforceBodyLimit } from '../src/security/body-limit.mjs';
import { deferChunkScripts } from '../src/perf/deferred-scripts.mjs';
import { CLEAR_PAGE_CACHE, createPageCache } from '../src/perf/page-cache.mjs';
import { acceptsBrotli, createPageCompression } from '../src/perf/page-compression.mjs';
import { mergePayloadScripts } from '../src/perf/payload-scripts.mjs';
import { createPrecompressedStatic, sendPrecompressed } from '../src/perf/precompressed-static.mjs';
import {
  createMediaVersions,
  installMediaCaching,
  installRootVary,
  mediaFileRequest,
} from '../src/security/cache-policy.mjs';
import { installInlineHashes } from '../src/security/inline-hashes.mjs';
import { installNonceSwap, mayServeWithoutSwap, renderToken } from '../src/security/nonce-swap.mjs';
import { dropUnreadableRouterState } from '../src/security/router-state-header.mjs';
import { renderFromBarePath } from '../src/security/shared-page-url.mjs';
import { payloadJwtKey } from '../src/security/staff-session.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The server reads data files relative to the repository (the AEAT's schemas, the PDF fonts, the
// declaración's template, the outboxes): started from another directory, it must find them all.
process.chdir(root);
const require = createRequire(import.meta.url);

// `.env` files first, as Next would (they may set PORT, PAYLOAD_SECRET… read below). Then the
// build's own record of next.config.ts, so Next does not compile the file again at start-up with
// SWC's native compilers, which would stay in memory (src/lib/next-server-config.mjs).
createRequire(require.resolve('next'))('@next/env').loadEnvConfig(root, false);
try {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(builtNextConfig(path.join(root, '.next'), process.env));
} catch (error) {
  console.error(`No usable production build in .next (${error.message}): run \`npm run build\` first.`);
  process.exit(1);
}

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME ?? '0.0.0.0';
// src/lib/env.ts reads it: without SITE_URL, local URLs (payment returns, e-mail links) name
// the port actually served, whether it came from -p or from PORT.
process.env.PORT = String(port);
// The proxy (src/proxy.ts) asks this instance for redirects and tour ids at the address it
// listens on, whether it came from --hostname or from HOSTNAME.
process.env.HOSTNAME = hostname;

// Same fallback as src/lib/env.ts for local runs; production refuses to start without a secret.
const secret = process.env.PAYLOAD_SECRET || 'dev-only-secret-do-not-use-in-production';
const token = renderToken(secret);
// Payload's key for its session tokens: uploads from anyone without one are refused unread.
const jwtKey = payloadJwtKey(secret);
// The proxy reads it through src/lib/env.ts and puts it in the request's CSP header.
process.env.CSP_RENDER_TOKEN = token;
// Random per process, so a client cannot send this header and pick its own address; src/lib/env.ts
// reads the name.
const clientAddressHeader = `x-client-address-${randomBytes(12).toString('hex')}`;
process.env.CLIENT_ADDRESS_HEADER = clientAddressHeader;

const { default: next } = await import('next');
const compression = require('next/dist/compiled/compression');

// Next is told a name of its own, not the listen address: with a loopback address it could not
// match its proxy's rewrites, and every Catalan page redirected to itself (src/lib/self-origin.mjs).
const app = next({ dev: false, dir: root, hostname: NEXT_INTERNAL_HOSTNAME, port });
await app.prepare();
const handle = app.getRequestHandler();
const compress = compression();
const pageBrotli = createPageCompression();
const pages = createPageCache({
  encoded: (req, body) => {
    if (!acceptsBrotli(req)) return null;
    const ready = pageBrotli.ready(body);
    // Kept from a request that did not take Brotli: this one goes plain, the next as Brotli.
    if (!ready) pageBrotli.brotli(body).catch((error) => console.error('compressing a page failed', error));
    return ready;
  },
});
const staticAssets = createPrecompressedStatic(path.join(root, '.next', 'static'), {
  onError: (error, file) => console.error('precompressing failed', file, error),
});
// The media document a file belongs to (original or resized copy), asked of our own API: a
// versioned URL is immutable only when its `v` is that document's current version.
const selfOrigin = selfOriginFor(hostname, port);
const mediaVersions = createMediaVersions(async (name) => {
  const query = new URLSearchParams({ depth: '0', limit: '1' });
  ['filename', 'sizes.card.filename', 'sizes.hero.filename'].forEach((field, i) =>
    query.set(`where[or][${i}][${field}][equals]`, name),
  );
  const response = await fetch(`${selfOrigin}/api/media?${query}`, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`media lookup ${response.status}`);
  return (await response.json()).docs?.[0] ?? null;
});
// A content edit (src/collections/revalidate.ts) forgets kept pages and media versions at once.
globalThis[CLEAR_PAGE_CACHE] = () => {
  pages.clear();
  mediaVersions.clear();
};

/** The path a limit applies to: dot segments resolved, as Next will resolve them. */
function normalisedPath(rawUrl) {
  try {
    return new URL(rawUrl ?? '/', 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

const server = createServer(async (req, res) => {
  req.headers[clientAddressHeader] = req.socket.remoteAddress ?? '';
  if (enforceBodyLimit(req, res, normalisedPath(req.url), { jwtKey })) return;
  renderFromBarePath(req);
  dropUnreadableRouterState(req);
  if (!sendPrecompressed(req, res, await staticAssets.entryFor(req.url))) compress(req, res, () => {});
  if (pages.serve(req, res)) return;
  const media = mediaFileRequest(req.url);
  installMediaCaching(req, res, media?.version ? await mediaVersions.current(media.name) : null);
  if (!mayServeWithoutSwap(req.url)) {
    installNonceSwap(res, token);
    // It sees the page before the swap, and holds it whole before anything below sends a byte.
    installInlineHashes(req, res, {
      rewrite: (html) => mergePayloadScripts(deferChunkScripts(html)),
      compressed: (body) => (acceptsBrotli(req) ? pageBrotli.brotli(body) : null),
      onPublicPage: (status, headers, body) => pages.store(req, status, headers, body),
    });
    // Outermost: the root's Vary is complete before the page is hashed and maybe kept.
    installRootVary(req, res);
  }
  handle(req, res).catch((error) => {
    console.error('request failed', error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`▲ Ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
  const started = Date.now();
  void staticAssets.warm().then(() => {
    console.log(`  ${staticAssets.size} static files compressed in ${Date.now() - started} ms`);
  });
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
