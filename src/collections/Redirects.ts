import type { CollectionConfig, PayloadRequest } from 'payload';

import { staffFieldMessage } from '../security/messages';

import { allow } from './access';
import { isSitePath, parseAllowedHosts, redirectTargetAllowed } from './redirect-targets';

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
      admin: {
        description:
          'Where visitors go, answered with 301: a path on this site, or an https:// URL on a host an administrator allowed in the site settings.',
      },
      // Only inside the site unless an admin named the host (decision 169): a redirect to any
      // outside address made every old link of ours a phishing link.
      validate: async (value: string | null | undefined, { req }: { req: PayloadRequest }) => {
        if (value && isSitePath(value)) return true;
        const site = value?.startsWith('https://')
          ? await req.payload.findGlobal({ slug: 'site', depth: 0, overrideAccess: true, req })
          : null;
        return redirectTargetAllowed(value, parseAllowedHosts(site?.allowedRedirectHosts).hosts)
          ? true
          : staffFieldMessage(req.i18n?.language, 'redirectOutside');
      },
    },
  ],
};
