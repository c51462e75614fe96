import type { CollectionConfig } from 'payload';

import { allow, anyone } from './access';
import { slugField } from './fields';
import { revalidateHooks } from './revalidate';
import { schoolTourContentFields } from './tour-content-fields';

/** The school programmes' pages: content only, sold on request (requests/), never in the shop. */
export const SchoolTours: CollectionConfig = {
  slug: 'school-tours',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug'], group: 'Content' },
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
  fields: [
    { name: 'title', type: 'text', required: true, localized: true },
    slugField(),
    { name: 'summary', type: 'textarea', localized: true },
    ...schoolTourContentFields,
  ],
  hooks: revalidateHooks,
};
