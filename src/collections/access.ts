import type { Access, FieldAccess } from 'payload';

import { can, type Action } from '@/security/policy';

/**
 * Payload's access functions, from the staff policy (src/security/policy.ts): a collection says
 * which action each operation is, the policy says who may do it.
 */
export { roles, type Role } from '@/security/policy';

/** Only staff the policy allows `action`. */
export const allow =
  (action: Action): Access =>
  ({ req }) =>
    can(req.user, action);

/** The same, for one field. */
export const allowField =
  (action: Action): FieldAccess =>
  ({ req }) =>
    can(req.user, action);

export const anyone: Access = () => true;
/** Rows only the shop's own transactions write (bookings, tickets, payment records). */
export const nobody: Access = () => false;

/**
 * Payload adds its job-schedule statistics global while sanitizing the config, after ours is
 * built, with the default access (any signed-in user may read and overwrite it over REST). Only
 * the jobs runner writes it, straight through the database adapter; staff only ever read it.
 */
export function lockPayloadInternals(config: { globals: { slug: string; access: Record<string, unknown> }[] }): void {
  const stats = config.globals.find((global) => global.slug === 'payload-jobs-stats');
  if (stats)
    stats.access = { ...stats.access, read: allow('users.manage'), update: () => false, readVersions: () => false };
}
