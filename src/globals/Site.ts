import type { GlobalConfig } from 'payload';

import { allow, anyone } from '../collections/access';
import { revalidateGlobalAfterChange } from '../collections/revalidate';

/** Company-wide text: brand, slogan, history, contact details and opening times. */
export const Site: GlobalConfig = {
  slug: 'site',
  admin: { group: 'Content' },
  access: { read: anyone, update: allow('content.manage') },
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
  ],
};
