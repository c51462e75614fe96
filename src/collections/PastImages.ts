import type { CollectionConfig } from 'payload';

import { allow, anyone } from './access';
import { revalidateHooks } from './revalidate';

/** "Images from the past": the company's archive, shown oldest first. */
export const PastImages: CollectionConfig = {
  slug: 'past-images',
  admin: { useAsTitle: 'key', defaultColumns: ['key', 'year'], group: 'Content' },
  access: {
    read: anyone,
    create: allow('content.manage'),
    update: allow('content.manage'),
    delete: allow('content.manage'),
  },
  defaultSort: 'year',
  hooks: revalidateHooks,
  fields: [
    {
      name: 'key',
      type: 'text',
      required: true,
      unique: true,
      admin: { description: 'Internal name, not shown to visitors.' },
    },
    { name: 'year', type: 'number', required: true, min: 1850, max: 2100 },
    { name: 'caption', type: 'textarea', required: true, localized: true },
    { name: 'image', type: 'upload', relationTo: 'media', required: true },
  ],
};
