import type { CollectionConfig } from 'payload';

// The statuses are declared once, with what each means, next to the transitions between them.
import { bookingStatuses } from '../booking/statuses';
import { allow, nobody } from './access';
import { euroCentsComponents } from './euro-cents';

/** Who sold it: empty on bookings from before the column (the web and the box office). */
export const bookingChannels = ['web', 'office', 'reseller'] as const;

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
  // Never deleted, by anyone: the accounting record stays (personal data is anonymised instead).
  access: { read: allow('booking.read'), create: nobody, update: nobody, delete: nobody },
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
    {
      name: 'totalCents',
      type: 'number',
      required: true,
      min: 0,
      admin: { ...readOnly, components: euroCentsComponents },
    },
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
    {
      type: 'row',
      fields: [
        {
          name: 'paidCents',
          type: 'number',
          defaultValue: 0,
          admin: {
            ...readOnly,
            components: euroCentsComponents,
            description: 'Money received (sum of the payment events).',
          },
        },
        {
          name: 'refundedCents',
          type: 'number',
          defaultValue: 0,
          admin: {
            ...readOnly,
            components: euroCentsComponents,
            description: 'Refunds sent or in flight (sum of the refund events not failed).',
          },
        },
      ],
    },
    { name: 'disruptedAt', type: 'date', index: true, admin: readOnly },
    {
      name: 'disruptedFrom',
      type: 'number',
      index: true,
      admin: { ...readOnly, description: 'The cancelled departure this booking was on (kept after a move).' },
    },
    { name: 'disruptionRemindedAt', type: 'date', admin: readOnly },
    {
      name: 'disruptionChoice',
      type: 'select',
      options: [
        { label: 'Moved to another departure', value: 'moved' },
        { label: 'Refunded', value: 'refunded' },
      ],
      admin: readOnly,
    },
    { name: 'disruptionChosenBy', type: 'text', admin: readOnly },
    {
      name: 'channel',
      type: 'select',
      index: true,
      options: [
        { label: 'Website', value: 'web' },
        { label: 'Box office', value: 'office' },
        { label: 'Reseller', value: 'reseller' },
      ],
      admin: readOnly,
    },
    { name: 'reseller', type: 'relationship', relationTo: 'resellers', index: true, admin: readOnly },
    { name: 'resellerReference', type: 'text', index: true, admin: readOnly },
    {
      name: 'octoUuid',
      type: 'text',
      unique: true,
      index: true,
      admin: { ...readOnly, description: 'The reseller’s booking UUID (OCTO).' },
    },
    {
      name: 'resellerUnits',
      type: 'text',
      admin: {
        ...readOnly,
        description: 'The reseller’s unit items (OCTO uuid and reference), one per person in ticket order, as JSON.',
      },
    },
    {
      name: 'resellerContact',
      type: 'text',
      admin: {
        ...readOnly,
        description:
          'What the reseller told us about the guest beyond name, e-mail and phone (country, postal code, notes), as JSON.',
      },
    },
    {
      name: 'cancelReason',
      type: 'text',
      admin: { ...readOnly, description: 'Why the booking was cancelled, as the reseller said it.' },
    },
    {
      name: 'resellerCommissionPercent',
      type: 'number',
      admin: {
        ...readOnly,
        description:
          'The reseller’s commission when it confirmed the booking: its statements and reports use this one.',
      },
    },
    {
      name: 'resellerNetCents',
      type: 'number',
      admin: {
        ...readOnly,
        components: euroCentsComponents,
        description: 'What the reseller owes for the booking, fixed when it confirmed (net rates or commission).',
      },
    },
    {
      name: 'resellerInvoicing',
      type: 'select',
      options: [
        { label: 'Buys and resells', value: 'resale' },
        { label: 'Sells as our agent', value: 'agent' },
      ],
      admin: {
        ...readOnly,
        description:
          'How the booking is invoiced, fixed when the reseller confirmed it: to the reseller at the net price, or to the traveller at the retail price.',
      },
    },
    {
      name: 'resellerUnitNets',
      type: 'text',
      admin: {
        ...readOnly,
        description: 'What one unit of each category cost the reseller when it confirmed, in cents, as JSON.',
      },
    },
    {
      name: 'ticketsByEmail',
      type: 'checkbox',
      defaultValue: true,
      admin: {
        ...readOnly,
        description: 'Unticked: the tickets are not e-mailed to the customer (a reseller that did not ask for it).',
      },
    },
  ],
};
