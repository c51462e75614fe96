import { randomBytes } from 'node:crypto';

import type { Payload, TypedUser } from 'payload';

/**
 * The secret a reseller's webhooks are signed with (HMAC-SHA256, webhooks.ts), made here for
 * `npm run reseller:create` and the admin alike. Kept apart from the sender so the command line
 * loads no booking code (the sender's imports reach server-only modules).
 */

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Makes (or replaces) a reseller's webhook secret and returns it, once: resellers created before
 * webhooks were signed have none, and a leaked one must be replaceable. Posts from then on,
 * retries of queued ones included, are signed with the new secret.
 */
export async function rotateWebhookSecret(
  payload: Payload,
  resellerId: number,
  by: { user?: TypedUser | undefined } = {},
): Promise<{ ok: true; secret: string } | { ok: false; error: 'notFound' }> {
  const doc = await payload.findByID({
    collection: 'resellers',
    id: resellerId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  });
  if (!doc) return { ok: false, error: 'notFound' };
  const secret = newWebhookSecret();
  await payload.update({
    collection: 'resellers',
    id: resellerId,
    overrideAccess: true,
    user: by.user,
    data: { webhookSecret: secret },
  });
  return { ok: true, secret };
}
