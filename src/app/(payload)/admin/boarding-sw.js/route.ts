import { serviceWorkerSource } from '@/components/boarding/offline-app';

export const dynamic = 'force-static';

/**
 * GET /admin/boarding-sw.js: the boarding page's service worker (src/components/boarding/offline-app.ts).
 * Served under /admin so its scope may be /admin/boarding and the back office's CSP (connect-src
 * 'self') governs what it fetches. Browsers check a worker for updates on each visit, bypassing
 * the HTTP cache after a day; no-cache makes them ask every time.
 */
export function GET() {
  return new Response(serviceWorkerSource(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
