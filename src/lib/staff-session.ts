import 'server-only';

import type { Payload } from 'payload';

import { hasRole, type Role } from '@/collections/access';
import type { User } from '@/payload-types';

import { payloadClient } from './payload';

export type StaffSession = { payload: Payload; user: User & { role: Role } };

/**
 * The signed-in staff member behind a request to one of our own route handlers (the Payload
 * session cookie or an `Authorization: JWT …` header), if their role is among `allowed`.
 * Answers the response to send instead: 401 when nobody is signed in, 403 for a lower role.
 */
export async function requireStaff(
  request: Request,
  allowed: readonly Role[],
): Promise<StaffSession | { response: Response }> {
  const payload = await payloadClient();
  const { user } = await payload.auth({ headers: request.headers });
  const noStore = { 'Cache-Control': 'no-store' };
  if (!user || user.collection !== 'users') {
    return { response: Response.json({ ok: false, error: 'signInRequired' }, { status: 401, headers: noStore }) };
  }
  if (!hasRole(...allowed)(user as { role?: Role | null })) {
    return { response: Response.json({ ok: false, error: 'forbidden' }, { status: 403, headers: noStore }) };
  }
  return { payload, user: user as StaffSession['user'] };
}
