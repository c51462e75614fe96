import { clientIp } from '@/lib/client-ip';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

/** Exists only when ENABLE_TEST_ROUTES=1: lets e2e tests see which address the limits count. */
export function GET(request: Request): Response {
  if (!env().ENABLE_TEST_ROUTES) return new Response(null, { status: 404 });
  return Response.json({ ip: clientIp(request.headers) }, { headers: { 'Cache-Control': 'no-store' } });
}
