import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

import { GET as credentialsGet, POST as credentialsPost } from '@/app/api/ops/resellers/[id]/credentials/route';
import { GET as supplierRoute } from '@/app/octo/v1/supplier/route';
import { shopDb } from '@/booking/db';

import { resellerCommand } from '../../scripts/reseller-create';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
const root = path.resolve(import.meta.dirname, '../..');
// This file's database, as integration-setup.ts made it before the file loaded: the command run
// below must open the same one, whatever the environment says by the time it runs.
const databaseUrl = process.env.DATABASE_URL!;
const tokens: Record<'admin' | 'office', string> = { admin: '', office: '' };
let adminId = 0;

beforeAll(async () => {
  for (const role of ['admin', 'office'] as const) {
    const email = `${role}-credentials@example.com`;
    const password = `long enough ${role} password 2026`;
    const user = await payload.create({ collection: 'users', data: { email, password, role, name: role } });
    if (role === 'admin') adminId = Number(user.id);
    tokens[role] = (await payload.login({ collection: 'users', data: { email, password } })).token!;
  }
});

/** `npm run reseller:create -- …` on this test's database, in process. */
async function cli(...args: string[]) {
  const lines: string[] = [];
  const code = await resellerCommand(payload, args, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { code, out: lines.join('\n') };
}
const shownKey = (out: string) => /API key \(shown once\): (\S+)/.exec(out)?.[1] ?? '';
const shownSecret = (out: string) => /Webhook secret \(shown once[^)]*\): (\S+)/.exec(out)?.[1] ?? '';

const statusWith = async (key: string) =>
  (
    await supplierRoute(
      new Request('http://localhost:3111/octo/v1/supplier', { headers: { Authorization: `Bearer ${key}` } }),
    )
  ).status;

async function storedSecret(id: number): Promise<string | null> {
  const { rows } = await shopDb(payload).query('SELECT webhook_secret FROM resellers WHERE id = ?', [id]);
  return (rows[0]?.webhook_secret as string | null) ?? null;
}

function call(id: number | string, token: string | null, action?: string) {
  const request = new Request(`http://localhost:3111/api/ops/resellers/${id}/credentials`, {
    method: action === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: `JWT ${token}` } : {}),
      ...(action === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: action === undefined ? null : JSON.stringify({ action }),
  });
  const context = { params: Promise.resolve({ id: String(id) }) };
  return action === undefined ? credentialsGet(request, context) : credentialsPost(request, context);
}
async function answer(response: Promise<Response>) {
  const r = await response;
  return { status: r.status, body: (await r.json()) as Record<string, unknown> & { secret?: string } };
}

describe(`reseller:create on ${testDatabaseKind}`, () => {
  it('creates a reseller with a working key and a webhook secret, each printed once', async () => {
    // The webhook's name is resolved when saved (decision 169): here by a stub, never the internet.
    // Imported here, not at the top: the resolver must be the one Payload's collection uses, and
    // startTestPayload() reloads the app's modules when it finds an earlier file's instance.
    const { webhookDns } = await import('@/resellers/octo/webhook-address');
    const resolve = vi.spyOn(webhookDns, 'resolve').mockResolvedValue([{ address: '203.0.113.10', family: 4 }]);
    const made = await cli('--name', 'Viatges Mar', '--commission', '15', '--webhook', 'https://example.com/hook');
    resolve.mockRestore();
    expect(made.code, made.out).toBe(0);
    const id = Number(/Created reseller (\d+)/.exec(made.out)?.[1]);
    expect(await statusWith(shownKey(made.out))).toBe(200);
    expect(shownSecret(made.out)).toMatch(/^whsec_/);
    expect(await storedSecret(id)).toBe(shownSecret(made.out));
    expect(await payload.findByID({ collection: 'resellers', id, overrideAccess: true })).toMatchObject({
      commissionPercent: 15,
      keyPrefix: shownKey(made.out).slice(0, 12),
    });
    expect((await cli('--commission', '10')).code).toBe(2);
    expect((await cli('--name', 'X', '--commission', '120')).code).toBe(2);
    expect((await cli('--name', 'X', '--tours', 'no-such-tour')).code).toBe(2);
  });

  it('--rotate adds a key alongside the current one, --finish-rotation leaves only the new one', async () => {
    const made = await cli('--name', 'Rotating');
    const id = /Created reseller (\d+)/.exec(made.out)![1]!;
    const first = shownKey(made.out);

    const rotated = await cli('--rotate', '--id', id);
    expect(rotated.code, rotated.out).toBe(0);
    const second = shownKey(rotated.out.replace('New API key', 'API key'));
    expect(second).toMatch(/^golo_/);
    expect([await statusWith(first), await statusWith(second)]).toEqual([200, 200]);

    const finished = await cli('--finish-rotation', '--id', id);
    expect(finished.code, finished.out).toBe(0);
    expect(finished.out).toContain(`only the key ${second.slice(0, 12)}`);
    expect([await statusWith(first), await statusWith(second)]).toEqual([401, 200]);

    expect(await cli('--finish-rotation', '--id', id)).toMatchObject({ code: 1, out: `Reseller ${id}: noRotation` });
    expect((await cli('--rotate', '--id', '999999')).code).toBe(1);
    expect((await cli('--rotate')).code).toBe(2);
    expect((await cli('--rotate', '--finish-rotation', '--id', id)).code).toBe(2);
  });

  it('--rotate-webhook-secret gives a reseller made before signed webhooks its secret, and replaces it', async () => {
    // As the reseller_webhooks migration left them: a key, no webhook secret.
    const old = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Older', commissionPercent: 0, keyPrefix: 'golo_old', keyHash: 'hash-old' },
    });
    const id = Number(old.id);
    expect(await storedSecret(id)).toBeNull();
    const set = await cli('--rotate-webhook-secret', '--id', String(id));
    expect(set.code, set.out).toBe(0);
    expect(await storedSecret(id)).toBe(shownSecret(set.out));
    const again = await cli('--rotate-webhook-secret', '--id', String(id));
    expect(shownSecret(again.out)).not.toBe(shownSecret(set.out));
    expect(await storedSecret(id)).toBe(shownSecret(again.out));
    expect((await cli('--rotate-webhook-secret', '--id', '999999')).code).toBe(1);
  });

  it('--revoke-key stops every key; --issue-key gives a keyless reseller a new one', async () => {
    const made = await cli('--name', 'Leaky');
    const id = /Created reseller (\d+)/.exec(made.out)![1]!;
    expect((await cli('--issue-key', '--id', id)).code).toBe(1); // it has one: rotate instead
    expect((await cli('--revoke-key', '--id', id)).code).toBe(0);
    expect(await statusWith(shownKey(made.out))).toBe(401);
    const issued = await cli('--issue-key', '--id', id);
    expect(issued.code, issued.out).toBe(0);
    expect(await statusWith(shownKey(issued.out))).toBe(200);
  });

  // The script itself, as `npm run reseller:create` runs it (tsx compiles the Payload config:
  // seconds on an idle machine, longer when the suite shares its cores).
  it('runs as a command', { timeout: 180_000 }, async () => {
    const old = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Command line', commissionPercent: 0, keyPrefix: 'golo_cmd', keyHash: 'hash-cmd' },
    });
    const result = spawnSync(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/reseller-create.ts', '--', '--rotate-webhook-secret', '--id', String(old.id)],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, JOBS_AUTORUN: '0' }, encoding: 'utf8' },
    );
    const out = `${result.stdout}${result.stderr}`;
    expect(result.status, out).toBe(0);
    expect(await storedSecret(Number(old.id))).toBe(shownSecret(out));
    const usage = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/reseller-create.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, JOBS_AUTORUN: '0' },
      encoding: 'utf8',
    });
    expect(usage.status).toBe(2);
  });
});

describe(`reseller credentials in the admin on ${testDatabaseKind}`, () => {
  it('a reseller made in the admin gets its key there, shown once; rotate, finish, revoke and the webhook secret too', async () => {
    // What the admin's create form does: a reseller with no key.
    const admin = await payload.findByID({ collection: 'users', id: adminId });
    const doc = await payload.create({
      collection: 'resellers',
      overrideAccess: false,
      user: { ...admin, collection: 'users' },
      data: { name: 'Made in the admin', commissionPercent: 10 },
    });
    const id = Number(doc.id);
    expect(await answer(call(id, tokens.admin))).toEqual({
      status: 200,
      body: { ok: true, credentials: { active: true, keyPrefix: null, nextKeyPrefix: null, hasWebhookSecret: false } },
    });

    const issued = await answer(call(id, tokens.admin, 'issueKey'));
    expect(issued.status).toBe(200);
    const key = issued.body.secret!;
    expect(issued.body.credentials).toMatchObject({ keyPrefix: key.slice(0, 12) });
    expect(await statusWith(key)).toBe(200);
    // Shown once: nothing reads it back, and issuing again is refused (rotate instead).
    expect(JSON.stringify((await answer(call(id, tokens.admin))).body)).not.toContain(key);
    expect(await answer(call(id, tokens.admin, 'issueKey'))).toMatchObject({ status: 409, body: { error: 'hasKey' } });

    const next = (await answer(call(id, tokens.admin, 'rotateKey'))).body.secret!;
    expect([await statusWith(key), await statusWith(next)]).toEqual([200, 200]);
    // A form saved meanwhile with the prefixes it loaded does not undo the rotation.
    await payload.update({
      collection: 'resellers',
      id,
      overrideAccess: false,
      user: { ...admin, collection: 'users' },
      data: { keyPrefix: 'golo_stale', nextKeyPrefix: null, name: 'Made in the admin' },
    });
    expect((await answer(call(id, tokens.admin))).body.credentials).toMatchObject({
      keyPrefix: key.slice(0, 12),
      nextKeyPrefix: next.slice(0, 12),
    });
    expect(await answer(call(id, tokens.admin, 'finishRotation'))).toMatchObject({ status: 200 });
    expect([await statusWith(key), await statusWith(next)]).toEqual([401, 200]);
    expect(await answer(call(id, tokens.admin, 'finishRotation'))).toMatchObject({
      status: 409,
      body: { error: 'noRotation' },
    });

    const secret = await answer(call(id, tokens.admin, 'rotateWebhookSecret'));
    expect(secret.body.secret).toMatch(/^whsec_/);
    expect(await storedSecret(id)).toBe(secret.body.secret);
    expect(secret.body.credentials).toMatchObject({ hasWebhookSecret: true });

    expect(await answer(call(id, tokens.admin, 'revokeKey'))).toMatchObject({
      status: 200,
      body: { credentials: { keyPrefix: null } },
    });
    expect(await statusWith(next)).toBe(401);

    // Audited as the admin's edits, with the prefixes and never a key, hash or secret.
    const log = await payload.find({
      collection: 'audit-log',
      where: { subject: { equals: `resellers:${id}` } },
      overrideAccess: true,
      limit: 50,
    });
    expect(log.docs.length).toBeGreaterThanOrEqual(5);
    expect(log.docs.every((entry) => entry.actor === `user:${adminId}`)).toBe(true);
    const logged = JSON.stringify(log.docs);
    for (const secretValue of [key, next, secret.body.secret!]) expect(logged).not.toContain(secretValue);
    expect(logged).not.toMatch(/Hash|webhookSecret/);
  });

  it('admins only: office 403, nobody 401, unknown reseller 404, unknown action 400', async () => {
    const made = await cli('--name', 'Guarded');
    const id = /Created reseller (\d+)/.exec(made.out)![1]!;
    expect((await call(id, tokens.office)).status).toBe(403);
    expect((await call(id, tokens.office, 'rotateKey')).status).toBe(403);
    expect((await call(id, null, 'revokeKey')).status).toBe(401);
    expect((await call('999999', tokens.admin, 'rotateKey')).status).toBe(404);
    expect((await call('abc', tokens.admin)).status).toBe(404);
    expect(await answer(call(id, tokens.admin, 'explode'))).toMatchObject({
      status: 400,
      body: { error: 'invalidAction' },
    });
    expect(await statusWith(shownKey(made.out))).toBe(200);
  });
});
