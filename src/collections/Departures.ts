import type { CollectionConfig } from 'payload';

import { departureStatusLabels, departureStatuses } from '../booking/statuses';
import { allow } from './access';
import { departureCapacityRule } from './capacity-hooks';

/**
 * One sailing of one boat. Generated from timetables (never typed in by hand), one row per `key`.
 *
 * `seatsSold` and `seatsHeld` belong to the ticket shop: they only ever change through the atomic
 * conditional updates in src/booking/holds.ts. A back-office save must never write them back,
 * since the values on the staff member's screen may be seconds old and would undo sales; the
 * beforeChange hook drops them from every update, and the database adapter then leaves those
 * columns alone. `capacity` obeys the staff capacity API's rule (capacity-hooks.ts): never above
 * the boat, never below seats sold plus held.
 */
export const Departures: CollectionConfig = {
  slug: 'departures',
  admin: {
    useAsTitle: 'key',
    defaultColumns: ['key', 'boat', 'capacity', 'seatsSold', 'seatsHeld', 'status'],
    group: 'Ticket shop',
  },
  access: {
    read: allow('departure.read'),
    create: allow('departure.manage'),
    update: allow('departure.manage'),
    delete: allow('departure.manage'),
  },
  defaultSort: 'startsAt',
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true, admin: { readOnly: true } },
    { name: 'tour', type: 'relationship', relationTo: 'tours', required: true, index: true },
    { name: 'boat', type: 'relationship', relationTo: 'boats', required: true },
    {
      name: 'timetableId',
      type: 'number',
      admin: { readOnly: true, description: 'The timetable that generated it; empty for one-off departures.' },
    },
    { name: 'startsAt', type: 'date', required: true, index: true, admin: { readOnly: true } },
    {
      type: 'row',
      fields: [
        { name: 'localDate', type: 'text', required: true, index: true, admin: { readOnly: true } },
        { name: 'localTime', type: 'text', required: true, admin: { readOnly: true } },
      ],
    },
    { name: 'durationMinutes', type: 'number', required: true, min: 1, admin: { readOnly: true } },
    {
      name: 'capacity',
      type: 'number',
      required: true,
      min: 0,
      admin: { description: 'Seats for sale. Defaults to the boat’s capacity; may be lowered, never raised above it.' },
    },
    { name: 'seatsSold', type: 'number', defaultValue: 0, min: 0, admin: { readOnly: true } },
    { name: 'seatsHeld', type: 'number', defaultValue: 0, min: 0, admin: { readOnly: true } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'scheduled',
      // What each status means, and the moves between them: src/booking/statuses.ts, transitions.ts.
      options: departureStatuses.map((value) => ({ label: departureStatusLabels[value], value })),
      // Changed only through the ops actions (close, reopen, cancel for weather), which check the move
      // and announce it: an edit here would reach no subscriber (invoicing, notices, the audit log).
      access: { update: () => false },
      admin: { readOnly: true },
    },
    {
      name: 'cancelReason',
      type: 'select',
      // The list of operations/disruption.ts `cancelReasons`: the sea, the boat, or the schedule.
      options: ['wind', 'seaState', 'technical', 'other', 'timetable', 'closedDay'].map((value) => ({
        label: value,
        value,
      })),
      admin: { readOnly: true },
    },
    { name: 'cancelledAt', type: 'date', admin: { readOnly: true } },
    { name: 'cancelNote', type: 'text', admin: { readOnly: true } },
  ],
  hooks: {
    beforeChange: [
      ({ data, operation }) => {
        if (operation === 'update') {
          delete data.seatsSold;
          delete data.seatsHeld;
        }
        return data;
      },
      departureCapacityRule,
    ],
  },
};
