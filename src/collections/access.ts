import type { Access, FieldAccess } from 'payload';

/**
 * Staff roles. `admin` manages users and settings; `staff` runs content, timetables and
 * bookings; `boarding` only checks tickets in at the gangway.
 */
export const roles = ['admin', 'staff', 'boarding'] as const;
export type Role = (typeof roles)[number];

type WithRole = { role?: Role | null } | null | undefined;

export const hasRole =
  (...allowed: Role[]) =>
  (user: WithRole): boolean =>
    Boolean(user?.role && allowed.includes(user.role));

export const isAdmin: Access = ({ req }) => hasRole('admin')(req.user as WithRole);
export const isStaff: Access = ({ req }) => hasRole('admin', 'staff')(req.user as WithRole);
export const isAdminField: FieldAccess = ({ req }) => hasRole('admin')(req.user as WithRole);
export const anyone: Access = () => true;
