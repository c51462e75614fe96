import { logger } from '@/lib/logger';
import { env } from '@/lib/env';
import { assertSandboxAllowed, readSandboxRequest, sandboxNotification, sandboxReturnUrl } from '@/payments';

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
  return new Response(null, {
    status: 303,
    headers: { Location: sandboxReturnUrl(opened.request, notification), 'Cache-Control': 'no-store' },
  });
}
