import type { GlobalConfig } from 'payload';

import { allow, anyone } from '../collections/access';
import { revalidateGlobalAfterChange } from '../collections/revalidate';

/** What the home page puts forward; the order of each list is the order on the page. */
export const Home: GlobalConfig = {
  slug: 'home',
  admin: { group: 'Content' },
  access: { read: anyone, update: allow('content.manage'), readVersions: allow('content.manage') },
  // Every save kept: an admin restores an earlier version from the Versions tab (decision 169).
  versions: { max: 50 },
  hooks: { afterChange: [revalidateGlobalAfterChange] },
  fields: [
    { name: 'featuredTours', type: 'relationship', relationTo: 'tours', hasMany: true },
    { name: 'forumTours', type: 'relationship', relationTo: 'tours', hasMany: true },
    { name: 'combinedTours', type: 'relationship', relationTo: 'tours', hasMany: true },
    {
      name: 'gallery',
      type: 'array',
      fields: [{ name: 'image', type: 'upload', relationTo: 'media', required: true }],
    },
  ],
};
