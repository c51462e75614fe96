import 'server-only';

import type { Payload } from 'payload';

/**
 * How the office knows whoever an actor string names: `user:12` becomes that staff member's name
 * (or e-mail); anything else (`visitor`, `system`) is returned as it is.
 */
export async function staffNames(payload: Payload, actors: readonly string[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(actors.filter((a) => a.startsWith('user:')).map((a) => Number(a.slice('user:'.length)))),
  ].filter(Number.isSafeInteger);
  const users = ids.length
    ? await payload.find({
        collection: 'users',
        where: { id: { in: ids } },
        depth: 0,
        limit: ids.length,
        overrideAccess: true,
      })
    : { docs: [] };
  return new Map(users.docs.map((user) => [`user:${user.id}`, (user as { name?: string | null }).name || user.email]));
}
