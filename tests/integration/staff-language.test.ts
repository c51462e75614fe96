import config from '@payload-config';
import { REST_POST } from '@payloadcms/next/routes';
import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { json, staffRoute } from '@/security/staff-route';

import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
});
afterAll(async () => {
  await stop?.();
});

const post = REST_POST(config);
const PASSWORD = 'gangway-language-2031';

async function crewMember(email: string, language?: 'ca' | 'es' | 'en' | 'fr') {
  await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password: PASSWORD, role: 'crew', name: 'Jordi', ...(language ? { language } : {}) },
  });
}

async function logIn(email: string) {
  const response = await post(
    new Request('http://localhost:3000/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'accept-language': 'en-US' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
    { params: Promise.resolve({ slug: ['users', 'login'] }) },
  );
  expect(response.status).toBe(200);
  return { cookies: response.headers.getSetCookie(), token: ((await response.json()) as { token: string }).token };
}

/** What a staff route takes for the staff member's language. */
const languageOf = staffRoute({ action: 'boarding.scan' }, async (staff) => json({ language: staff.language }));

async function routeLanguage(token: string, cookie?: string) {
  const response = await languageOf(
    new Request('http://localhost:3000/api/boarding/language', {
      headers: { authorization: `JWT ${token}`, 'accept-language': 'en-US', ...(cookie ? { cookie } : {}) },
    }),
  );
  return ((await response.json()) as { language: string }).language;
}

describe(`a staff member's language comes from their account, on ${testDatabaseKind}`, () => {
  it('signing in sets the back office to the account’s language, whatever the browser’s', async () => {
    await crewMember('crew-fr@example.com', 'fr');
    const { cookies, token } = await logIn('crew-fr@example.com');
    expect(cookies.filter((cookie) => cookie.startsWith('payload-lng='))).toEqual([
      'payload-lng=fr; Path=/; SameSite=Lax',
    ]);
    // The session cookie is still there beside it.
    expect(cookies.some((cookie) => cookie.startsWith('payload-token='))).toBe(true);
    // The staff API answers in the account's language, even with another one left in the browser.
    expect(await routeLanguage(token, 'payload-lng=en')).toBe('fr');
    expect(await routeLanguage(token)).toBe('fr');
  });

  it('an account without a language keeps the browser’s choice, as before', async () => {
    await crewMember('crew-none@example.com');
    const { cookies, token } = await logIn('crew-none@example.com');
    expect(cookies.some((cookie) => cookie.startsWith('payload-lng='))).toBe(false);
    expect(await routeLanguage(token, 'payload-lng=es')).toBe('es');
    expect(await routeLanguage(token)).toBe('en');
  });
});
