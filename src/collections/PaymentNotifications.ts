import type { CollectionConfig } from 'payload';

import { allow, nobody } from './access';
import { euroCentsComponents } from './euro-cents';

const readOnly = { readOnly: true } as const;

/**
 * Every payment attempt we start and every notification the gateway sends, verified or not:
 * the audit trail, and the map from each Redsys order number ever issued to its booking, so a
 * late notification for an earlier attempt still finds its booking.
 */
export const PaymentNotifications: CollectionConfig = {
  slug: 'payment-notifications',
  admin: {
    useAsTitle: 'orderRef',
    defaultColumns: ['orderRef', 'kind', 'outcome', 'booking', 'createdAt'],
    group: 'Ticket shop',
  },
  access: { read: allow('booking.read'), create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: 'Payment started', value: 'attempt' },
        { label: 'Notification', value: 'notification' },
      ],
      admin: readOnly,
    },
    { name: 'orderRef', type: 'text', index: true, admin: readOnly },
    { name: 'booking', type: 'relationship', relationTo: 'bookings', index: true, admin: readOnly },
    {
      name: 'move',
      type: 'relationship',
      relationTo: 'booking-moves',
      index: true,
      admin: { ...readOnly, description: 'Set when the payment is the difference of a move.' },
    },
    { name: 'provider', type: 'text', admin: readOnly },
    { name: 'amountCents', type: 'number', admin: { ...readOnly, components: euroCentsComponents } },
    { name: 'responseCode', type: 'text', admin: readOnly },
    {
      name: 'outcome',
      type: 'text',
      required: true,
      admin: {
        ...readOnly,
        description:
          'started, confirmed, retaken (late payment, seats free), refundPending, duplicate, declined, rejected:<reason>, unknownOrder',
      },
    },
  ],
};
