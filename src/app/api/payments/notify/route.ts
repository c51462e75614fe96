import { handlePaymentNotification, paymentProvider } from '@/booking/checkout';
import { logger } from '@/lib/logger';
import { overLimit } from '@/lib/endpoint-limits';
import { payloadClient } from '@/lib/payload';

export const dynamic = 'force-dynamic';

const MAX_BODY = 32_768;

/**
 * The gateway's server-to-server notification (Redsys "notificación online"), form-encoded.
 * 200 tells Redsys the message was taken care of (including a replay or a refusal of the card);
 * 400 answers anything that does not verify, which Redsys would not send.
 *
 * The per-IP limit applies only to notifications whose signature does not verify: the gateway
 * sends (and resends) many at once from few addresses, and must never be throttled. Checking the
 * HMAC first is cheap; the body is already capped by the server (src/security/body-limit.mjs).
 */
export async function POST(request: Request): Promise<Response> {
  const text = await request.text();
  if (text.length > MAX_BODY) return new Response('Payload too large', { status: 413 });
  const fields: Record<string, string> = {};
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.includes('application/json')) {
    try {
      for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value;
      }
    } catch {
      return new Response('Bad request', { status: 400 });
    }
  } else {
    for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  }
  if (!paymentProvider().verifyNotification(fields).ok) {
    const limited = await overLimit('notifications', request);
    if (limited) return limited;
  }
  const payload = await payloadClient();
  const outcome = await handlePaymentNotification(payload, fields);
  logger.info({ msg: 'payment notification', outcome: outcome.status }, 'payment notification');
  if (outcome.status === 'rejected') return new Response('Rejected', { status: 400 });
  return new Response('OK', { status: 200, headers: { 'Cache-Control': 'no-store' } });
}
