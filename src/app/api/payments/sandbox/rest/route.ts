import { env } from '@/lib/env';
import { sandboxLedger } from '@/lib/sandbox-ledger';
import { answerSandboxRest, assertSandboxAllowed } from '@/payments';

export const dynamic = 'force-dynamic';

/**
 * The sandbox's REST "trataPeticion": the shop's refund requests (transaction type 3, signed with
 * Redsys' public test key) come here instead of to Redsys, and get the same kind of answer.
 * Accepted refunds are booked in the sandbox ledger (SANDBOX_GATEWAY_DIR).
 */
export async function POST(request: Request): Promise<Response> {
  try {
    assertSandboxAllowed(env().APP_ENV);
  } catch {
    return new Response('Not found', { status: 404 });
  }
  const body: unknown = await request.json().catch(() => null);
  return Response.json(await answerSandboxRest(body, { ledger: sandboxLedger() }), {
    headers: { 'Cache-Control': 'no-store' },
  });
}
