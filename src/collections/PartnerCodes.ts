import type { CollectionConfig } from 'payload';

import { allow, nobody } from './access';

const readOnly = { readOnly: true } as const;

/**
 * Admission codes a partner supplies in batches (added on the partner, one per line). A sale
 * claims the next unused one in its paying transaction with one conditional UPDATE
 * (src/partners/codes-repository.ts), so no code is sold twice, even by two instances at once.
 */
export const PartnerCodes: CollectionConfig = {
  slug: 'partner-codes',
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'partner', 'claimedAt'],
    group: 'Ticket shop',
  },
  access: {
    read: allow('partners.read'),
    // Added through the partner's batch field; claimed only by sales.
    create: allow('partners.manage'),
    update: nobody,
    delete: nobody,
  },
  indexes: [{ fields: ['partner', 'code'], unique: true }],
  fields: [
    { name: 'partner', label: 'Partner', type: 'relationship', relationTo: 'partners', required: true, index: true },
    { name: 'code', label: 'Code', type: 'text', required: true, maxLength: 100 },
    {
      name: 'claimedAt',
      label: 'Sold',
      type: 'date',
      index: true,
      admin: { ...readOnly, description: 'Set when a sale took the code.' },
    },
  ],
};
