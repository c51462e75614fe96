import { retiredWorkerSource } from '@/components/staff-app/offline-app';

export const dynamic = 'force-static';

/**
 * GET /admin/boarding-sw.js: the boarding page's worker from when the page was an admin view.
 * Phones that installed it ask for it again when they open the old address (which now redirects to
 * /staff/boarding): this worker drops the old caches and unregisters itself
 * (docs/decisions/182-the-staff-phone-app.md).
 */
export function GET() {
  return new Response(retiredWorkerSource(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
