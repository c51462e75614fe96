import type { Access, FieldAccess } from 'payload';

/**
 * Staff roles. `admin` does everything, users and settings included; `office` runs bookings,
 * departures, timetables, requests and content; `crew` boards passengers and reads the
 * manifests of today's departures, nothing else.
 */
export const roles = ['admin', 'office', 'crew'] as const;
export type Role = (typeof roles)[number];

type WithRole = { role?: Role | null } | null | undefined;

export const hasRole =
  (...allowed: Role[]) =>
  (user: WithRole): boolean =>
    Boolean(user?.role && allowed.includes(user.role));

export const isAdmin: Access = ({ req }) => hasRole('admin')(req.user as WithRole);
export const isOffice: Access = ({ req }) => hasRole('admin', 'office')(req.user as WithRole);
export const isCrewOrOffice: Access = ({ req }) => hasRole('admin', 'office', 'crew')(req.user as WithRole);
export const isAdminField: FieldAccess = ({ req }) => hasRole('admin')(req.user as WithRole);
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
  if (stats) stats.access = { ...stats.access, read: isAdmin, update: () => false, readVersions: () => false };
}
