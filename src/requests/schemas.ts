import { z } from 'zod';

import { rules } from '@/forms/rules';

import { requestFields as fieldLists, requestKinds, type RequestField, type RequestKind } from './fields';
import { locales } from '@/i18n/locales';

/**
 * One schema per request form, used by the browser (errors while typing) and by the server
 * action (the only check that counts). Schools bring at least 40 students (docs/domain-rules.md#product-constants).
 */
export const MIN_SCHOOL_STUDENTS = 40;

export { requestKinds, type RequestKind };

/** The school programmes (docs/domain-rules.md#product-constants); the page's own programme is preselected. */
export const schoolProgrammes = ['port-at-sight-60', 'sea-at-sight-90-forum', 'sea-at-sight-60-olympic'] as const;
export type SchoolProgramme = (typeof schoolProgrammes)[number];

export const programmesBySchoolTour: Record<string, SchoolProgramme> = {
  'puerto-a-la-vista': 'port-at-sight-60',
  'mar-a-la-vista': 'sea-at-sight-90-forum',
};

/** A tour slug from the catalogue, or `other` when the group wants something else. */
const tourChoice = z
  .string()
  .trim()
  .min(1, 'required')
  .max(80, 'tooLong')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'option');

export const schoolRequestSchema = z.object({
  schoolName: rules.requiredText(200),
  schoolPhone: rules.phone(),
  contactName: rules.requiredText(200),
  email: rules.email(),
  visitLanguage: rules.option(locales),
  students: rules.integer({ min: MIN_SCHOOL_STUDENTS, max: 2000, minCode: 'minStudents' }),
  grade: rules.requiredText(100),
  teachers: rules.integer({ min: 1, max: 200 }),
  programme: rules.option(schoolProgrammes),
  preferredDate: rules.futureDate(),
  alternativeDate: rules.optionalFutureDate(),
  comments: rules.optionalText(2000),
});

const groupFields = {
  organisation: rules.requiredText(200),
  contactName: rules.requiredText(200),
  email: rules.email(),
  phone: rules.phone(),
  tour: tourChoice,
  date: rules.futureDate(),
  groupSize: rules.integer({ min: 1, max: 2000 }),
  visitLanguage: rules.option(locales),
  comments: rules.optionalText(2000),
};

export const groupRequestSchema = z.object(groupFields);
export const agencyRequestSchema = z.object({ ...groupFields, agencyLicence: rules.optionalText(60) });

export const contactRequestSchema = z.object({
  name: rules.requiredText(200),
  email: rules.email(),
  phone: rules.optionalPhone(),
  subject: rules.optionalText(200),
  message: rules.requiredText(5000),
});

export const requestSchemas = {
  school: schoolRequestSchema,
  group: groupRequestSchema,
  agency: agencyRequestSchema,
  contact: contactRequestSchema,
} as const;

// The browser's forms read the field lists without loading zod (fields.ts); this checks them
// against the schemas at compile time.
export const requestFields = fieldLists satisfies {
  [K in RequestKind]: readonly (keyof (typeof requestSchemas)[K]['shape'])[];
};
export type { RequestField };

/**
 * The back office's column for a form field, where the stored request names it otherwise (one
 * `organisation` column for a school's, group's or agency's name; service.ts fills them).
 */
const storedColumn: Partial<Record<RequestField, string>> = {
  schoolName: 'organisation',
  schoolPhone: 'organisationPhone',
  name: 'contactName',
  date: 'preferredDate',
  comments: 'message',
};

/** The kinds of request whose form asks what `column` stores: the back office shows it for those only. */
export function kindsStoring(column: string): RequestKind[] {
  return requestKinds.filter((kind) =>
    (requestFields[kind] as readonly RequestField[]).some((field) => (storedColumn[field] ?? field) === column),
  );
}

export type SchoolRequest = z.output<typeof schoolRequestSchema>;
export type GroupRequest = z.output<typeof groupRequestSchema>;
export type AgencyRequest = z.output<typeof agencyRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;
export type RequestData = SchoolRequest | GroupRequest | AgencyRequest | ContactRequest;
