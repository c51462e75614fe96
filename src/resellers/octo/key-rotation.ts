import type { Payload, TypedUser } from 'payload';

import { bool, shopDb, str } from '@/booking/db';

import { newApiKey } from './keys';

/**
 * A reseller's API keys over their life, for the CLI (`npm run reseller:create`) and the admin
 * (src/app/api/ops/resellers/[id]/credentials) alike. `issueKey` gives a reseller without a key
 * its first one (or a new one after `revokeKeys`). Replacing a key without a moment where its
 * calls fail: `startKeyRotation` adds a second key that works alongside the current one, the
 * reseller deploys it at its own pace, and `finishKeyRotation` makes it the only key (the old
 * one stops working at once). Starting again before finishing replaces the unused next key, so
 * a key shown to the wrong person is dropped. Every key is returned once, here, and stored as
 * its hash (keys.ts). `user`: the staff member acting, for the audit log.
 */

export type RotationError = 'notFound' | 'inactive' | 'noRotation' | 'hasKey';
type By = { user?: TypedUser | undefined };

/** What staff may know of a reseller's credentials: prefixes, and whether each secret exists. */
export type ResellerCredentials = {
  active: boolean;
  keyPrefix: string | null;
  nextKeyPrefix: string | null;
  hasWebhookSecret: boolean;
};

export async function resellerCredentials(payload: Payload, resellerId: number): Promise<ResellerCredentials | null> {
  // Hashes and the webhook secret are unreadable through Payload (field access): their presence is read here.
  const { rows } = await shopDb(payload).query(
    `SELECT active, key_prefix, key_hash, next_key_prefix, next_key_hash, webhook_secret FROM resellers WHERE id = ?`,
    [resellerId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    active: row.active === null || bool(row.active),
    keyPrefix: row.key_hash && row.key_prefix ? str(row.key_prefix) : null,
    nextKeyPrefix: row.next_key_hash && row.next_key_prefix ? str(row.next_key_prefix) : null,
    hasWebhookSecret: Boolean(row.webhook_secret),
  };
}

/** The first key of a reseller that has none (new, or after `revokeKeys`). */
export async function issueKey(
  payload: Payload,
  resellerId: number,
  by: By = {},
): Promise<{ ok: true; key: string; prefix: string } | { ok: false; error: RotationError }> {
  const current = await resellerCredentials(payload, resellerId);
  if (!current) return { ok: false, error: 'notFound' };
  if (!current.active) return { ok: false, error: 'inactive' };
  if (current.keyPrefix) return { ok: false, error: 'hasKey' };
  const { key, prefix, hash } = newApiKey();
  await payload.update({
    collection: 'resellers',
    id: resellerId,
    overrideAccess: true,
    user: by.user,
    data: { keyPrefix: prefix, keyHash: hash, nextKeyPrefix: null, nextKeyHash: null },
  });
  return { ok: true, key, prefix };
}

/** Every key of the reseller stops working at once (a leaked key); `issueKey` gives it a new one. */
export async function revokeKeys(
  payload: Payload,
  resellerId: number,
  by: By = {},
): Promise<{ ok: true } | { ok: false; error: 'notFound' }> {
  if (!(await resellerCredentials(payload, resellerId))) return { ok: false, error: 'notFound' };
  await payload.update({
    collection: 'resellers',
    id: resellerId,
    overrideAccess: true,
    user: by.user,
    data: { keyPrefix: null, keyHash: null, nextKeyPrefix: null, nextKeyHash: null },
  });
  return { ok: true };
}

export async function startKeyRotation(
  payload: Payload,
  resellerId: number,
  by: By = {},
): Promise<{ ok: true; key: string; prefix: string } | { ok: false; error: RotationError }> {
  const doc = await payload.findByID({
    collection: 'resellers',
    id: resellerId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  });
  if (!doc) return { ok: false, error: 'notFound' };
  if (doc.active === false) return { ok: false, error: 'inactive' };
  const { key, prefix, hash } = newApiKey();
  await payload.update({
    collection: 'resellers',
    id: resellerId,
    overrideAccess: true,
    user: by.user,
    data: { nextKeyPrefix: prefix, nextKeyHash: hash },
  });
  return { ok: true, key, prefix };
}

export async function finishKeyRotation(
  payload: Payload,
  resellerId: number,
  by: By = {},
): Promise<{ ok: true; prefix: string } | { ok: false; error: RotationError }> {
  const doc = await payload.findByID({
    collection: 'resellers',
    id: resellerId,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    disableErrors: true,
  });
  if (!doc) return { ok: false, error: 'notFound' };
  if (!doc.nextKeyHash || !doc.nextKeyPrefix) return { ok: false, error: 'noRotation' };
  // One update: there is no moment with neither key, nor with the next key stored twice.
  await payload.update({
    collection: 'resellers',
    id: resellerId,
    overrideAccess: true,
    user: by.user,
    data: { keyPrefix: doc.nextKeyPrefix, keyHash: doc.nextKeyHash, nextKeyPrefix: null, nextKeyHash: null },
  });
  return { ok: true, prefix: doc.nextKeyPrefix };
}
