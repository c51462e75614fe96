import type { CollectionConfig } from 'payload';

import { allow, anyone } from './access';
import { slugField } from './fields';
import { revalidateHooks } from './revalidate';

/** Where passengers board: shown on tour pages, tickets and the map. */
export const BoardingPoints: CollectionConfig = {
  slug: 'boarding-points',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'address'], group: 'Fleet' },
  access: {
    read: anyone,
    create: allow('content.manage'),
    update: allow('content.manage'),
    // Office staff edit content; only an admin deletes it (decision 169).
    delete: allow('content.delete'),
  },
  hooks: revalidateHooks,
  fields: [
    { name: 'name', type: 'text', required: true, localized: true },
    slugField(),
    { name: 'address', type: 'text', required: true },
    {
      type: 'row',
      fields: [
        { name: 'latitude', type: 'number', required: true, min: -90, max: 90 },
        { name: 'longitude', type: 'number', required: true, min: -180, max: 180 },
      ],
    },
    {
      name: 'howToArrive',
      type: 'group',
      fields: [
        { name: 'metro', type: 'textarea', localized: true },
        { name: 'bus', type: 'textarea', localized: true },
        { name: 'train', type: 'textarea', localized: true },
        { name: 'car', type: 'textarea', localized: true },
        { name: 'accessibility', type: 'textarea', localized: true },
      ],
    },
  ],
};
