import type { CollectionConfig } from 'payload';

import { allow, anyone } from './access';
import { revalidateHooks } from './revalidate';

/** The text pages whose whole body staff write: about us and the legal pages. */
export const pageKeys = ['about', 'legal', 'companyPolicy', 'privacy', 'terms', 'cookies'] as const;
export type PageKey = (typeof pageKeys)[number];

export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'key', 'updatedAt'], group: 'Content' },
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
  hooks: revalidateHooks,
  fields: [
    {
      name: 'key',
      type: 'select',
      required: true,
      unique: true,
      options: pageKeys.map((key) => ({ label: key, value: key })),
      admin: { position: 'sidebar', description: 'Which page of the site this text fills.' },
    },
    { name: 'title', type: 'text', required: true, localized: true },
    { name: 'intro', type: 'textarea', localized: true },
    { name: 'body', type: 'richText', localized: true },
    { name: 'image', type: 'upload', relationTo: 'media' },
    {
      name: 'seo',
      type: 'group',
      fields: [{ name: 'description', type: 'textarea', localized: true }],
    },
  ],
};
