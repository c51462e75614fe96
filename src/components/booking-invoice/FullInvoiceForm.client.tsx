'use client';

import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';

import formStyles from '@/components/forms/Form.module.css';
import { createDebouncer } from '@/forms/form-core';
import {
  recipientFields,
  recipientProblems,
  type RecipientField,
  type RecipientProblem,
} from '@/invoicing/recipient-check';

import styles from './BookingInvoice.module.css';
import type { IssuedInvoice } from './invoice-format';

export type FullInvoiceFormText = {
  heading: string;
  intro: string;
  name: string;
  taxId: string;
  taxIdHint: string;
  address: string;
  addressHint: string;
  submit: string;
  sending: string;
  /** The form layer's "(required)" beside a label. */
  required: string;
  /** The spec's 'Sorry, not all fields are filled out correctly'. */
  incomplete: string;
  problems: Record<RecipientProblem, string>;
  errors: Record<RequestError, string>;
};

type RequestError = 'invalidLink' | 'linkExpired' | 'notPaid' | 'alreadyFull' | 'tooManyRequests' | 'failed';
type Values = Record<RecipientField, string>;
type Problems = Partial<Record<RecipientField, RecipientProblem>>;
type Answer = {
  ok?: boolean;
  error?: string;
  problems?: Problems;
  invoice?: IssuedInvoice;
};

const REQUEST_ERRORS: readonly RequestError[] = [
  'invalidLink',
  'linkExpired',
  'notPaid',
  'alreadyFull',
  'tooManyRequests',
  'failed',
];

/**
 * "I need a full invoice": name or company, tax id, address. The form layer's behaviour
 * (docs/domain-rules.md#site-behaviour): checked 20 ms after the last keystroke, a field's error
 * shown once it was left and every error after a submit, with the one-sentence summary above;
 * what was typed stays when the server refuses it. The checks are the server's own
 * (invoicing/recipient-check.ts); the server still decides, and its answer is shown the same way.
 */
export function FullInvoiceForm({
  id,
  reference,
  firma,
  text,
  onIssued,
}: {
  id: string;
  reference: string;
  firma: string;
  text: FullInvoiceFormText;
  onIssued: (invoice: IssuedInvoice) => void;
}) {
  const [values, setValues] = useState<Values>({ name: '', taxId: '', address: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [touched, setTouched] = useState<ReadonlySet<RecipientField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<RequestError | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const debouncer = useMemo(() => createDebouncer(), []);
  const prefix = useId();

  useEffect(() => () => debouncer.cancel(), [debouncer]);
  useEffect(() => {
    if (focusTick > 0) summaryRef.current?.focus();
  }, [focusTick]);

  const fieldId = (field: RecipientField) => `${prefix}-${field}`;
  const shown = (field: RecipientField) =>
    (submitted || touched.has(field)) && problems[field] ? text.problems[problems[field]] : undefined;

  const change = (field: RecipientField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    debouncer.run('check', () => setProblems(recipientProblems(next)));
  };
  const leave = (field: RecipientField) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    setProblems(recipientProblems(values));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    debouncer.cancel();
    setSubmitted(true);
    setFailure(null);
    const found = recipientProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFocusTick((tick) => tick + 1);
      return;
    }
    setPending(true);
    let answer: Answer = {};
    let status = 0;
    try {
      const response = await fetch(`/api/shop/bookings/${encodeURIComponent(reference)}/invoice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firma, ...values }),
        cache: 'no-store',
      });
      status = response.status;
      answer = (await response.json().catch(() => ({}))) as Answer;
    } catch {
      // Offline for a moment: said below, and the details stay for another try.
    }
    setPending(false);
    if (answer.ok && answer.invoice) {
      onIssued(answer.invoice);
      return;
    }
    if (answer.error === 'invalid' && answer.problems) {
      setProblems(answer.problems);
    } else {
      const error = status === 429 ? 'tooManyRequests' : answer.error;
      setFailure(REQUEST_ERRORS.find((known) => known === error) ?? 'failed');
    }
    setFocusTick((tick) => tick + 1);
  }

  const invalid = recipientFields.filter((field) => problems[field]);
  const field = (name: RecipientField, label: string, hint: string | null, input: 'input' | 'textarea') => {
    const error = shown(name);
    const hintId = hint ? `${fieldId(name)}-hint` : undefined;
    const errorId = error ? `${fieldId(name)}-error` : undefined;
    const aria = {
      id: fieldId(name),
      name,
      value: values[name],
      className: formStyles.input,
      'aria-invalid': error ? true : undefined,
      'aria-required': true,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      onBlur: () => leave(name),
    } as const;
    return (
      <div className={`${formStyles.field} ${formStyles.wide}`} data-invalid={error ? 'true' : undefined}>
        <label htmlFor={fieldId(name)} className={formStyles.label}>
          {label} <span className={formStyles.marker}>{text.required}</span>
        </label>
        {hint ? (
          <p id={hintId} className={formStyles.hint}>
            {hint}
          </p>
        ) : null}
        {input === 'textarea' ? (
          <textarea
            {...aria}
            rows={3}
            autoComplete="street-address"
            onChange={(event) => change(name, event.target.value)}
          />
        ) : name === 'taxId' ? (
          <input
            {...aria}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => change(name, event.target.value)}
          />
        ) : (
          <input {...aria} type="text" autoComplete="name" onChange={(event) => change(name, event.target.value)} />
        )}
        {error ? (
          <p id={errorId} className={formStyles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div id={id} className={styles.form}>
      <h3 id={`${prefix}-heading`}>{text.heading}</h3>
      <p>{text.intro}</p>
      <form
        className={formStyles.form}
        aria-labelledby={`${prefix}-heading`}
        aria-busy={pending}
        noValidate
        method="post"
        onSubmit={(event) => void submit(event)}
        data-testid="full-invoice-form"
      >
        <div ref={summaryRef} tabIndex={-1} className={formStyles.summaryAnchor}>
          {submitted && invalid.length > 0 ? (
            <div role="alert" className={`${formStyles.message} ${formStyles.error}`} data-testid="form-summary">
              <p className={formStyles.messageTitle}>{text.incomplete}</p>
              <ul>
                {invalid.map((name) => (
                  <li key={name}>
                    <a href={`#${fieldId(name)}`}>
                      {text[name]}: {text.problems[problems[name]!]}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : failure ? (
            <div role="alert" className={`${formStyles.message} ${formStyles.error}`} data-testid="form-result">
              <p className={formStyles.messageTitle}>{text.errors[failure]}</p>
            </div>
          ) : null}
        </div>
        <div className={formStyles.fields}>
          {field('name', text.name, null, 'input')}
          {field('taxId', text.taxId, text.taxIdHint, 'input')}
          {field('address', text.address, text.addressHint, 'textarea')}
        </div>
        <button type="submit" className={formStyles.submit} disabled={pending}>
          {pending ? text.sending : text.submit}
        </button>
      </form>
    </div>
  );
}
