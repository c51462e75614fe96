import type { CollectionConfig } from 'payload';

import { allow, nobody } from './access';

const readOnly = { readOnly: true } as const;

/**
 * One per person on board, free Super3 children included. Boarding (src/operations/boarding.ts) sets
 * the check-in columns with one conditional update; the crew reach tickets only through the
 * boarding endpoints, which are limited to today's departures, never through this collection.
 */
export const Tickets: CollectionConfig = {
  slug: 'tickets',
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'booking', 'category', 'checkedInAt', 'checkedInBy'],
    group: 'Ticket shop',
  },
  access: {
    read: allow('booking.read'),
    create: nobody,
    update: nobody,
    // Never deleted: a moved or cancelled booking's tickets are voided and kept.
    delete: nobody,
  },
  fields: [
    { name: 'code', type: 'text', required: true, unique: true, index: true, admin: readOnly },
    { name: 'booking', type: 'relationship', relationTo: 'bookings', required: true, index: true, admin: readOnly },
    {
      name: 'category',
      type: 'select',
      required: true,
      options: ['adult', 'reduced', 'child', 'super3'].map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    { name: 'checkedInAt', type: 'date', admin: readOnly },
    { name: 'checkedInBy', type: 'relationship', relationTo: 'users', admin: readOnly },
    {
      name: 'voidedAt',
      type: 'date',
      admin: { ...readOnly, description: 'Set when the booking was moved or cancelled: the ticket no longer boards.' },
    },
  ],
};
