import type { CollectionConfig } from 'payload';

import { allow, anyone } from './access';
import { boatCapacityRule } from './capacity-hooks';
import { slugField } from './fields';
import { revalidateHooks } from './revalidate';

/**
 * The fleet. `capacity` is the legal passenger limit and the default number of seats of every
 * departure the boat sails (staff may lower a departure's seats, never raise them above it).
 * Lowering it lowers the boat's departures still to sail, or is refused when one of them has more
 * seats sold plus held (capacity-hooks.ts).
 */
export const Boats: CollectionConfig = {
  slug: 'boats',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'capacity', 'launchedYear', 'active'], group: 'Fleet' },
  access: {
    read: anyone,
    create: allow('content.manage'),
    update: allow('content.manage'),
    // Office staff edit content; only an admin deletes it (decision 169).
    delete: allow('content.delete'),
  },
  defaultSort: 'fleetOrder',
  hooks: { ...revalidateHooks, beforeChange: [boatCapacityRule] },
  fields: [
    { name: 'name', type: 'text', required: true },
    slugField(),
    { name: 'lengthMeters', type: 'number', min: 1, max: 100, admin: { step: 0.01 } },
    { name: 'breadthMeters', type: 'number', min: 1, max: 30, admin: { step: 0.01 } },
    { name: 'launchedYear', type: 'number', min: 1850, max: 2100 },
    {
      name: 'capacity',
      type: 'number',
      required: true,
      min: 1,
      max: 1000,
      admin: { description: 'Passengers allowed on board; every person takes a seat, free children included.' },
    },
    { name: 'story', type: 'textarea', localized: true },
    { name: 'photo', type: 'upload', relationTo: 'media' },
    { name: 'active', type: 'checkbox', defaultValue: true, admin: { position: 'sidebar' } },
    { name: 'fleetOrder', type: 'number', defaultValue: 100, admin: { position: 'sidebar' } },
  ],
};
