import type { CollectionConfig } from 'payload';

import { locales } from '@/i18n/locales';
import { kindsStoring, requestKinds, schoolProgrammes } from '@/requests/schemas';

import { allow } from './access';

export const requestStatuses = ['new', 'in-progress', 'quoted', 'confirmed', 'declined'] as const;

const readOnly = { readOnly: true } as const;
/**
 * Shows a column only for the kinds of request whose form asks it (the one field list in
 * requests/schemas.ts), so staff see what the visitor filled in.
 */
const onlyFor = (column: string) => {
  const kinds: string[] = kindsStoring(column);
  return { readOnly: true, condition: (data: Partial<{ kind: string }>) => kinds.includes(data?.kind ?? '') };
};
const localeOptions = locales.map((value) => ({ label: value, value }));

/**
 * School, group, agency and contact requests from the public forms. A request is stored before
 * any e-mail is queued, so a mail outage never loses one; staff follow it up here.
 */
export const Requests: CollectionConfig = {
  slug: 'requests',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'kind', 'status', 'preferredDate', 'createdAt'],
    listSearchableFields: ['title', 'email', 'organisation', 'contactName'],
    group: 'Operations',
  },
  // Visitors create requests only through the site's forms (local API); nobody edits what they sent.
  access: {
    read: allow('requests.manage'),
    create: allow('requests.manage'),
    update: allow('requests.manage'),
    delete: allow('records.delete'),
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'title', type: 'text', required: true, admin: { ...readOnly, description: 'Who, for the list view.' } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      index: true,
      options: requestKinds.map((value) => ({ label: value, value })),
      admin: { ...readOnly, position: 'sidebar' },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'new',
      index: true,
      options: requestStatuses.map((value) => ({ label: value.replace('-', ' '), value })),
      admin: { position: 'sidebar' },
    },
    {
      name: 'locale',
      type: 'select',
      required: true,
      options: localeOptions,
      admin: { ...readOnly, position: 'sidebar', description: 'Language of the site when the visitor wrote.' },
    },
    { name: 'staffNotes', type: 'textarea', admin: { description: 'Internal notes; never sent to the visitor.' } },
    {
      name: 'emails',
      type: 'relationship',
      relationTo: 'email-log',
      hasMany: true,
      admin: { ...readOnly, description: 'E-mails sent about this request.' },
    },
    {
      type: 'collapsible',
      label: 'What the visitor sent',
      fields: [
        { name: 'contactName', type: 'text', required: true, admin: readOnly },
        { name: 'email', type: 'email', required: true, index: true, admin: readOnly },
        { name: 'phone', type: 'text', admin: onlyFor('phone') },
        {
          name: 'organisation',
          type: 'text',
          admin: { ...onlyFor('organisation'), description: 'School, organisation or agency.' },
        },
        {
          name: 'organisationPhone',
          type: 'text',
          admin: { ...onlyFor('organisationPhone'), description: 'School phone.' },
        },
        { name: 'agencyLicence', type: 'text', admin: onlyFor('agencyLicence') },
        { name: 'visitLanguage', type: 'select', options: localeOptions, admin: onlyFor('visitLanguage') },
        { name: 'students', type: 'number', admin: onlyFor('students') },
        { name: 'grade', type: 'text', admin: onlyFor('grade') },
        { name: 'teachers', type: 'number', admin: onlyFor('teachers') },
        {
          name: 'programme',
          type: 'select',
          options: schoolProgrammes.map((value) => ({ label: value, value })),
          admin: onlyFor('programme'),
        },
        { name: 'tour', type: 'text', admin: { ...onlyFor('tour'), description: 'Tour slug, or "other".' } },
        { name: 'groupSize', type: 'number', admin: onlyFor('groupSize') },
        {
          name: 'preferredDate',
          type: 'text',
          index: true,
          admin: { ...onlyFor('preferredDate'), description: 'YYYY-MM-DD' },
        },
        { name: 'alternativeDate', type: 'text', admin: { ...onlyFor('alternativeDate'), description: 'YYYY-MM-DD' } },
        { name: 'subject', type: 'text', admin: onlyFor('subject') },
        { name: 'message', type: 'textarea', admin: { ...readOnly, description: 'Message or comments.' } },
      ],
    },
  ],
};
