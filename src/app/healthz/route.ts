import { logger } from '@/lib/logger';
import { payloadClient } from '@/lib/payload';

export const dynamic = 'force-dynamic';

/** 200 when the database answers a trivial query, 503 when it does not (load balancers poll this). */
export async function GET() {
  const started = performance.now();
  try {
    const payload = await payloadClient();
    await payload.count({ collection: 'redirects', overrideAccess: true });
    return Response.json(
      { status: 'ok', database: payload.db.name, ms: Math.round(performance.now() - started) },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'health check failed');
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
