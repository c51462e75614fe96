import type { CollectionConfig } from 'payload';

import { allow } from './access';

export const webhookStatuses = ['queued', 'sent', 'failed'] as const;

/**
 * One row per booking change posted to a reseller's webhook (src/resellers/octo/webhooks.ts). The unique
 * key (`<booking>:<event>`) is what keeps a change from being posted twice: a second subscriber
 * run, or a retried job after a success, finds the row and stops. Staff read why a post failed.
 */
export const ResellerWebhooks: CollectionConfig = {
  slug: 'reseller-webhooks',
  admin: {
    useAsTitle: 'idempotencyKey',
    defaultColumns: ['idempotencyKey', 'reseller', 'status', 'attempts', 'sentAt'],
    group: 'Operations',
    description: 'Booking changes posted to resellers; failed posts are retried automatically.',
  },
  access: {
    read: allow('resellers.read'),
    create: () => false,
    update: () => false,
    delete: allow('records.delete'),
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'idempotencyKey', type: 'text', required: true, unique: true, index: true, admin: { readOnly: true } },
    { name: 'reseller', type: 'relationship', relationTo: 'resellers', required: true, admin: { readOnly: true } },
    { name: 'booking', type: 'relationship', relationTo: 'bookings', required: true, admin: { readOnly: true } },
    { name: 'event', type: 'text', required: true, admin: { readOnly: true } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'queued',
      index: true,
      options: webhookStatuses.map((value) => ({ label: value, value })),
      admin: { readOnly: true, position: 'sidebar' },
    },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: { readOnly: true, position: 'sidebar' } },
    {
      name: 'sentAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'error', type: 'text', admin: { readOnly: true } },
  ],
};
