import type { Field } from 'payload';

/** Languages the crew speaks on board (four). */
export const boardLanguages = ['ca', 'es', 'en', 'fr'] as const;

const seoGroup: Field = {
  name: 'seo',
  type: 'group',
  admin: { description: 'Search-engine title and description; empty = the title and summary.' },
  fields: [
    { name: 'title', type: 'text', localized: true },
    { name: 'description', type: 'textarea', localized: true },
  ],
};

const faqField: Field = {
  name: 'faq',
  type: 'array',
  localized: true,
  labels: { singular: 'Question', plural: 'Frequently asked questions' },
  fields: [
    { name: 'question', type: 'text', required: true },
    { name: 'answer', type: 'textarea', required: true },
  ],
};

const galleryField: Field = {
  name: 'gallery',
  type: 'array',
  fields: [{ name: 'image', type: 'upload', relationTo: 'media', required: true }],
};

/**
 * What a tour page shows a visitor. Kept apart from Tours.ts (which holds identity and the ticket
 * shop's fields) and spread into it, so the two features edit different files.
 */
export const tourContentFields: Field[] = [
  {
    type: 'collapsible',
    label: 'Page content',
    fields: [
      { name: 'heroImage', type: 'upload', relationTo: 'media' },
      {
        name: 'description',
        type: 'textarea',
        localized: true,
        admin: { description: 'Main text of the page. A blank line starts a new paragraph.' },
      },
      {
        name: 'includes',
        type: 'array',
        localized: true,
        admin: { description: 'What the ticket includes, one item per row.' },
        fields: [{ name: 'item', type: 'text', required: true }],
      },
      {
        name: 'languagesOnBoard',
        type: 'select',
        hasMany: true,
        defaultValue: [...boardLanguages],
        options: boardLanguages.map((code) => ({ label: code, value: code })),
      },
      { name: 'departuresWeekday', type: 'textarea', localized: true },
      { name: 'departuresWeekend', type: 'textarea', localized: true },
      {
        name: 'audioGuide',
        type: 'textarea',
        localized: true,
        admin: { description: 'Empty when the tour has no audio guide.' },
      },
      {
        name: 'priceFromCents',
        type: 'number',
        min: 0,
        // Superseded: the "from" price is computed from the booking price list (src/content/price-from.ts)
        // so pages cannot disagree with checkout. The column stays to avoid a migration; nothing reads it.
        admin: { hidden: true },
      },
      { name: 'boardingPoint', type: 'relationship', relationTo: 'boarding-points', admin: { allowCreate: false } },
      galleryField,
      faqField,
      seoGroup,
    ],
  },
];

/** The school tours: programmes, what pupils learn and the practical details. */
export const schoolTourContentFields: Field[] = [
  {
    type: 'collapsible',
    label: 'Page content',
    fields: [
      { name: 'heroImage', type: 'upload', relationTo: 'media' },
      { name: 'description', type: 'textarea', localized: true },
      {
        name: 'programmes',
        type: 'array',
        localized: true,
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'durationMinutes', type: 'number', required: true, min: 10, max: 600 },
          { name: 'departure', type: 'text' },
          { name: 'description', type: 'textarea' },
        ],
      },
      {
        name: 'learning',
        type: 'array',
        localized: true,
        labels: { singular: 'Learning goal', plural: 'What pupils learn' },
        fields: [{ name: 'item', type: 'text', required: true }],
      },
      {
        name: 'practical',
        type: 'array',
        localized: true,
        labels: { singular: 'Practical detail', plural: 'Practical details' },
        fields: [{ name: 'item', type: 'text', required: true }],
      },
      { name: 'minStudents', type: 'number', defaultValue: 40, min: 1 },
      { name: 'boardingPoint', type: 'relationship', relationTo: 'boarding-points', admin: { allowCreate: false } },
      faqField,
      seoGroup,
    ],
  },
];
