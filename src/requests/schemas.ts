import { z } from 'zod';

import { rules } from '@/components/forms/rules';
import { locales } from '@/i18n/locales';

/**
 * One schema per request form, used by the browser (errors while typing) and by the server
 * action (the only check that counts). SPEC §3 and §5: schools bring at least 40 students.
 */
export const MIN_SCHOOL_STUDENTS = 40;

export const requestKinds = ['school', 'group', 'agency', 'contact'] as const;
export type RequestKind = (typeof requestKinds)[number];

/** The school programmes of SPEC §1; the page's own programme is preselected. */
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

export type SchoolRequest = z.output<typeof schoolRequestSchema>;
export type GroupRequest = z.output<typeof groupRequestSchema>;
export type AgencyRequest = z.output<typeof agencyRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;
export type RequestData = SchoolRequest | GroupRequest | AgencyRequest | ContactRequest;
