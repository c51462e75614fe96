import 'server-only';

import { randomBytes } from 'node:crypto';

import type { Payload } from 'payload';

/**
 * ADMIN_EMAIL: on an empty users table, create that admin with a generated password and print it
 * once. Once any user exists this does nothing, so the password is never printed again and a
 * restart cannot reset it. Instances starting together race on the unique e-mail: one wins.
 */
export async function bootstrapAdmin(
  payload: Payload,
  email: string,
  print: (line: string) => void = (line) => console.warn(line),
): Promise<'created' | 'exists'> {
  const users = () => payload.count({ collection: 'users', overrideAccess: true }).then((r) => r.totalDocs);
  if ((await users()) > 0) return 'exists';
  const password = randomBytes(15).toString('base64url');
  try {
    await payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { email: email.trim().toLowerCase(), password, role: 'admin' },
    });
  } catch (error) {
    if ((await users()) > 0) return 'exists';
    throw error;
  }
  print(
    `Created the first back-office user from ADMIN_EMAIL. One-time password (shown only now, change it after signing in): ${password}`,
  );
  return 'created';
}
