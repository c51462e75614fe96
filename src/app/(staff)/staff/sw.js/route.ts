import { serviceWorkerSource } from '@/components/staff-app/offline-app';

export const dynamic = 'force-static';

/**
 * GET /staff/sw.js: the staff's phone app's service worker (src/components/staff-app/offline-app.ts).
 * Served under /staff so its scope is /staff/ (the boarding page and the partner's door) and the
 * app's CSP (connect-src 'self') governs what it fetches. Browsers check a worker for updates on
 * each visit, bypassing the HTTP cache after a day; no-cache makes them ask every time.
 */
export function GET() {
  return new Response(serviceWorkerSource(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
