import type { CollectionConfig } from 'payload';

import { allow, nobody } from './access';

const readOnly = { readOnly: true } as const;

/**
 * One per ticket and partner part of a combined tour, issued with the ticket in the paying
 * transaction (src/partners/admissions-repository.ts). Its code is the QR the partner's door scans,
 * or the code the partner supplied. Used once (a conditional UPDATE at the door), voided with its
 * ticket; never deleted.
 */
export const Admissions: CollectionConfig = {
  slug: 'admissions',
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'partner', 'booking', 'category', 'validFrom', 'usedAt', 'voidedAt'],
    group: 'Ticket shop',
  },
  access: { read: allow('booking.read'), create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['partner', 'code'], unique: true }],
  fields: [
    { name: 'code', label: 'Code', type: 'text', required: true, index: true, admin: readOnly },
    {
      name: 'supplied',
      label: 'Code supplied by the partner',
      type: 'checkbox',
      defaultValue: false,
      admin: readOnly,
    },
    {
      name: 'ticket',
      label: 'Ticket',
      type: 'relationship',
      relationTo: 'tickets',
      required: true,
      index: true,
      admin: readOnly,
    },
    {
      name: 'booking',
      label: 'Booking',
      type: 'relationship',
      relationTo: 'bookings',
      required: true,
      index: true,
      admin: readOnly,
    },
    {
      name: 'partner',
      label: 'Partner',
      type: 'relationship',
      relationTo: 'partners',
      required: true,
      index: true,
      admin: readOnly,
    },
    {
      name: 'category',
      label: 'Category',
      type: 'select',
      required: true,
      options: ['adult', 'reduced', 'child', 'super3'].map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    {
      name: 'shareCents',
      label: 'Partner part of the price',
      type: 'number',
      required: true,
      admin: { ...readOnly, description: 'In cents, VAT included where it is ours.' },
    },
    {
      name: 'owedCents',
      label: 'Owed to the partner',
      type: 'number',
      required: true,
      admin: { ...readOnly, description: 'In cents, per the agreement at the sale.' },
    },
    {
      name: 'taxTreatment',
      label: 'Tax treatment of the partner part',
      type: 'select',
      required: true,
      options: [
        { label: 'Sold in the partner’s name and on its behalf', value: 'agency' },
        { label: 'Bought and resold', value: 'resale' },
      ],
      admin: readOnly,
    },
    { name: 'vatRatePct', label: 'VAT of the partner part (%)', type: 'number', admin: readOnly },
    { name: 'validFrom', label: 'Valid from', type: 'text', required: true, index: true, admin: readOnly },
    { name: 'validUntil', label: 'Valid until', type: 'text', required: true, admin: readOnly },
    { name: 'usedAt', label: 'Used', type: 'date', admin: readOnly },
    { name: 'usedBy', label: 'Checked by', type: 'relationship', relationTo: 'users', admin: readOnly },
    {
      name: 'voidedAt',
      label: 'Voided',
      type: 'date',
      admin: { ...readOnly, description: 'Set when the booking was cancelled, refunded or moved.' },
    },
    {
      name: 'refundedAt',
      label: 'Refunded although used',
      type: 'date',
      admin: {
        ...readOnly,
        description:
          'Used at the partner, yet its share went back to the visitor (the agreement allows it, or staff decided so).',
      },
    },
  ],
};
