import config from '@payload-config';
import { REST_POST } from '@payloadcms/next/routes';
import { describe, expect, it, vi } from 'vitest';

import { staffAuth } from '@/collections/Users';
import { bootstrapAdmin } from '@/security/admin-bootstrap';

import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

// Logins from distinct addresses through the test-only client address header.
vi.hoisted(() => {
  process.env.ENABLE_TEST_ROUTES = '1';
});

const payload = useTestPayload();

const post = REST_POST(config);
const users = async () => (await payload.count({ collection: 'users', overrideAccess: true })).totalDocs;

describe(`first back-office user on ${testDatabaseKind}`, () => {
  it('refuses POST /api/users/first-register on an empty users table, in the visitor language', async () => {
    expect(await users()).toBe(0);
    const response = await post(
      new Request('http://localhost:3000/api/users/first-register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'es-ES,es;q=0.9' },
        body: JSON.stringify({ email: 'attacker@example.com', password: 'attacker-password-1', role: 'admin' }),
      }),
      { params: Promise.resolve({ slug: ['users', 'first-register'] }) },
    );
    expect(response.status).toBe(403);
    const body = (await response.json()) as { errors: { message: string }[]; token?: string };
    expect(body.token).toBeUndefined();
    expect(body.errors[0]!.message).toContain('npm run admin:create');
    expect(body.errors[0]!.message).toMatch(/servidor/);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await users()).toBe(0);
  });

  it('ADMIN_EMAIL creates one admin and prints its password once, never again', async () => {
    const printed: string[] = [];
    expect(await bootstrapAdmin(payload, 'Boss@Example.com', (line) => printed.push(line))).toBe('created');
    expect(printed).toHaveLength(1);
    const password = /password[^:]*: (\S+)$/.exec(printed[0]!)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const login = await payload.login({
      collection: 'users',
      data: { email: 'boss@example.com', password: password! },
    });
    expect(login.user?.role).toBe('admin');

    // A restart (or a second instance) with the variable still set changes nothing.
    expect(await bootstrapAdmin(payload, 'boss@example.com', (line) => printed.push(line))).toBe('exists');
    expect(await bootstrapAdmin(payload, 'other@example.com', (line) => printed.push(line))).toBe('exists');
    expect(printed).toHaveLength(1);
    expect(await users()).toBe(1);
  });

  it('two instances starting together on an empty table create one admin', async () => {
    await payload.delete({ collection: 'users', where: {}, overrideAccess: true });
    const printed: string[] = [];
    const results = await Promise.all([
      bootstrapAdmin(payload, 'first@example.com', (line) => printed.push(line)),
      bootstrapAdmin(payload, 'first@example.com', (line) => printed.push(line)),
    ]);
    expect(results.sort()).toEqual(['created', 'exists']);
    expect(printed).toHaveLength(1);
    expect(await users()).toBe(1);
  });

  it('staff sessions: HttpOnly, SameSite=Lax, two hours, Secure in production', async () => {
    await payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { email: 'crew@example.com', password: 'crew-password-123', role: 'office' },
    });
    const response = await post(
      new Request('http://localhost:3000/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email: 'crew@example.com', password: 'crew-password-123' }),
      }),
      { params: Promise.resolve({ slug: ['users', 'login'] }) },
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeLessThanOrEqual(2 * 3600_000 + 60_000);
    expect(expires - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(staffAuth('production').cookies).toMatchObject({ secure: true, sameSite: 'Lax' });
    expect(staffAuth('local').cookies?.secure).toBe(false);
  });

  it('throttles logins per IP and account with backoff, never locks the account, answers unknown e-mails as slowly', async () => {
    await payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { email: 'skipper@example.com', password: 'skipper-password-1', role: 'office' },
    });
    const login = async (email: string, password: string, ip: string) => {
      const started = performance.now();
      const response = await post(
        new Request('http://localhost:3000/api/users/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-test-client-ip': ip, 'accept-language': 'ca' },
          body: JSON.stringify({ email, password }),
        }),
        { params: Promise.resolve({ slug: ['users', 'login'] }) },
      );
      return { status: response.status, ms: performance.now() - started, body: await response.text() };
    };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login('skipper@example.com', 'wrong-password', 'attacker')).status);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toContain(429);
    const refused = await login('skipper@example.com', 'skipper-password-1', 'attacker');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Massa intents');
    // The account is not locked: its owner signs in from their own address at once.
    expect((await login('skipper@example.com', 'skipper-password-1', 'office')).status).toBe(200);

    // Timing: an unknown e-mail costs the same password hashing as a known one. Three tries of
    // each, the known account's fastest against the unknown's slowest: a spike of the shared machine
    // (one known try took 1.3 s in a CI run with the browser tests beside it) must not fail it,
    // while an unknown e-mail answered without hashing would be fast every time.
    await payload.create({
      collection: 'users',
      data: { email: 'deckhand@example.com', password: 'deckhand-password-1', role: 'office' },
    });
    const known = [];
    const unknown = [];
    for (const ip of ['timing-1', 'timing-2', 'timing-3']) {
      known.push(await login('deckhand@example.com', 'wrong-password', `${ip}-known`));
      unknown.push(await login('nobody@example.com', 'wrong-password', `${ip}-unknown`));
    }
    expect(known.map((k) => k.status)).toEqual([401, 401, 401]);
    expect(unknown.map((u) => u.status)).toEqual([401, 401, 401]);
    expect(Math.max(...unknown.map((u) => u.ms))).toBeGreaterThan(Math.min(...known.map((k) => k.ms)) * 0.5);
  });
  it('a throttled login says, in the staff member’s language, how long to wait, where the admin’s login form shows it', async () => {
    await payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { email: 'bosun@example.com', password: 'bosun-password-12', role: 'office' },
    });
    // What Payload's login form sends: its fields as `_payload`, its language as Accept-Language,
    // and the back-office language the staff member chose in the `payload-lng` cookie.
    const attempt = async () => {
      const form = new FormData();
      form.append('_payload', JSON.stringify({ email: 'bosun@example.com', password: 'not-the-password' }));
      return post(
        new Request('http://localhost:3000/api/users/login', {
          method: 'POST',
          headers: { 'x-test-client-ip': 'admin-form', 'accept-language': 'en', cookie: 'payload-lng=fr' },
          body: form,
        }),
        { params: Promise.resolve({ slug: ['users', 'login'] }) },
      );
    };
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    // The wait runs from the last failure, counted as its attempt began: on a busy machine one
    // attempt's password hashing can outlast the first 1 s wait (a CI run: 850 ms an attempt).
    // Each failure doubles the wait, so a refusal comes within a few more attempts.
    let refused = await attempt();
    for (let extra = 0; refused.status === 401 && extra < 4; extra++) refused = await attempt();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { errors: { message: string }[] };
    expect(body.errors[0]!.message).toBe(
      `Trop de tentatives. Réessayez dans ${seconds} ${seconds === 1 ? 'seconde' : 'secondes'}.`,
    );
  });
});
