import type { CollectionConfig } from 'payload';

import { allow } from './access';

const nobody = () => false;
const readOnly = { readOnly: true } as const;

/**
 * Who did what to bookings, departures and payments, with the state before and after. Rows are
 * appended by the audit subscribers (src/audit/) from the domain events, never through the API:
 * nobody, admins included, may create, edit or delete one. Admins read it.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  admin: {
    useAsTitle: 'action',
    defaultColumns: ['createdAt', 'actor', 'action', 'subject'],
    group: 'Settings',
  },
  access: { read: allow('audit.read'), create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'actor',
      type: 'text',
      required: true,
      index: true,
      admin: { ...readOnly, description: 'user:<id>, visitor or system.' },
    },
    { name: 'action', type: 'text', required: true, index: true, admin: readOnly },
    {
      name: 'subject',
      type: 'text',
      required: true,
      index: true,
      admin: { ...readOnly, description: 'booking:<reference>, departure:<id>…' },
    },
    { name: 'before', type: 'json', admin: readOnly },
    { name: 'after', type: 'json', admin: readOnly },
  ],
};
