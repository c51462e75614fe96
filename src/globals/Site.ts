import type { GlobalConfig, PayloadRequest } from 'payload';

import { allow, allowField, anyone } from '../collections/access';
import { parseAllowedHosts } from '../collections/redirect-targets';
import { staffFieldMessage } from '../security/messages';
import { revalidateGlobalAfterChange } from '../collections/revalidate';

/** Company-wide text: brand, slogan, history, contact details and opening times. */
export const Site: GlobalConfig = {
  slug: 'site',
  admin: { group: 'Content' },
  access: { read: anyone, update: allow('content.manage'), readVersions: allow('content.manage') },
  // Every save kept: an admin restores an earlier version from the Versions tab (decision 169).
  versions: { max: 50 },
  hooks: { afterChange: [revalidateGlobalAfterChange] },
  fields: [
    { name: 'brand', type: 'text', required: true, defaultValue: 'Las Golondrinas' },
    { name: 'slogan', type: 'text', localized: true },
    { name: 'historyTitle', type: 'text', localized: true },
    { name: 'historyText', type: 'textarea', localized: true },
    {
      name: 'contact',
      type: 'group',
      fields: [
        { name: 'address', type: 'text' },
        { name: 'phone', type: 'text' },
        { name: 'email', type: 'email' },
        { name: 'legalName', type: 'text' },
        { name: 'taxId', type: 'text' },
      ],
    },
    { name: 'openingTimes', type: 'textarea', localized: true },
    { name: 'boardingPoint', type: 'relationship', relationTo: 'boarding-points' },
    { name: 'heroImage', type: 'upload', relationTo: 'media' },
    // Outside hosts a staff redirect may send visitors to; only admins name them (decision 169).
    {
      name: 'allowedRedirectHosts',
      type: 'textarea',
      access: { update: allowField('redirects.allowHosts') },
      admin: {
        description: 'Hosts redirects may send visitors to, one a line (shop.example.com). Empty: only this site.',
      },
      validate: (value: string | null | undefined, { req }: { req: PayloadRequest }) =>
        parseAllowedHosts(value).invalid.length === 0 ? true : staffFieldMessage(req.i18n?.language, 'redirectHost'),
    },
  ],
};
