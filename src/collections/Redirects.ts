import type { CollectionConfig } from 'payload';

import { allow } from './access';

/**
 * Redirects staff add without a deploy (old campaign links, renamed pages). The built-in
 * legacy list lives in code (src/i18n/legacy-redirects.ts); these come on top of it.
 */
export const Redirects: CollectionConfig = {
  slug: 'redirects',
  admin: { useAsTitle: 'from', defaultColumns: ['from', 'to', 'updatedAt'], group: 'Settings' },
  access: {
    read: allow('content.manage'),
    create: allow('content.manage'),
    update: allow('content.manage'),
    delete: allow('content.manage'),
  },
  fields: [
    {
      name: 'from',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'Old path on this site, e.g. /ca/ofertes-estiu (no domain, no trailing slash).' },
      validate: (value: string | null | undefined) =>
        !value || !value.startsWith('/') || (value.length > 1 && value.endsWith('/'))
          ? 'Start with "/" and leave out the trailing slash.'
          : true,
    },
    {
      name: 'to',
      type: 'text',
      required: true,
      admin: { description: 'Where visitors go, answered with 301: a path on this site or a full https:// URL.' },
      validate: (value: string | null | undefined) =>
        value && (value.startsWith('/') || value.startsWith('https://'))
          ? true
          : 'Use a path starting with "/" or an https:// URL.',
    },
  ],
};
