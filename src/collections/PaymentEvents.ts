import type { CollectionConfig } from 'payload';

import { allow } from './access';

const nobody = () => false;
const readOnly = { readOnly: true } as const;

export const paymentEventKinds = ['payment', 'refund'] as const;
export const paymentEventStatuses = ['succeeded', 'pending', 'failed'] as const;
export const paymentMethods = ['card', 'bizum', 'cash', 'terminal', 'invoice', 'link', 'other'] as const;

/**
 * Money in and out of a booking, one row per payment received and per refund asked for: the
 * booking's `paidCents` and `refundedCents` are these rows summed, and the invariant check of the
 * tests holds them to it. A refund row is `pending` while the gateway is asked, then `succeeded`
 * (with the gateway's answer) or `failed` (kept, visible, retried from the same row). Written
 * only by src/booking/ in the same transaction as the booking's amounts; never edited or deleted.
 */
export const PaymentEvents: CollectionConfig = {
  slug: 'payment-events',
  admin: {
    useAsTitle: 'idempotencyKey',
    defaultColumns: ['booking', 'kind', 'status', 'amountCents', 'method', 'requestedBy', 'createdAt'],
    group: 'Ticket shop',
  },
  access: { read: allow('booking.read'), create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'booking', type: 'relationship', relationTo: 'bookings', required: true, index: true, admin: readOnly },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: paymentEventKinds.map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      options: paymentEventStatuses.map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    { name: 'amountCents', type: 'number', required: true, min: 1, admin: readOnly },
    {
      name: 'method',
      type: 'select',
      options: paymentMethods.map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    { name: 'orderRef', type: 'text', index: true, admin: { ...readOnly, description: 'The Redsys order.' } },
    {
      name: 'idempotencyKey',
      type: 'text',
      required: true,
      unique: true,
      admin: { ...readOnly, description: 'The same request twice finds this row instead of paying out twice.' },
    },
    {
      name: 'requestedBy',
      type: 'text',
      required: true,
      admin: { ...readOnly, description: 'user:<id>, visitor, or system (automatic refunds).' },
    },
    { name: 'reason', type: 'text', admin: readOnly },
    { name: 'gatewayCode', type: 'text', admin: readOnly },
    { name: 'gatewayAnswer', type: 'textarea', admin: readOnly },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: readOnly },
    {
      // Set at a till close (src/operations/till.ts): each box-office payment is settled in exactly
      // one session, even one stamped before a close and committed after it.
      name: 'tillSessionId',
      type: 'number',
      index: true,
      admin: { ...readOnly, description: 'The till session whose close settled this box-office payment.' },
    },
  ],
};
