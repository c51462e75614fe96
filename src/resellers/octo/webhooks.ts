import { createHmac } from 'node:crypto';

import type { Payload } from 'payload';

import { shopDb, str } from '@/booking/db';
import { resellerSaleOf } from '@/booking/bookings-repository';
import { netRatesFromDoc } from '@/resellers/rates';
import { findResellerBooking } from '@/resellers/sales';
import { isLocale } from '@/i18n/locales';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';

import { bookingOf } from './bookings';
import type { Reseller } from './http';
import { RESELLER_WEBHOOK_QUEUE } from './queue';
import { postToWebhook } from './webhook-address';

// The secret's own home (webhook-secret.ts) loads no booking code: the CLI imports it.
export { newWebhookSecret } from './webhook-secret';

/**
 * Booking changes we make on a reseller's booking (today: a departure cancelled for weather)
 * are posted to the reseller's webhook as OCTO booking objects, through the jobs queue so a
 * reseller's outage delays the news but never loses it. The body is signed with HMAC-SHA256
 * under the reseller's own secret (header `Octo-Signature: sha256=<hex>`), so the reseller can
 * tell it is us; `Idempotency-Key` names the change, since a crash between a reseller's 2xx and
 * our record of it can post it again (at least once, deduplicated by the key on their side).
 */

export const WEBHOOK_SIGNATURE_HEADER = 'Octo-Signature';
export type WebhookEvent = 'booking.cancelled' | 'booking.updated';
const TIMEOUT_MS = 10_000;

export function signWebhook(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

type WebhookReseller = Reseller & { webhookUrl: string | null; webhookSecret: string | null };

async function loadReseller(payload: Payload, id: number): Promise<WebhookReseller | null> {
  const doc = await payload.findByID({
    collection: 'resellers',
    id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  });
  if (!doc) return null;
  // The secret is unreadable through Payload (field access): read it where it is stored.
  const { rows } = await shopDb(payload).query('SELECT webhook_secret FROM resellers WHERE id = ?', [id]);
  return {
    id: Number(doc.id),
    name: doc.name,
    tours: (doc.tours ?? []).map((tour) => Number(typeof tour === 'object' ? tour.id : tour)),
    commissionPercent: Number(doc.commissionPercent ?? 0),
    netRates: netRatesFromDoc(doc),
    webhookUrl: doc.webhookUrl?.trim() || null,
    webhookSecret: rows[0]?.webhook_secret ? str(rows[0].webhook_secret) : null,
  };
}

/**
 * Queues the post of one change of one booking, once: the delivery row's unique key
 * `<booking>:<event>` refuses a second. Nothing is sent for bookings that are not a reseller's,
 * for resellers without a webhook URL and secret, or for a change the reseller made itself
 * (it already has our answer).
 */
export async function queueBookingWebhook(
  payload: Payload,
  input: {
    bookingId: number;
    event: WebhookEvent;
    by?: string | undefined;
    /** Names one change of many of the same kind (a booking moved twice is posted twice). */
    change?: string | undefined;
  },
): Promise<boolean> {
  const sale = await resellerSaleOf(shopDb(payload), input.bookingId);
  if (!sale) return false;
  const { resellerId } = sale;
  if (input.by === `reseller:${resellerId}`) return false;
  const reseller = await loadReseller(payload, resellerId);
  if (!reseller?.webhookUrl || !reseller.webhookSecret) return false;
  const idempotencyKey = `${input.bookingId}:${input.event}${input.change ? `:${input.change}` : ''}`;
  const existing = await payload.count({
    collection: 'reseller-webhooks',
    where: { idempotencyKey: { equals: idempotencyKey } },
    overrideAccess: true,
  });
  if (existing.totalDocs > 0) return false;
  let deliveryId: number;
  try {
    const created = await payload.create({
      collection: 'reseller-webhooks',
      overrideAccess: true,
      data: {
        idempotencyKey,
        reseller: resellerId,
        booking: input.bookingId,
        event: input.event,
        status: 'queued',
        attempts: 0,
      },
    });
    deliveryId = Number(created.id);
  } catch {
    // Queued at the same moment by another run: its unique key won.
    return false;
  }
  await payload.jobs.queue({ task: 'sendResellerWebhook', queue: RESELLER_WEBHOOK_QUEUE, input: { deliveryId } });
  return true;
}

/**
 * Posts a queued change with the booking as it is now. Throws on a failed post so the queue
 * retries it with backoff; a delivery already sent (a retried job) is never posted again.
 */
export async function sendResellerWebhook(payload: Payload, deliveryId: number): Promise<'sent' | 'skipped'> {
  const delivery = await payload.findByID({
    collection: 'reseller-webhooks',
    id: deliveryId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  });
  if (!delivery || delivery.status === 'sent') return 'skipped';
  const resellerId = Number(typeof delivery.reseller === 'object' ? delivery.reseller.id : delivery.reseller);
  const bookingId = Number(typeof delivery.booking === 'object' ? delivery.booking.id : delivery.booking);
  const record = (data: { status: 'sent' | 'failed'; attempts: number; error?: string | null; sentAt?: string }) =>
    payload.update({ collection: 'reseller-webhooks', id: deliveryId, overrideAccess: true, data });
  const attempts = (delivery.attempts ?? 0) + 1;
  const reseller = await loadReseller(payload, resellerId);
  const sale = await resellerSaleOf(shopDb(payload), bookingId);
  const booking = sale ? await findResellerBooking(payload, resellerId, sale.octoUuid) : null;
  if (!reseller?.webhookUrl || !reseller.webhookSecret || !booking) {
    // Nowhere to post any more (URL or secret removed): retrying cannot help.
    await record({ status: 'failed', attempts, error: 'no webhook URL, secret or booking' });
    return 'skipped';
  }
  const locale = isLocale(booking.locale) ? booking.locale : 'ca';
  const octoBooking = await bookingOf(
    { payload, reseller, locale, pricing: true, request: new Request(env().SITE_URL) },
    booking,
  );
  const body = JSON.stringify({ event: 'booking_update', booking: octoBooking });
  try {
    // Connected only to a public address checked as it connects (webhook-address.ts, decision 169).
    const status = await postToWebhook(reseller.webhookUrl, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(reseller.webhookSecret, body),
        'Idempotency-Key': delivery.idempotencyKey,
      },
      body,
      timeoutMs: TIMEOUT_MS,
      production: env().APP_ENV === 'production',
    });
    if (status < 200 || status > 299) throw new Error(`HTTP ${status}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await record({ status: 'failed', attempts, error: reason });
    logger.warn(
      { delivery: deliveryId, reseller: resellerId, attempts, err: reason },
      'reseller webhook failed, will retry',
    );
    throw error;
  }
  await record({ status: 'sent', attempts, error: null, sentAt: new Date().toISOString() });
  return 'sent';
}
