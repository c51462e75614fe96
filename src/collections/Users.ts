import type { CollectionConfig } from 'payload';

import { isAdmin, isAdminField, roles } from './access';

export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    tokenExpiration: 60 * 60 * 12,
    maxLoginAttempts: 10,
    lockTime: 10 * 60 * 1000,
  },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'name', 'role'], group: 'Settings' },
  access: {
    // Everyone signed in may see and edit themselves; only admins see or manage the others.
    read: ({ req }) => (req.user ? (isAdmin({ req }) ? true : { id: { equals: req.user.id } }) : false),
    create: isAdmin,
    update: ({ req }) => (req.user ? (isAdmin({ req }) ? true : { id: { equals: req.user.id } }) : false),
    delete: isAdmin,
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'staff',
      options: roles.map((role) => ({ label: role, value: role })),
      access: { update: isAdminField, create: isAdminField },
      saveToJWT: true,
    },
  ],
};
