import type { z } from 'zod';

import { errorCodes, type ErrorCode } from './error-codes';

/**
 * The form layer's logic without React, so it is unit-tested and shared by the browser and the
 * server action. Forms exchange plain string values; errors are codes translated by the view.
 */
export type FormValues = Record<string, string>;
export type FieldErrors = Partial<Record<string, ErrorCode>>;

/** Input events are delayed 20 ms (docs/domain-rules.md#site-behaviour): validation runs this long after the last keystroke. */
export const INPUT_DELAY_MS = 20;

/**
 * What a submission came back as. `invalid` = a field is wrong (the spec's "incomplete");
 * `sent` = stored ('Message sent'); `failed` = not stored ('Error sending the message');
 * `rejected`, `rateLimited`, `tooFast` = refused as abuse. `httpStatus` is the status a
 * JSON API would answer, kept for logs and tests.
 */
export type SubmissionStatus = 'idle' | 'invalid' | 'sent' | 'failed' | 'rejected' | 'rateLimited' | 'tooFast';

export type ActionState = {
  status: SubmissionStatus;
  values: FormValues;
  errors: FieldErrors;
  /** Signed start time for the minimum-fill-time check; renewed by each answer. */
  stamp: string;
  httpStatus: number;
  /** Changes with each answer, so the view reacts even to two identical answers in a row. */
  seq: number;
};

export function initialActionState(values: FormValues, stamp: string): ActionState {
  return { status: 'idle', values, errors: {}, stamp, httpStatus: 200, seq: 0 };
}

function isErrorCode(value: string): value is ErrorCode {
  return (errorCodes as readonly string[]).includes(value);
}

/** The first error of each field (the one a visitor must fix first), as codes. */
export function errorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || errors[field]) continue;
    errors[field] = isErrorCode(issue.message) ? issue.message : 'required';
  }
  return errors;
}

export function validate<S extends z.ZodType>(
  schema: S,
  values: FormValues,
): { ok: true; data: z.output<S>; errors: FieldErrors } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  return { ok: false, errors: errorsFromIssues(result.error.issues) };
}

/** docs/domain-rules.md#site-behaviour: errors show once a field was left (blur), and for every field after a submit. */
export function visibleError(
  name: string,
  errors: FieldErrors,
  ui: { touched: ReadonlySet<string>; submitted: boolean },
): ErrorCode | undefined {
  const error = errors[name];
  if (!error) return undefined;
  return ui.submitted || ui.touched.has(name) ? error : undefined;
}

/** The generic form states (submitted, loading, incomplete, valid), as flags a view can show and style. */
export function formFlags(input: { errors: FieldErrors; submitted: boolean; pending: boolean }) {
  const incomplete = Object.keys(input.errors).some((name) => input.errors[name]);
  return {
    submitted: input.submitted,
    loading: input.pending,
    incomplete,
    valid: !incomplete,
  };
}

/** Only the string entries a form posted, each capped so an oversized post cannot be echoed back whole. */
export function valuesFromFormData(formData: FormData, maxLength = 10_000): FormValues {
  const values: FormValues = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value !== 'string' || key.startsWith('$ACTION')) continue;
    values[key] = value.slice(0, maxLength);
  }
  return values;
}

/** A debounce per key: the last call within `delay` ms wins. */
export function createDebouncer(delay: number = INPUT_DELAY_MS) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    run(key: string, fn: () => void) {
      const previous = timers.get(key);
      if (previous) clearTimeout(previous);
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          fn();
        }, delay),
      );
    },
    cancel() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** A schema fetched on first use (zod stays out of the page's first load), then kept. */
export interface LazySchema<S> {
  /** The schema if it has arrived, else null. */
  current(): S | null;
  /** Resolves with the schema, starting the download on the first call. */
  load(): Promise<S>;
}

export function lazySchema<S>(fetchSchema: () => Promise<S>): LazySchema<S> {
  let loaded: S | null = null;
  let loading: Promise<S> | null = null;
  return {
    current: () => loaded,
    load() {
      loading ??= fetchSchema().then(
        (schema) => (loaded = schema),
        (error: unknown) => {
          // A failed download (offline for a moment) may be retried at the next focus.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}
