import type { CollectionConfig, PayloadRequest } from 'payload';

import { opsMessages } from '../i18n/ops-messages';
import { normaliseTaxId, validateTaxId } from '../invoicing/tax-id';
import { env } from '../lib/env';
import { webhookUrlProblem } from '../resellers/octo/webhook-address';
import { staffFieldMessage } from '../security/messages';

import { allow, nobody } from './access';
import { euroCentsComponents } from './euro-cents';

/**
 * Resellers (Bókun, Klook, Ventrata…) that sell our seats through the OCTO supplier API
 * (src/octo, docs/decisions/100-octo-supplier.md). Their key is made by
 * `npm run reseller:create` or in the admin, and shown once: only its SHA-256 hash is stored, so a leaked
 * database does not leak working keys, and the prefix lets staff tell keys apart. The office
 * reads who sells what; only an admin changes a reseller, and nobody reads the hash.
 */
export const Resellers: CollectionConfig = {
  slug: 'resellers',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'keyPrefix', 'commissionPercent', 'active'],
    group: 'Ticket shop',
  },
  access: {
    read: allow('resellers.read'),
    create: allow('resellers.manage'),
    update: allow('resellers.manage'),
    delete: nobody,
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    {
      type: 'row',
      fields: [
        { name: 'contactName', type: 'text' },
        { name: 'contactEmail', type: 'email' },
      ],
    },
    // Issue 27: a reseller that buys and resells is invoiced in full (F1) with these details
    // (src/resellers/sales.ts); without all three it is sold all the same, on a simplified invoice
    // to the traveller (F2), and the warning below says so. AEAT: NombreRazon at most 120 characters.
    {
      type: 'row',
      fields: [
        {
          name: 'legalName',
          type: 'text',
          maxLength: 120,
          admin: { description: 'As on its invoices: the name the AEAT knows the company by.' },
        },
        {
          name: 'taxId',
          type: 'text',
          maxLength: 20,
          admin: { description: 'NIF or CIF; an EU VAT number with its country prefix (FR…, DE…).' },
          validate: (value: string | null | undefined, { req }: { req: { i18n?: { language?: string } } }) => {
            if (!value?.trim()) return true;
            const checked = validateTaxId(value);
            if (checked.ok) return true;
            const t = opsMessages(req.i18n?.language).resellerInvoicing;
            return checked.reason === 'checkDigit' ? t.taxIdCheckDigit : t.taxIdFormat;
          },
          // Kept as the invoices will print it: "b-12.345.674" is stored as "B12345674".
          hooks: { beforeChange: [({ value }) => (typeof value === 'string' ? normaliseTaxId(value) : value)] },
        },
      ],
    },
    { name: 'address', type: 'textarea', maxLength: 200, admin: { rows: 2 } },
    // Issue 41 (docs/decisions/165-reseller-invoicing-models.md): whom its sales are invoiced to,
    // fixed on each booking at confirmation (src/resellers/sales.ts, src/invoicing/reseller-share.ts).
    {
      name: 'invoicingModel',
      label: 'Invoicing model',
      type: 'select',
      // Not required, so the resellers made by scripts and older API clients need not name it:
      // empty is the default, buys and resells (sales.ts).
      defaultValue: 'resale',
      options: [
        { label: 'Buys and resells', value: 'resale' },
        { label: 'Sells as our agent', value: 'agent' },
      ],
      admin: {
        description:
          'Buys and resells: a full invoice to the reseller (the details above) at the net price it pays; the commission appears nowhere. Sells as our agent: the traveller gets a simplified invoice at the retail price, and the commission is a cost the reseller invoices us. Without the details above, sales are invoiced as an agent’s.',
      },
    },
    {
      name: 'invoicing',
      type: 'ui',
      label: 'Invoices',
      admin: { components: { Field: '/components/admin/ResellerInvoicing.client#ResellerInvoicing' } },
    },
    {
      name: 'tours',
      type: 'relationship',
      relationTo: 'tours',
      hasMany: true,
      admin: { description: 'Tours this reseller may sell; empty: every tour sold online.' },
    },
    {
      name: 'commissionPercent',
      type: 'number',
      required: true,
      defaultValue: 0,
      min: 0,
      max: 100,
      admin: { description: 'Net price = retail price × (1 − commission), in cents, rounded.' },
    },
    // Issue 16: a net price per tour and ticket category where the reseller buys at a rate
    // rather than at the commission (src/resellers/rates.ts); fixed on each booking at sale.
    {
      name: 'netRates',
      type: 'array',
      labels: { singular: 'Net rate', plural: 'Net rates' },
      admin: {
        description: 'Optional: what the reseller pays for one unit of a tour; units without a row pay the commission.',
        initCollapsed: true,
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'tour', type: 'relationship', relationTo: 'tours', required: true },
            {
              name: 'category',
              type: 'select',
              required: true,
              options: [
                { label: 'Adult', value: 'adult' },
                { label: 'Students and retirees', value: 'reduced' },
                { label: 'Child', value: 'child' },
                { label: 'Super3', value: 'super3' },
              ],
            },
            {
              name: 'netCents',
              type: 'number',
              required: true,
              min: 0,
              admin: { components: euroCentsComponents, description: 'In euros (12,50); stored in cents.' },
            },
          ],
        },
      ],
    },
    {
      name: 'webhookUrl',
      type: 'text',
      admin: { description: 'Where booking changes are posted, signed with the webhook secret.' },
      // An https address of a public server, never one inside our network (decision 169); the
      // sender checks the address again as it connects.
      validate: async (
        value: string | null | undefined,
        { req, previousValue, event }: { req: PayloadRequest; previousValue?: unknown; event?: string },
      ) => {
        // Unchanged (a key rotation, a commission edited): the sender checks it anyway.
        if (!value?.trim() || value === previousValue) return true;
        // While typing in the admin only its shape; the name is resolved when the form is saved.
        const problem = await webhookUrlProblem(value, {
          production: env().APP_ENV === 'production',
          resolve: event !== 'onChange',
        });
        return problem ? staffFieldMessage(req.i18n?.language, 'webhookUrl') : true;
      },
    },
    {
      name: 'active',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Unticked: the key is refused (revoked).' },
    },
    // Issue, rotate and revoke the key, make the webhook secret: each shown once, right here
    // (src/components/admin/ResellerCredentials.client.tsx, through /api/ops/resellers/{id}/credentials).
    {
      name: 'credentials',
      type: 'ui',
      label: 'API key and webhook secret',
      admin: { components: { Field: '/components/admin/ResellerCredentials.client#ResellerCredentials' } },
    },
    // Written only with the key itself (src/resellers/octo/key-rotation.ts): a form saved with a stale
    // prefix must not undo a rotation made meanwhile.
    {
      name: 'keyPrefix',
      type: 'text',
      index: true,
      access: { update: () => false },
      admin: { readOnly: true, description: 'The first characters of the API key, to tell keys apart.' },
    },
    // The HMAC key of the webhooks; shown once by `npm run reseller:create` or the admin, read only by the sender.
    {
      name: 'webhookSecret',
      type: 'text',
      access: { read: () => false, update: () => false },
      admin: { hidden: true },
    },
    // Key rotation without downtime: a second key works alongside the current one until
    // `reseller:create -- --finish-rotation` makes it the only one (src/resellers/octo/key-rotation.ts).
    {
      name: 'nextKeyPrefix',
      type: 'text',
      access: { update: () => false },
      admin: {
        readOnly: true,
        description: 'The new key being rolled out; both keys work until the rotation is finished.',
      },
    },
    {
      name: 'nextKeyHash',
      type: 'text',
      unique: true,
      index: true,
      access: { read: () => false, update: () => false },
      admin: { hidden: true },
    },
    // Never shown, never sent: only the OCTO authentication reads it, with SQL of its own.
    {
      name: 'keyHash',
      type: 'text',
      unique: true,
      index: true,
      access: { read: () => false, update: () => false },
      admin: { hidden: true },
    },
  ],
};
