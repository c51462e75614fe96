import type { CollectionConfig, Field, NumberField } from 'payload';

import { opsMessages } from '../i18n/ops-messages';
import { normaliseTaxId, validateTaxId } from '../invoicing/tax-id';

import { allow, nobody } from './access';
import { euroCentsComponents } from './euro-cents';

function cents(name: string, label: string): NumberField {
  return {
    name,
    label,
    type: 'number',
    min: 0,
    max: 100_000,
    defaultValue: 0,
    admin: { description: 'In euros (12,50); stored in cents.', components: euroCentsComponents },
    validate: (value: number | null | undefined) =>
      value === null || value === undefined || (Number.isSafeInteger(value) && value >= 0)
        ? true
        : 'A whole number of cents',
  };
}

const madridDay = /^\d{4}-\d{2}-\d{2}$/;
const dayField = (name: string, label: string): Field => ({
  name,
  label,
  type: 'text',
  admin: { description: 'YYYY-MM-DD' },
  validate: (value: string | null | undefined) => (!value || madridDay.test(value) ? true : 'YYYY-MM-DD'),
});

/**
 * The businesses whose admission a combined tour includes (the Aquarium, a restaurant, a museum…)
 * and our agreement with each (src/partners/agreement.ts, docs/decisions/175-partners-and-combined-tours.md).
 * The office reads them; only an admin changes an agreement, since it decides what is invoiced
 * and what we owe. Codes a partner supplies are added in batches here (one per line) and each
 * sale takes the next unused one (src/partners/codes-repository.ts).
 */
export const Partners: CollectionConfig = {
  slug: 'partners',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'taxId', 'contactEmail', 'active'],
    group: 'Ticket shop',
  },
  access: {
    read: allow('partners.read'),
    create: allow('partners.manage'),
    update: allow('partners.manage'),
    // Never deleted: its admissions and settlements name it.
    delete: nobody,
  },
  hooks: {
    // The batch field is not stored: what was typed is carried to afterChange, where the partner
    // exists (its id) and the codes are added in the same transaction.
    beforeChange: [
      ({ data, context }) => {
        const batch = (data as { codeBatch?: unknown }).codeBatch;
        if (typeof batch === 'string' && batch.trim()) context.codeBatch = batch;
        return data;
      },
    ],
    afterChange: [
      async ({ doc, req, context }) => {
        const batch = context.codeBatch;
        if (typeof batch !== 'string') return doc;
        delete context.codeBatch;
        const codes = [...new Set(batch.split(/[\s,;]+/).filter(Boolean))];
        // In Payload's own transaction (req): on SQLite it holds the write lock.
        const { docs: known } = await req.payload.find({
          collection: 'partner-codes',
          where: { and: [{ partner: { equals: doc.id } }, { code: { in: codes } }] },
          pagination: false,
          depth: 0,
          req,
        });
        const skip = new Set(known.map((row) => row.code));
        for (const code of codes.filter((c) => !skip.has(c))) {
          await req.payload.create({ collection: 'partner-codes', data: { partner: doc.id, code }, req });
        }
        return doc;
      },
    ],
  },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 120 },
        { name: 'active', label: 'Active', type: 'checkbox', defaultValue: true },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'legalName',
          label: 'Legal name',
          type: 'text',
          required: true,
          maxLength: 120,
          admin: { description: 'As on its invoices: the name the AEAT knows the company by.' },
        },
        {
          name: 'taxId',
          label: 'Tax id',
          type: 'text',
          required: true,
          maxLength: 20,
          admin: { description: 'NIF or CIF; an EU VAT number with its country prefix (FR…, DE…).' },
          validate: (value: string | null | undefined, { req }: { req: { i18n?: { language?: string } } }) => {
            if (!value?.trim()) return 'Required';
            const checked = validateTaxId(value);
            if (checked.ok) return true;
            const t = opsMessages(req.i18n?.language).resellerInvoicing;
            return checked.reason === 'checkDigit' ? t.taxIdCheckDigit : t.taxIdFormat;
          },
          hooks: { beforeChange: [({ value }) => (typeof value === 'string' ? normaliseTaxId(value) : value)] },
        },
      ],
    },
    { name: 'address', label: 'Address', type: 'textarea', required: true, maxLength: 200, admin: { rows: 2 } },
    {
      type: 'row',
      fields: [
        { name: 'contactEmail', type: 'email', required: true },
        { name: 'contactPhone', label: 'Contact phone', type: 'text', maxLength: 30 },
        {
          name: 'language',
          label: 'Language',
          type: 'select',
          required: true,
          defaultValue: 'ca',
          options: [
            { label: 'Catalan', value: 'ca' },
            { label: 'Spanish', value: 'es' },
            { label: 'English', value: 'en' },
            { label: 'French', value: 'fr' },
          ],
          admin: { description: 'The language of its monthly settlement.' },
        },
      ],
    },
    {
      name: 'openingHours',
      label: 'Opening hours',
      type: 'textarea',
      localized: true,
      maxLength: 300,
      admin: { rows: 2, description: 'As visitors read it on their tickets, in each language.' },
    },
    {
      name: 'closedDays',
      label: 'Closed days',
      type: 'textarea',
      localized: true,
      maxLength: 300,
      admin: { rows: 2, description: 'As visitors read it on their tickets, in each language.' },
    },
    {
      name: 'mapUrl',
      label: 'Where to go (map link)',
      type: 'text',
      maxLength: 500,
      validate: (value: string | null | undefined) =>
        !value || /^https:\/\/\S+$/.test(value) ? true : 'An https:// address',
    },
    {
      name: 'agreement',
      label: 'Agreement',
      type: 'group',
      fields: [
        {
          name: 'payment',
          label: 'What we pay',
          type: 'select',
          required: true,
          defaultValue: 'perAdmission',
          options: [
            { label: 'A fixed amount per admission', value: 'perAdmission' },
            { label: 'A share of the partner part’s price', value: 'share' },
          ],
        },
        {
          type: 'row',
          admin: { condition: (_, sibling) => sibling?.payment !== 'share' },
          fields: [
            cents('adultCents', 'Adult'),
            cents('reducedCents', 'Students and retirees'),
            cents('childCents', 'Child'),
            cents('super3Cents', 'Super3 child'),
          ],
        },
        {
          name: 'sharePercent',
          label: 'Partner’s share (%)',
          type: 'number',
          min: 0,
          max: 100,
          defaultValue: 100,
          admin: { step: 0.01, condition: (_, sibling) => sibling?.payment === 'share' },
        },
        {
          name: 'check',
          label: 'How admissions are checked',
          type: 'select',
          required: true,
          defaultValue: 'ourQr',
          options: [
            { label: 'Our QR, scanned at the partner’s door', value: 'ourQr' },
            { label: 'Codes the partner supplies in batches', value: 'partnerCodes' },
          ],
        },
        {
          name: 'lowCodesWarning',
          label: 'Warn the office below (codes left)',
          type: 'number',
          min: 0,
          defaultValue: 50,
          admin: { condition: (_, sibling) => sibling?.check === 'partnerCodes' },
        },
        {
          name: 'validity',
          label: 'Admission valid',
          type: 'select',
          required: true,
          defaultValue: 'tripDay',
          options: [
            { label: 'On the day of the trip', value: 'tripDay' },
            { label: 'From the trip until N days after it', value: 'daysAfter' },
            { label: 'Between two dates', value: 'dateRange' },
          ],
        },
        {
          name: 'validityDays',
          label: 'Days after the trip',
          type: 'number',
          min: 0,
          max: 366,
          defaultValue: 0,
          admin: { condition: (_, sibling) => sibling?.validity === 'daysAfter' },
        },
        {
          type: 'row',
          admin: { condition: (_, sibling) => sibling?.validity === 'dateRange' },
          fields: [dayField('validFrom', 'Valid from'), dayField('validUntil', 'Valid until')],
        },
        {
          name: 'taxTreatment',
          label: 'Tax treatment of the partner part',
          type: 'select',
          required: true,
          defaultValue: 'agency',
          options: [
            { label: 'Sold in the partner’s name and on its behalf', value: 'agency' },
            { label: 'Bought and resold', value: 'resale' },
          ],
          admin: {
            description:
              'In its name and on its behalf: the part is not in our taxable base; the invoice shows it as collected for the partner, who invoices the admission. Bought and resold: our sale, at the part’s own VAT rate.',
          },
        },
        {
          name: 'usedRefundable',
          label: 'A used admission is refunded',
          type: 'checkbox',
          defaultValue: false,
          admin: {
            description:
              'Unticked (the default): once the visitor has used this partner’s admission, a full refund keeps its share; the office may still refund it when cancelling.',
          },
        },
        {
          name: 'resaleVatRatePct',
          label: 'VAT of the partner part (%)',
          type: 'number',
          min: 0,
          max: 100,
          defaultValue: 21,
          admin: {
            step: 0.01,
            description: '10 % a restaurant’s meal; 21 % a museum’s or an attraction’s admission.',
            condition: (_, sibling) => sibling?.taxTreatment === 'resale',
          },
        },
      ],
    },
    {
      // CSV and PDF of each month's settlement (docs/decisions/179-partner-settlements.md).
      name: 'settlements',
      type: 'ui',
      label: 'Monthly settlements',
      admin: { components: { Field: '/components/admin/PartnerSettlements.client#PartnerSettlements' } },
    },
    {
      name: 'codeBatch',
      label: 'Add supplied codes',
      type: 'textarea',
      virtual: true,
      admin: {
        description: 'One code per line; codes already added are skipped. Each sale takes the next unused one.',
        condition: (data) => data?.agreement?.check === 'partnerCodes',
      },
    },
  ],
};
