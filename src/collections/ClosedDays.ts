import type { CollectionConfig } from 'payload';

import { isLocalDate } from '@/i18n/time';
import { allow } from './access';
import { revalidateAfterChange, revalidateAfterDelete } from './revalidate';

/**
 * Days the operator does not sail (25 December, 1 January…), for the whole fleet or one tour.
 * Departure generation skips them, saving one cancels the unsold departures already generated
 * for that day, and the booking calendar shows them as closed (docs/decisions/063-closed-days.md).
 * Sold departures of that day are shown in the form before saving and, once saved, wait under
 * "needs attention" for the office to cancel them and tell everyone (decision 170).
 */
export const ClosedDays: CollectionConfig = {
  slug: 'closed-days',
  admin: { useAsTitle: 'date', defaultColumns: ['date', 'tour', 'note'], group: 'Ticket shop' },
  access: {
    read: allow('departure.manage'),
    create: allow('departure.manage'),
    update: allow('departure.manage'),
    delete: allow('departure.manage'),
  },
  fields: [
    {
      name: 'date',
      type: 'text',
      required: true,
      index: true,
      validate: (value: unknown) => (isLocalDate(value) ? true : 'Use a date like 2026-12-25 (YYYY-MM-DD).'),
      admin: { placeholder: '2026-12-25' },
    },
    {
      name: 'tour',
      type: 'relationship',
      relationTo: 'tours',
      admin: { description: 'Empty: the whole fleet is closed that day.' },
    },
    { name: 'note', type: 'text', admin: { description: 'For staff, e.g. "Christmas Day".' } },
    {
      // Before saving: the booked departures of that day, and who is on them.
      name: 'scheduleImpact',
      type: 'ui',
      label: 'Who this change affects',
      admin: { components: { Field: '/components/admin/ScheduleImpact.client#ClosedDayImpact' } },
    },
  ],
  hooks: {
    afterChange: [
      async ({ doc, req }) => {
        const { closeDepartures } = await import('../schedule/closed-days');
        await closeDepartures(req.payload, doc, new Date(), req.user ? `user:${req.user.id}` : 'system');
        return doc;
      },
      revalidateAfterChange,
    ],
    afterDelete: [revalidateAfterDelete],
  },
};
