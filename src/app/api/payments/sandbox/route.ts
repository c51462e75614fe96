import { logger } from '@/lib/logger';
import { env } from '@/lib/env';
import { sandboxLedger } from '@/lib/sandbox-ledger';
import {
  assertSandboxAllowed,
  readSandboxRequest,
  recordSandboxNotification,
  sandboxNotification,
  sandboxReturnUrl,
} from '@/payments';

export const dynamic = 'force-dynamic';

/**
 * The sandbox bank's "pay" and "decline" buttons. Like Redsys, it first POSTs the signed
 * notification to the shop's notify URL (server to server), then sends the browser back to the
 * shop's OK or KO URL. The card number only decides the outcome and is never stored or sent on.
 */
export async function POST(request: Request): Promise<Response> {
  const config = env();
  try {
    assertSandboxAllowed(config.APP_ENV);
  } catch {
    return new Response('Not found', { status: 404 });
  }
  const form = await request.formData().catch(() => null);
  const get = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  const opened = readSandboxRequest(
    {
      Ds_SignatureVersion: get('Ds_SignatureVersion'),
      Ds_MerchantParameters: get('Ds_MerchantParameters'),
      Ds_Signature: get('Ds_Signature'),
    },
    { siteUrl: config.SITE_URL },
  );
  if (!opened.ok) return new Response('Invalid payment request', { status: 400 });
  const decision = get('decision') === 'pay' ? 'pay' : 'decline';
  const notification = sandboxNotification(opened.request, decision, get('card'));
  // The bank books what it authorised before telling the shop: refunds are checked against it.
  await recordSandboxNotification(notification, sandboxLedger());
  try {
    const delivered = await fetch(opened.request.urls.notify, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(notification),
      signal: AbortSignal.timeout(10_000),
    });
    if (!delivered.ok) logger.warn({ msg: 'sandbox notification refused', status: delivered.status });
  } catch (error) {
    // A real gateway retries later; here the visitor can pay again while the hold lasts.
    logger.warn({ msg: 'sandbox notification not delivered', err: String(error) });
  }
  // The return URLs were checked to be on SITE_URL's origin; sent relative, the visitor stays on
  // the host they use. An absolute one on another host (127.0.0.1 vs localhost) is a redirect
  // CSP form-action blocks, and the Pay button would seem to do nothing.
  const back = new URL(sandboxReturnUrl(opened.request, notification));
  const location = back.origin === new URL(config.SITE_URL).origin ? `${back.pathname}${back.search}` : back.href;
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
