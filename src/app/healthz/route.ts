import { invoicingHealth } from '@/invoicing/validator-health';
import { logger } from '@/lib/logger';
import { payloadClient } from '@/lib/payload';
import { withTimeout } from '@/lib/retry';

export const dynamic = 'force-dynamic';

/**
 * 200 when the database answers a trivial query, 503 when it does not (load balancers poll this).
 * `invoicing` says whether the AEAT schema validator passed its start-up check ('ok', 'checking', or
 * what is wrong): information only. A broken validator holds back the VERI*FACTU records, which
 * wait and retry; taking the instance out of a load balancer would stop the sales too
 * (docs/decisions/160-schema-validator-in-the-build.md).
 */
export async function GET() {
  const started = performance.now();
  const invoicing = invoicingHealth();
  try {
    // While the database is down (or the instance still connecting), 503 within 3 s, never a hang.
    const payload = await withTimeout(payloadClient(), 3000);
    await withTimeout(payload.count({ collection: 'redirects', overrideAccess: true }), 3000);
    return Response.json(
      {
        status: 'ok',
        database: payload.db.name,
        ms: Math.round(performance.now() - started),
        invoicing: await invoicing,
      },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'health check failed');
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
