import { withPayload } from '@payloadcms/next/withPayload';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

import { siteHost as siteHostOf } from './src/lib/next-server-config.mjs';
import { LOCKED_DOWN_CSP, permissionsPolicy, staticSecurityHeaders } from './src/security/headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

// Build-time: HSTS here is for responses the proxy never sees (assets, APIs); the proxy adds it
// at run time for pages and the back office whenever APP_ENV=production.
const production = process.env.APP_ENV === 'production';
const siteHost = siteHostOf(process.env.SITE_URL);

/** A script, stylesheet or font of the build (content-hashed, under /_next/static). */
const BUILD_FILE = '_next/static/.+\\.(?:js|css|woff2)';
const SUBRESOURCE_HEADERS = new Set(['X-Content-Type-Options', 'Strict-Transport-Security']);

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The proxy answers trailing slashes with 301 (docs/domain-rules.md#site-behaviour); Next's own redirect would be a 308.
  skipTrailingSlashRedirect: true,
  // scripts/server.mjs compresses after swapping the per-response CSP nonce; Next compressing
  // first would hide the bytes from that swap (docs/decisions/030-csp.md).
  compress: false,
  // An ETag would let a browser revalidate (304) a cached page and pair its old nonce with a
  // new CSP header; pages are cheap to resend from the server cache.
  generateEtags: false,
  // Next keeps rendered pages in an in-memory LRU (50 MB by default), a second copy behind the
  // origin's own page cache (scripts/server.mjs) and beside the files it reads them from. At 16 MB
  // it still held ~13 MB of HTML as two-byte strings in each instance's heap under the soak
  // (issue 42); the origin's cache answers a hot page for a second at a time, and a miss reads
  // the prerendered file, which the OS keeps cached. Nothing else of ours uses Next's data cache.
  cacheMaxMemorySize: 0,
  images: { formats: ['image/avif', 'image/webp'] },
  // The test runner sets this right after its own `tsc --noEmit` over the same sources, and
  // `npm start` to show a newcomer the site sooner (about 40 s of a first build); `npm run
  // typecheck` and CI still refuse a type error.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
  // PDFKit reads its own data files (and fontkit its tables) from node_modules at run time, and
  // xmllint-wasm its worker and .wasm beside its own module: bundled, it looked for them under
  // Turbopack's /ROOT placeholder and never ran (docs/decisions/160-schema-validator-in-the-build.md).
  serverExternalPackages: ['pino', 'sharp', 'pdfkit', 'fontkit', 'xmllint-wasm'],
  compiler: {
    // Public pages' scripts are compiled as they download, not on the main thread at start-up
    // (src/perf/compile-hints.mjs, docs/decisions/119-compile-hints.md). The server loads each
    // of its chunks once, not once per name Turbopack gave a copy of it (decision 158).
    runAfterProductionCompile: async ({ distDir }) => {
      const { addCompileHints } = await import('./src/perf/compile-hints.mjs');
      addCompileHints(distDir);
      const { dedupeServerChunks } = await import('./src/perf/server-chunk-dedupe.mjs');
      dedupeServerChunks(distDir);
      const { serverSourcesInLatin1 } = await import('./src/perf/server-source-latin1.mjs');
      serverSourcesInLatin1(distDir);
    },
  },
  experimental: {
    // `forbidden()`: the staff app's refusals answer 403 with their page (src/app/(staff)/refusal.tsx).
    authInterrupts: true,
    // A full-document 404 for unmatched paths, rendered on the server in the visitor's language:
    // the root layout sits under [locale], which the nested not-found boundary cannot serve.
    globalNotFound: true,
    serverActions: {
      // Our forms send a few text fields; anything bigger is not a visitor filling a form.
      bodySizeLimit: '100kb',
      // Next already rejects actions whose Origin differs from the Host; this names the public
      // host for deployments behind a proxy that rewrites Host. scripts/server.mjs sets it again
      // from the server's own SITE_URL (src/lib/next-server-config.mjs).
      allowedOrigins: [siteHost],
    },
    // The proxy buffers request bodies; the largest legitimate one is a back-office upload.
    proxyClientMaxBodySize: '20mb',
    // Turbopack writes its build cache to .next/cache for the next build to reuse: tens of seconds
    // of a first build that nothing reuses on a fresh clone (CI, a newcomer's `npm start`), which
    // set NEXT_BUILD_CACHE=0. A rebuild on a developer's machine keeps it.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== '0',
  },
  async headers() {
    return [
      { source: `/:path((?!${BUILD_FILE}$).*)`, headers: staticSecurityHeaders(production) },
      {
        // The build's scripts, styles and fonts: of the document headers only nosniff (and HSTS)
        // mean anything for them, and a first visit fetches a dozen: ~500 bytes of the others on
        // each were ~5 KB of its JavaScript budget (docs/decisions/112-static-compression-and-client-hints.md).
        source: `/:path(${BUILD_FILE})`,
        headers: staticSecurityHeaders(production).filter(({ key }) => SUBRESOURCE_HEADERS.has(key)),
      },
      {
        // Responses the proxy does not run for: no documents with scripts among them.
        source: `/:path(api/.*|healthz|sitemap\\.xml|robots\\.txt|_next/(?!${BUILD_FILE.slice('_next/'.length)}$).*)`,
        headers: [
          { key: 'Content-Security-Policy', value: LOCKED_DOWN_CSP },
          { key: 'Permissions-Policy', value: permissionsPolicy('/') },
        ],
      },
      // Back-office data is per user and must never land in a shared cache.
      { source: '/api/:path*', headers: [{ key: 'Cache-Control', value: 'private, no-store' }] },
    ];
  },
};

const config = withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false });

// Payload asks every response for the colour-scheme client hint (Accept-CH + Critical-CH), which
// only its admin theme reads. On a public page Critical-CH makes Chromium throw away a visitor's
// first response and fetch the page again with the hint: one more round trip before anything
// shows (docs/decisions/112-static-compression-and-client-hints.md). The admin keeps it.
const withPayloadHeaders = config.headers;
config.headers = async () =>
  ((await withPayloadHeaders?.()) ?? []).map((rule) =>
    rule.headers.some((header) => header.key === 'Critical-CH') ? { ...rule, source: '/admin/:path*' } : rule,
  );

export default config;
