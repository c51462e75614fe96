import type { Payload } from 'payload';

import { newApiKey } from './keys';

/**
 * Replacing a reseller's API key without a moment where its calls fail: `startKeyRotation` adds a
 * second key that works alongside the current one, the reseller deploys it at its own pace, and
 * `finishKeyRotation` makes it the only key (the old one stops working at once). Starting again
 * before finishing replaces the unused next key, so a key shown to the wrong person is dropped.
 */

export type RotationError = 'notFound' | 'inactive' | 'noRotation';

export async function startKeyRotation(
  payload: Payload,
  resellerId: number,
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
    data: { nextKeyPrefix: prefix, nextKeyHash: hash },
  });
  return { ok: true, key, prefix };
}

export async function finishKeyRotation(
  payload: Payload,
  resellerId: number,
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
    data: { keyPrefix: doc.nextKeyPrefix, keyHash: doc.nextKeyHash, nextKeyPrefix: null, nextKeyHash: null },
  });
  return { ok: true, prefix: doc.nextKeyPrefix };
}
