import { describe, expect, it } from 'vitest';

import { env } from '@/lib/env';
import { payloadJwtKey, staffRole } from '@/security/staff-session.mjs';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * scripts/server.mjs refuses uploads unread unless the request carries an office or admin
 * session (src/security/body-limit.mjs). It checks Payload's session token itself, from the
 * headers: this proves it reads the tokens Payload really issues, with Payload's key.
 */
const payload = useTestPayload();

describe(`the upload gate reads Payload's own sessions on ${testDatabaseKind}`, () => {
  it('derives the key Payload signs with and finds each role in a real login token', async () => {
    const key = payloadJwtKey(env().PAYLOAD_SECRET);
    expect(key).toBe(payload.secret);
    for (const role of ['admin', 'office', 'crew'] as const) {
      const email = `${role}-upload@example.com`;
      const password = `long enough ${role} password 2026`;
      await payload.create({ collection: 'users', data: { email, password, role } as never });
      const { token } = await payload.login({ collection: 'users', data: { email, password } });
      expect(staffRole({ authorization: `JWT ${token}` }, key)).toBe(role);
      expect(staffRole({ cookie: `payload-token=${token}` }, key)).toBe(role);
      // The same token under another deployment's secret is nobody.
      expect(staffRole({ authorization: `JWT ${token}` }, payloadJwtKey(`${env().PAYLOAD_SECRET}x`))).toBeNull();
    }
  });
});
