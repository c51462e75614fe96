import { z } from 'zod';

import { locales } from '../i18n/locales';
import {
  checkSelection,
  isQuantity,
  quantityFields,
  tripTypes,
  type RuleViolation,
  type SelectionOptions,
} from '../booking/pricing';

/**
 * The booking form (docs/domain-rules.md#product-constants), validated by the same schema in the browser and in the server
 * action. Messages are translation keys, never prose: the UI looks them up in messages/*.json.
 */

export const bookingErrorKeys = [
  'required',
  'invalidEmail',
  'invalidPhone',
  'invalidQuantity',
  'atLeastOneAdult',
  'super3PerAdult',
  'noTickets',
  'tooManyAudioGuides',
  'tooManyTickets',
  'tooLong',
  // Never raised by the schema, which does not know the tour; `quote` raises it on the server
  // and the form shows it through `violationErrors`.
  'tripTypeUnavailable',
  // Never raised by the schema either: the invoice's tax id is checked by invoicing (which booking
  // may not import), in the browser and again in the holds route; the keys travel the same way.
  'taxIdFormat',
  'taxIdCheckDigit',
  // Raised by the holds route: above the tour's simplified invoice limit the sale is invoiced in
  // full, which names its recipient (invoicing/tour-vat.ts, decision 164).
  'fullInvoiceRequired',
  // Raised by the holds route (libphonenumber's metadata stays out of the browser's bundle): the
  // mobile for the day's SMS is a number, but no mobile one.
  'notMobile',
] as const;
export type BookingErrorKey = (typeof bookingErrorKeys)[number];

export const bookingFields = [
  'departureId',
  'tripType',
  ...quantityFields,
  'name',
  'surnames',
  'email',
  'phone',
  'mobilePhone',
  'comments',
  'locale',
  'invoice',
  'invoiceName',
  'invoiceTaxId',
  'invoiceAddress',
] as const;
export type BookingField = (typeof bookingFields)[number];

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const COMMENTS_MAX_LENGTH = 1000;
const PHONE_MIN_DIGITS = 6;
const PHONE_MAX_DIGITS = 20;
const PHONE_MAX_LENGTH = 40;
const ID_MAX_LENGTH = 100;

const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const DIGITS_PATTERN = /^\d+$/;

export function isPhoneNumber(value: string): boolean {
  if (value.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * Anything that is not a string (absent from the form, null from FormData.get) is missing.
 * A blank value also fails the later checks; `fieldErrors` keeps only the first ("required").
 * The checks do not use `abort`: in zod 4 an aborting field issue also cancels the object's
 * ticket-rule refinement, which should show regardless.
 */
const requiredText = (maxLength: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(maxLength, { error: 'tooLong' });

/**
 * A number input arrives as a string: empty or absent means 0, and anything but plain digits
 * (including "1.5", "-1", "1e3", "0x10") is refused, which Number() alone would happily accept.
 */
const quantity = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return 0;
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return 0;
    return DIGITS_PATTERN.test(text) ? Number(text) : Number.NaN;
  },
  z.number({ error: 'invalidQuantity' }).int({ error: 'invalidQuantity' }).min(0, { error: 'invalidQuantity' }),
);

const phone = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .refine(isPhoneNumber, { error: 'invalidPhone' });

const email = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'required' })
  .max(EMAIL_MAX_LENGTH, { error: 'tooLong' })
  .pipe(z.email({ error: 'invalidEmail' }));

const comments = z.preprocess(
  (value) => (value === null ? undefined : value),
  z
    // Only a forged request sends a comment that is not text; any key will do to refuse it.
    .string({ error: 'tooLong' })
    .trim()
    .max(COMMENTS_MAX_LENGTH, { error: 'tooLong' })
    .optional()
    .transform((text) => (text ? text : undefined)),
);

/**
 * "I need an invoice": a ticked box (a form post sends "on", JSON may send true) and the buyer's
 * details, whose rules (required once ticked, lengths, the tax id's check characters) are
 * invoicing's (parseRecipient); the schema only carries them, as text, to whoever checks them.
 */
const invoiceWanted = z.preprocess(
  (value) => (value === true || value === 'on' || value === 'true' || value === '1' ? true : undefined),
  z.literal(true).optional(),
);
const invoiceText = z.preprocess(
  (value) => (value === null ? undefined : value),
  // Only a forged request sends details that are not text; any key will do to refuse it.
  z.string({ error: 'required' }).optional(),
);

/** The form's invoice fields by the name invoicing gives them (parseRecipient's input). */
export const invoiceFields = { name: 'invoiceName', taxId: 'invoiceTaxId', address: 'invoiceAddress' } as const;

function quantitiesParsed(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return quantityFields.every((field) => isQuantity(record[field]));
}

/**
 * `maxTickets` is the same option `quote` takes, so the form and the price agree on the cap.
 */
export function createBookingSchema(options: SelectionOptions = {}) {
  return z
    .object(
      {
        departureId: requiredText(ID_MAX_LENGTH),
        tripType: z.enum(tripTypes, { error: 'required' }).default('roundTrip'),
        adult: quantity,
        reduced: quantity,
        child: quantity,
        super3: quantity,
        audioGuides: quantity,
        name: requiredText(NAME_MAX_LENGTH),
        surnames: requiredText(NAME_MAX_LENGTH),
        email,
        phone,
        mobilePhone: phone,
        comments,
        locale: z.enum(locales, { error: 'required' }),
        invoice: invoiceWanted,
        invoiceName: invoiceText,
        invoiceTaxId: invoiceText,
        invoiceAddress: invoiceText,
      },
      { error: 'required' },
    )
    .superRefine(
      (data, ctx) => {
        for (const violation of checkSelection(data, options)) {
          ctx.addIssue({
            code: 'custom',
            message: violation.code,
            path: [violation.field],
            input: data[violation.field],
          });
        }
      },
      // Zod skips object refinements once any field failed; the ticket rules should still show
      // while, say, the e-mail is still empty, as long as the quantities themselves parsed.
      { when: (payload) => quantitiesParsed(payload.value) },
    );
}

export const bookingSchema = createBookingSchema();
export type BookingFormInput = z.input<typeof bookingSchema>;
export type BookingForm = z.output<typeof bookingSchema>;

export type BookingFieldErrors = Partial<Record<BookingField | 'form', BookingErrorKey>>;

function isErrorKey(value: string): value is BookingErrorKey {
  return (bookingErrorKeys as readonly string[]).includes(value);
}

function isBookingField(value: unknown): value is BookingField {
  return typeof value === 'string' && (bookingFields as readonly string[]).includes(value);
}

/**
 * One key per field, the first one raised: a field shows one message at a time. Issues that
 * belong to no field (the whole payload was not an object) go under `form`.
 */
export function fieldErrors(
  result: { success: true } | { success: false; error: z.ZodError } | z.ZodError,
): BookingFieldErrors {
  const error = result instanceof z.ZodError ? result : result.success ? undefined : result.error;
  const errors: BookingFieldErrors = {};
  for (const issue of error?.issues ?? []) {
    const [head] = issue.path;
    const field = isBookingField(head) ? head : 'form';
    // Every schema above names a key; a message that is not one would be a bug here, and the
    // visitor is still better served by a generic "required field" than by no message at all.
    errors[field] ??= isErrorKey(issue.message) ? issue.message : 'required';
  }
  return errors;
}

/** The same shape for rule breaches found on the server by `quote` (e.g. tripTypeUnavailable). */
export function violationErrors(violations: readonly RuleViolation[]): BookingFieldErrors {
  const errors: BookingFieldErrors = {};
  for (const { code, field } of violations) errors[field] ??= code;
  return errors;
}
