import type { CollectionConfig } from 'payload';

import { hasRole, isStaff } from './access';

export const bookingStatuses = ['held', 'paid', 'expired', 'cancelled', 'refundPending'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

const nobody = () => false;
const isAdmin = ({ req }: { req: { user?: unknown } }) =>
  hasRole('admin')(req.user as Parameters<ReturnType<typeof hasRole>>[0]);

const readOnly = { readOnly: true } as const;

/**
 * A visitor's order. Rows are written only by the shop's own transactions (src/booking/), never
 * through the API or the back office: status, seats and money change together with the
 * departure's counters or not at all. Staff read them here.
 */
export const Bookings: CollectionConfig = {
  slug: 'bookings',
  admin: {
    useAsTitle: 'reference',
    defaultColumns: ['reference', 'tour', 'departure', 'status', 'totalCents', 'createdAt'],
    group: 'Ticket shop',
  },
  access: { read: isStaff, create: nobody, update: nobody, delete: isAdmin },
  defaultSort: '-createdAt',
  fields: [
    { name: 'reference', type: 'text', required: true, unique: true, index: true, admin: readOnly },
    { name: 'tour', type: 'relationship', relationTo: 'tours', required: true, admin: readOnly },
    { name: 'departure', type: 'relationship', relationTo: 'departures', required: true, index: true, admin: readOnly },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      defaultValue: 'held',
      options: bookingStatuses.map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    {
      name: 'tripType',
      type: 'select',
      required: true,
      options: [
        { label: 'Round trip', value: 'roundTrip' },
        { label: 'One way', value: 'oneWay' },
      ],
      admin: readOnly,
    },
    {
      type: 'row',
      fields: [
        { name: 'adults', type: 'number', required: true, min: 0, admin: readOnly },
        { name: 'reduced', type: 'number', required: true, min: 0, admin: readOnly },
        { name: 'children', type: 'number', required: true, min: 0, admin: readOnly },
        { name: 'super3', type: 'number', required: true, min: 0, admin: readOnly },
        { name: 'audioGuides', type: 'number', required: true, min: 0, admin: readOnly },
      ],
    },
    { name: 'seats', type: 'number', required: true, min: 1, admin: readOnly },
    { name: 'totalCents', type: 'number', required: true, min: 0, admin: readOnly },
    {
      name: 'customer',
      type: 'group',
      admin: readOnly,
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'surnames', type: 'text', required: true },
        { name: 'email', type: 'email', required: true },
        { name: 'phone', type: 'text', required: true },
        { name: 'mobilePhone', type: 'text', required: true },
        { name: 'comments', type: 'textarea' },
      ],
    },
    {
      name: 'locale',
      type: 'select',
      required: true,
      options: ['ca', 'es', 'en', 'fr'].map((value) => ({ label: value, value })),
      admin: readOnly,
    },
    { name: 'holdExpiresAt', type: 'date', required: true, index: true, admin: readOnly },
    { name: 'holdExtended', type: 'checkbox', defaultValue: false, admin: readOnly },
    { name: 'paymentOrderRef', type: 'text', index: true, admin: readOnly },
    { name: 'paidAt', type: 'date', admin: readOnly },
  ],
};

/** One per person on board, free Super3 children included. */
export const Tickets: CollectionConfig = {
  slug: 'tickets',
  admin: { useAsTitle: 'code', defaultColumns: ['code', 'booking', 'category', 'checkedInAt'], group: 'Ticket shop' },
  access: {
    read: ({ req }) => hasRole('admin', 'staff', 'boarding')(req.user as Parameters<ReturnType<typeof hasRole>>[0]),
    create: nobody,
    update: nobody,
    delete: isAdmin,
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
  ],
};

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
  access: { read: isStaff, create: nobody, update: nobody, delete: nobody },
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
    { name: 'provider', type: 'text', admin: readOnly },
    { name: 'amountCents', type: 'number', admin: readOnly },
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
