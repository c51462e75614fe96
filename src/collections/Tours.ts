import type { CollectionConfig } from 'payload';

import { allow, anyone } from './access';
import { slugField } from './fields';
import { tourBookingFields } from './tour-booking-fields';
import { revalidateHooks } from './revalidate';
import { tourContentFields } from './tour-content-fields';

export const tourKinds = ['harbour', 'coastline', 'combined', 'special', 'event'] as const;
export type TourKind = (typeof tourKinds)[number];

/** The menu keys of the old site's tour menu, plus the sailing-event ticket, which has no key there. */
export const tourMenuKeys = [
  '60',
  '40',
  'aquarium',
  'museum',
  'mercante',
  'ramonet',
  'magic',
  'kingsParade60',
  'kingsParade40',
  'americas',
  'poble-espanyol',
  'time-out-market',
  'maritime60',
  'maritime40',
  'moco60',
  'sailingEvent',
] as const;

export const Tours: CollectionConfig = {
  slug: 'tours',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug', 'kind', 'durationMinutes'], group: 'Content' },
  access: {
    read: anyone,
    create: allow('content.manage'),
    update: allow('content.manage'),
    // Office staff edit content; only an admin deletes it (decision 169).
    delete: allow('content.delete'),
    readVersions: allow('content.manage'),
  },
  // Every save kept: an admin restores an earlier text from the document's Versions tab.
  versions: { maxPerDoc: 50 },
  defaultSort: 'menuOrder',
  fields: [
    { name: 'title', type: 'text', required: true, localized: true },
    slugField(),
    {
      name: 'menuKey',
      type: 'select',
      required: true,
      unique: true,
      options: tourMenuKeys.map((key) => ({ label: key, value: key })),
    },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: tourKinds.map((kind) => ({ label: kind, value: kind })),
    },
    {
      name: 'durationMinutes',
      type: 'number',
      required: true,
      min: 10,
      max: 600,
      admin: { description: 'Time on board, in minutes (40, 60 or 90 for the regular tours).' },
    },
    { name: 'summary', type: 'textarea', localized: true },
    { name: 'menuOrder', type: 'number', defaultValue: 100, admin: { position: 'sidebar' } },
    ...tourBookingFields,
    ...tourContentFields,
  ],
  hooks: revalidateHooks,
};
