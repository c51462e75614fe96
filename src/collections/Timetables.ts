import { APIError, type CollectionConfig } from 'payload';

import { isLocalDate, isLocalTime } from '@/i18n/time';
import { allow } from './access';
import { revalidateAfterChange, revalidateAfterDelete } from './revalidate';

export const timetableDays = ['daily', 'weekdays', 'weekends', 'custom'] as const;

const weekdayOptions = [
  { label: 'Monday', value: '1' },
  { label: 'Tuesday', value: '2' },
  { label: 'Wednesday', value: '3' },
  { label: 'Thursday', value: '4' },
  { label: 'Friday', value: '5' },
  { label: 'Saturday', value: '6' },
  { label: 'Sunday', value: '7' },
];

const localDate = (value: unknown) => (isLocalDate(value) ? true : 'Use a date like 2027-01-05 (YYYY-MM-DD).');
const localTime = (value: unknown) => (isLocalTime(value) ? true : 'Use a 24-hour time like 10:30 (HH:MM).');

/**
 * When a tour sails: a season, the days, the times and the boat. Departures are generated from
 * here (src/schedule/departures.ts); a timetable that would put a boat on two departures
 * at once is refused on save.
 */
export const Timetables: CollectionConfig = {
  slug: 'timetables',
  admin: {
    useAsTitle: 'label',
    defaultColumns: ['label', 'tour', 'boat', 'validFrom', 'validTo', 'active'],
    group: 'Ticket shop',
  },
  access: {
    read: allow('departure.manage'),
    create: allow('departure.manage'),
    update: allow('departure.manage'),
    delete: allow('departure.manage'),
  },
  fields: [
    { name: 'label', type: 'text', required: true, admin: { description: 'For staff, e.g. "Winter weekdays".' } },
    { name: 'tour', type: 'relationship', relationTo: 'tours', required: true, index: true },
    { name: 'boat', type: 'relationship', relationTo: 'boats', required: true, index: true },
    {
      type: 'row',
      fields: [
        { name: 'validFrom', type: 'text', required: true, validate: localDate, admin: { placeholder: '2026-11-01' } },
        { name: 'validTo', type: 'text', required: true, validate: localDate, admin: { placeholder: '2027-03-31' } },
      ],
    },
    {
      name: 'days',
      type: 'select',
      required: true,
      defaultValue: 'daily',
      options: [
        { label: 'Every day', value: 'daily' },
        { label: 'Monday to Friday', value: 'weekdays' },
        { label: 'Saturdays and Sundays', value: 'weekends' },
        { label: 'Chosen weekdays', value: 'custom' },
      ],
    },
    {
      name: 'weekdays',
      type: 'select',
      hasMany: true,
      options: weekdayOptions,
      admin: { condition: (_, sibling) => sibling?.days === 'custom' },
    },
    {
      name: 'times',
      type: 'array',
      required: true,
      minRows: 1,
      fields: [{ name: 'time', type: 'text', required: true, validate: localTime }],
    },
    {
      name: 'closedDates',
      type: 'array',
      admin: { description: 'Days this timetable does not sail (holidays, maintenance).' },
      fields: [{ name: 'date', type: 'text', required: true, validate: localDate }],
    },
    {
      name: 'extraDepartures',
      type: 'array',
      admin: { description: 'One-off departures on this timetable’s tour and boat.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'date', type: 'text', required: true, validate: localDate },
            { name: 'time', type: 'text', required: true, validate: localTime },
          ],
        },
      ],
    },
    { name: 'active', type: 'checkbox', defaultValue: true, admin: { position: 'sidebar' } },
    {
      // Before saving: the booked departures this edit would leave without their sailing, and who is on them.
      name: 'scheduleImpact',
      type: 'ui',
      label: 'Who this change affects',
      admin: { components: { Field: '/components/admin/ScheduleImpact.client#TimetableImpact' } },
    },
  ],
  hooks: {
    beforeChange: [
      async ({ data, originalDoc, req }) => {
        const merged = { ...originalDoc, ...data };
        if (merged.validFrom && merged.validTo && merged.validTo < merged.validFrom) {
          throw new APIError('The season ends before it starts.', 400, undefined, true);
        }
        if (merged.days === 'custom' && (!Array.isArray(merged.weekdays) || merged.weekdays.length === 0)) {
          throw new APIError('Choose at least one weekday.', 400, undefined, true);
        }
        // Loaded on demand: the service talks to the database, which the CLI that only reads this
        // config (generate:types, migrate) never needs.
        const { timetableConflictMessage } = await import('../schedule/departures');
        const message = await timetableConflictMessage(req.payload, merged, req.locale);
        if (message) throw new APIError(message, 400, undefined, true);
        if (originalDoc) {
          const { boatChangeRefusal } = await import('../schedule/timetable-changes');
          const refused = await boatChangeRefusal(req.payload, merged, req.locale);
          if (refused) throw new APIError(refused, 400, undefined, true);
        }
        return data;
      },
    ],
    afterChange: [
      async ({ doc, operation, req }) => {
        const { generateDeparturesForTimetable } = await import('../schedule/departures');
        await generateDeparturesForTimetable(req.payload, doc);
        if (operation === 'update') {
          // Dates, times, season or boat changed: the departures already generated follow.
          const { reconcileTimetableDepartures } = await import('../schedule/timetable-changes');
          const by = req.user ? `user:${req.user.id}` : 'system';
          await reconcileTimetableDepartures(req.payload, Number(doc.id), doc, new Date(), by);
        }
        return doc;
      },
      // Tour pages publish their timetable from these rows.
      revalidateAfterChange,
    ],
    afterDelete: [
      async ({ id, req }) => {
        const { reconcileTimetableDepartures } = await import('../schedule/timetable-changes');
        const by = req.user ? `user:${req.user.id}` : 'system';
        await reconcileTimetableDepartures(req.payload, Number(id), null, new Date(), by);
      },
      revalidateAfterDelete,
    ],
  },
};
