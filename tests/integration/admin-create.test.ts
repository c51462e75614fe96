import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run admin:create -- …` on this test's database. */
function adminCreate(...args: string[]) {
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/admin-create.ts', ...args], {
    cwd: root,
    env: { ...process.env, JOBS_AUTORUN: '0' },
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function userByEmail(email: string) {
  const found = await payload.find({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true });
  return found.docs[0];
}

// Each case runs the real CLI (tsx compiles the Payload config): seconds when the machine is idle,
// over a minute when the whole suite shares its 2 cores.
describe(`admin:create on ${testDatabaseKind}`, { timeout: 180_000 }, () => {
  it('creates a crew member, and a password reset later keeps their role', async () => {
    const created = adminCreate('--email', 'Pau@Example.com', '--role', 'crew', '--name', 'Pau Serra');
    expect(created.status, created.out).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(created.out)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(24);
    expect(await userByEmail('pau@example.com')).toMatchObject({ role: 'crew', name: 'Pau Serra' });
    await expect(
      payload.login({ collection: 'users', data: { email: 'pau@example.com', password: password! } }),
    ).resolves.toMatchObject({ user: { role: 'crew' } });

    // Before: --role defaulted to admin on updates too, so resetting a crew password promoted them.
    const reset = adminCreate('--email', 'pau@example.com', '--password', 'a new gangway passphrase');
    expect(reset.status, reset.out).toBe(0);
    expect(await userByEmail('pau@example.com')).toMatchObject({ role: 'crew', name: 'Pau Serra' });
  });

  it('refuses a common or short password before touching the database', () => {
    const weak = adminCreate('--email', 'weak@example.com', '--password', 'password1234');
    expect(weak.status).toBe(2);
    expect(weak.out).toMatch(/common passwords/);
    expect(adminCreate('--email', 'weak@example.com', '--password', 'short').status).toBe(2);
  });

  it('makes an admin when no role is given', async () => {
    expect(adminCreate('--email', 'boss@example.com').status).toBe(0);
    expect(await userByEmail('boss@example.com')).toMatchObject({ role: 'admin' });
  });
});
