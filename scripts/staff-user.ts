import type { Payload } from 'payload';

import type { Role } from '../src/collections/access';

/**
 * Creates a back-office user, or updates one (role, password, name): what `npm run admin:create`
 * does, also used by the e2e server's set-up (scripts/e2e-users.ts) for its many users at once.
 */
export async function saveStaffUser(
  payload: Payload,
  {
    email,
    password,
    role: wanted,
    name,
    partner,
  }: { email: string; password: string; role?: Role; name?: string; partner?: number },
): Promise<{ created: boolean; role: Role }> {
  const existing = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    overrideAccess: true,
  });
  // A new user is an admin unless told otherwise; an existing one keeps their role unless told
  // otherwise (resetting a crew member's password must not make them an admin).
  const role = wanted ?? existing.docs[0]?.role ?? 'admin';
  if (existing.docs[0]) {
    await payload.update({
      collection: 'users',
      id: existing.docs[0].id,
      overrideAccess: true,
      data: { role, password, ...(name ? { name } : {}), ...(partner ? { partner } : {}) },
    });
    return { created: false, role };
  }
  await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password, role, name, ...(partner ? { partner } : {}) },
  });
  return { created: true, role };
}
