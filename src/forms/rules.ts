import { z } from 'zod';

import { isLocalDate, madridToday } from '@/i18n/time';

import type { ErrorCode } from './error-codes';

/**
 * Building blocks for form schemas. Forms post strings, so every rule takes a string and its
 * error message is an error CODE (`required`, `email`, ...) that the form layer translates
 * (messages `forms.errors.<code>`). Shared by the browser and the server action.
 */
export { errorCodes, type ErrorCode } from './error-codes';

const trimmed = (max: number) => z.string().trim().max(max, 'tooLong');

export const rules = {
  requiredText: (max = 200) => trimmed(max).min(1, 'required'),
  optionalText: (max = 200) => trimmed(max).optional().default(''),
  email: () => trimmed(254).min(1, 'required').pipe(z.email('email')),
  phone: () =>
    trimmed(40)
      .min(1, 'required')
      .regex(/^\+?[\d\s().-]{6,}$/, 'phone'),
  optionalPhone: () =>
    trimmed(40)
      .regex(/^(\+?[\d\s().-]{6,})?$/, 'phone')
      .optional()
      .default(''),
  /** A whole number within bounds; `minCode` names the message for "too small". */
  integer: ({ min, max, minCode = 'min' }: { min: number; max: number; minCode?: ErrorCode }) =>
    trimmed(12)
      .min(1, 'required')
      .regex(/^\d+$/, 'number')
      .transform(Number)
      .pipe(z.number().min(min, minCode).max(max, 'max')),
  option: <const T extends readonly [string, ...string[]]>(values: T) =>
    z
      .string()
      .trim()
      .min(1, 'required')
      .pipe(z.enum(values, { error: 'option' })),
  /** A calendar date ('YYYY-MM-DD', as <input type=date> posts it), today or later in Barcelona. */
  futureDate: () =>
    z
      .string()
      .trim()
      .min(1, 'required')
      .refine(isLocalDate, 'date')
      .refine((value) => value >= madridToday(new Date()), 'datePast'),
  optionalFutureDate: () =>
    z
      .string()
      .trim()
      .refine((value) => value === '' || isLocalDate(value), 'date')
      .refine((value) => value === '' || value >= madridToday(new Date()), 'datePast')
      .optional()
      .default(''),
};
