import { describe, expect, it } from 'vitest';

import { GET as supplierRoute } from '@/app/octo/v1/supplier/route';
import { newApiKey } from '@/resellers/octo/keys';
import { finishKeyRotation, startKeyRotation } from '@/resellers/octo/key-rotation';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

const statusWith = async (key: string) =>
  (
    await supplierRoute(
      new Request('http://localhost:3111/octo/v1/supplier', { headers: { Authorization: `Bearer ${key}` } }),
    )
  ).status;

describe(`reseller key rotation on ${testDatabaseKind}`, () => {
  it('a next key works alongside the current one until the rotation is finished, then alone', async () => {
    const made = newApiKey();
    const doc = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Rotating', commissionPercent: 10, keyPrefix: made.prefix, keyHash: made.hash },
    });
    const id = Number(doc.id);
    expect(await statusWith(made.key)).toBe(200);
    expect(await finishKeyRotation(payload, id)).toEqual({ ok: false, error: 'noRotation' });

    const first = await startKeyRotation(payload, id);
    if (!first.ok) throw new Error(first.error);
    expect([await statusWith(made.key), await statusWith(first.key)]).toEqual([200, 200]);
    // Started again before finishing: the unused next key is replaced, never a third key.
    const second = await startKeyRotation(payload, id);
    if (!second.ok) throw new Error(second.error);
    expect([await statusWith(made.key), await statusWith(first.key), await statusWith(second.key)]).toEqual([
      200, 401, 200,
    ]);
    const admin = await payload.create({
      collection: 'users',
      data: {
        email: 'admin-rotation@example.com',
        password: 'long enough admin password 2026',
        role: 'admin',
        name: 'A',
      },
    });
    // Nobody reads a key's hash through Payload, not even an admin.
    const staffView = await payload.findByID({
      collection: 'resellers',
      id,
      overrideAccess: false,
      user: { ...admin, collection: 'users' },
    });
    expect(staffView).toMatchObject({ nextKeyPrefix: second.prefix });
    expect(staffView).not.toHaveProperty('nextKeyHash');

    expect(await finishKeyRotation(payload, id)).toEqual({ ok: true, prefix: second.prefix });
    expect([await statusWith(made.key), await statusWith(second.key)]).toEqual([401, 200]);
    const after = await payload.findByID({ collection: 'resellers', id, overrideAccess: true });
    expect(after).toMatchObject({ keyPrefix: second.prefix, nextKeyPrefix: null });
    expect(await finishKeyRotation(payload, id)).toEqual({ ok: false, error: 'noRotation' });
  });

  it('refuses unknown and revoked resellers', async () => {
    expect(await startKeyRotation(payload, 999_999)).toEqual({ ok: false, error: 'notFound' });
    const made = newApiKey();
    const doc = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Revoked', commissionPercent: 0, keyPrefix: made.prefix, keyHash: made.hash, active: false },
    });
    expect(await startKeyRotation(payload, Number(doc.id))).toEqual({ ok: false, error: 'inactive' });
  });
});
