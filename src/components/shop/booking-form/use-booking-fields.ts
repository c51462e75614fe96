import { useCallback, useState } from 'react';

import {
  bookingSchema,
  fieldErrors,
  invoiceFields,
  type BookingErrorKey,
  type BookingFieldErrors,
} from '@/shop/booking-schema';
import { createDebouncer } from '@/forms/form-core';
import type { Locale } from '@/i18n/locales';
import { recipientProblems } from '@/invoicing/recipient-check';
import type { DepartureAvailability } from '@/schedule/availability';

import type { Values } from './types';

const initialValues: Values = {
  tripType: 'roundTrip',
  adult: '1',
  reduced: '0',
  child: '0',
  super3: '0',
  audioGuides: '0',
  name: '',
  surnames: '',
  email: '',
  phone: '',
  mobilePhone: '',
  comments: '',
  // "on" when ticked; the details stay typed while it is unticked, and are then not asked for.
  invoice: '',
  invoiceName: '',
  invoiceTaxId: '',
  invoiceAddress: '',
};

/** The invoice details' errors under the form's own field names; none while the box is unticked. */
function invoiceErrors(values: Values): BookingFieldErrors {
  if (values.invoice !== 'on') return {};
  const problems = recipientProblems({
    name: values[invoiceFields.name],
    taxId: values[invoiceFields.taxId],
    address: values[invoiceFields.address],
  });
  const errors: BookingFieldErrors = {};
  for (const [field, problem] of Object.entries(problems)) {
    errors[invoiceFields[field as keyof typeof invoiceFields]] = problem;
  }
  return errors;
}

/**
 * What the visitor typed and what is wrong with it. The rules are the shared booking schema's,
 * the same the server applies; this hook only decides when to run them and which to show.
 */
export function useBookingFields({
  departure,
  locale,
  errorText,
  onEdit,
}: {
  departure: DepartureAvailability | null;
  locale: Locale;
  /** messages.errors: the text of each error key. */
  errorText: Record<string, string>;
  /** Called on every edit (a change answers the last error the form showed). */
  onEdit: () => void;
}) {
  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  // One for the whole form: each keystroke validates every field, the last keystroke wins.
  const [debouncer] = useState(() => createDebouncer());

  const validate = useCallback(
    (next: Values) => {
      const result = bookingSchema.safeParse({ ...next, departureId: departure ? String(departure.id) : '', locale });
      const invoice = invoiceErrors(next);
      setErrors({ ...fieldErrors(result), ...invoice });
      return result.success && Object.keys(invoice).length === 0;
    },
    [departure, locale],
  );

  /** The error key a field shows: once it was left, and for every field after a submit. */
  const visible = (name: string): BookingErrorKey | undefined => {
    const key = errors[name as keyof BookingFieldErrors];
    return key && (submitted || touched[name]) ? key : undefined;
  };

  return {
    values,
    visible,
    shown(name: string): string | undefined {
      const key = visible(name);
      return key ? (errorText[key] ?? errorText.required) : undefined;
    },
    change(name: string, value: string) {
      const next = { ...values, [name]: value };
      setValues(next);
      onEdit();
      debouncer.run('validate', () => validate(next));
    },
    blur(name: string) {
      setTouched((previous) => ({ ...previous, [name]: true }));
      validate(values);
    },
    /** Shows every field's error from now on; true if the form is valid. */
    check(): boolean {
      setSubmitted(true);
      return validate(values);
    },
    /** The server's own verdict, in the same error keys. */
    showErrors: setErrors,
  };
}

export type BookingFields = ReturnType<typeof useBookingFields>;
