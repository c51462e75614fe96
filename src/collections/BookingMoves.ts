import type { CollectionConfig } from 'payload';

import { allow, nobody } from './access';
import { euroCentsComponents } from './euro-cents';

const readOnly = { readOnly: true } as const;

export const bookingMoveStatuses = ['pending', 'completed', 'expired', 'withdrawn'] as const;

/**
 * A move to a dearer departure that waits for the customer to pay the difference by link
 * (docs/decisions/095-dearer-move-payment-link.md): the seats are held on the new departure while
 * the booking's tickets stay valid on the old one. Written only by src/operations/pending-moves.ts,
 * src/operations/move-requests.ts and move-payment.ts, in the same transaction as the seats it
 * holds or gives back; never edited or deleted.
 */
export const BookingMoves: CollectionConfig = {
  slug: 'booking-moves',
  admin: {
    defaultColumns: ['booking', 'status', 'toDeparture', 'differenceCents', 'expiresAt', 'createdAt'],
    group: 'Ticket shop',
  },
  access: { read: allow('booking.read'), create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'booking', type: 'relationship', relationTo: 'bookings', required: true, index: true, admin: readOnly },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      options: bookingMoveStatuses.map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    { name: 'fromDeparture', type: 'relationship', relationTo: 'departures', required: true, admin: readOnly },
    {
      name: 'toDeparture',
      type: 'relationship',
      relationTo: 'departures',
      required: true,
      index: true,
      admin: readOnly,
    },
    { name: 'toTour', type: 'relationship', relationTo: 'tours', required: true, admin: readOnly },
    { name: 'seats', type: 'number', required: true, min: 1, admin: readOnly },
    {
      name: 'totalCents',
      type: 'number',
      required: true,
      admin: { ...readOnly, components: euroCentsComponents, description: 'What the booking costs once moved.' },
    },
    {
      name: 'differenceCents',
      type: 'number',
      required: true,
      min: 1,
      admin: { ...readOnly, components: euroCentsComponents, description: 'What the customer pays by link.' },
    },
    { name: 'expiresAt', type: 'date', required: true, index: true, admin: readOnly },
    { name: 'orderRef', type: 'text', admin: { ...readOnly, description: 'The Redsys order that paid it.' } },
    { name: 'requestedBy', type: 'text', required: true, admin: readOnly },
  ],
};
