/**
 * The error codes form rules report (translated by the view, messages `forms.errors.<code>`). Apart
 * from rules.ts so the browser's form layer can name them without loading zod.
 */
export const errorCodes = [
  'required',
  'email',
  'tooLong',
  'number',
  'min',
  'max',
  'minStudents',
  'phone',
  'date',
  'datePast',
  'option',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
