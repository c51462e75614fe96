'use client';

import {
  createContext,
  useActionState,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { z } from 'zod';

import {
  createDebouncer,
  formFlags,
  validate,
  type LazySchema,
  visibleError,
  type ActionState,
  type FieldErrors,
  type FormValues,
} from '@/forms/form-core';
import type { FormText } from '@/forms/text';

import styles from './Form.module.css';

export type FormAction = (previous: ActionState, formData: FormData) => Promise<ActionState>;

type Controller = {
  values: FormValues;
  error: (name: string) => string | undefined;
  errorId: (name: string) => string;
  fieldId: (name: string) => string;
  setValue: (name: string, value: string) => void;
  blur: (name: string) => void;
  text: FormText;
  pending: boolean;
};

const FormContext = createContext<Controller | null>(null);

function useController(): Controller {
  const controller = useContext(FormContext);
  if (!controller) throw new Error('Form fields must be inside <Form>');
  return controller;
}

const HONEYPOT = 'website';

/**
 * The generic form (docs/domain-rules.md#site-behaviour): a server action (so it works without JavaScript) enhanced in the
 * browser with the shared zod schema. Errors show after a field is left and for every field
 * after a submit; validation runs 20 ms after the last input; what was typed is kept when the
 * server refuses it. Renders the error summary, the result message and the submit button; the
 * fields are its children.
 */
const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;
const currentSearch = () => window.location.search;
const noSearch = () => '';

export function Form<S extends z.ZodType>({
  schema,
  action,
  initialState,
  emptyValues,
  hidden,
  text,
  submitLabel,
  stampUrl,
  children,
  name,
  fieldLabels = {},
  prefill = [],
}: {
  /**
   * The shared zod schema, loaded when the visitor first focuses the form: zod is about 30 KB
   * gzip that a page showing the form does not need until someone fills it in.
   */
  schema: LazySchema<S>;
  action: FormAction;
  initialState: ActionState;
  /** What the fields hold when the form starts over after a successful send. */
  emptyValues: FormValues;
  /** Fixed values posted with the form (e.g. the locale). */
  hidden?: Record<string, string>;
  text: FormText;
  submitLabel: string;
  /** Where a fresh signed start time is fetched when the visitor starts filling in. */
  stampUrl?: string;
  children: ReactNode;
  /** Accessible name of the form (the heading's text). */
  name: string;
  /** Field labels in the order the fields appear, for the error summary. */
  fieldLabels?: Record<string, string>;
  /**
   * Fields a link may fill in through the address, e.g. a tour page's "ask for this tour" with
   * `?tour=…&date=…`. Read in the browser once hydrated: the page itself stays cached and static.
   */
  prefill?: readonly string[];
}) {
  const [state, formAction, pending] = useActionState(action, initialState);
  const [values, setValues] = useState<FormValues>({ ...emptyValues, ...state.values });
  const [errors, setErrors] = useState<FieldErrors>(state.errors);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(state.status === 'invalid');
  const [stamp, setStamp] = useState(state.stamp);
  const [seenSeq, setSeenSeq] = useState(state.seq);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const stampRequested = useRef(false);
  const debouncer = useMemo(() => createDebouncer(), []);
  const idPrefix = useId();
  // False in the server HTML and while hydrating, true once React handles the form's events.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);

  const search = useSyncExternalStore(noSubscription, currentSearch, noSearch);
  const [prefilledFrom, setPrefilledFrom] = useState('');
  if (prefill.length > 0 && search !== prefilledFrom) {
    setPrefilledFrom(search);
    const params = new URLSearchParams(search);
    const fromLink = Object.fromEntries(
      prefill.flatMap((field) => {
        const value = params.get(field)?.trim().slice(0, 200);
        return value ? [[field, value]] : [];
      }),
    );
    if (Object.keys(fromLink).length > 0) setValues((current) => ({ ...current, ...fromLink }));
  }

  // A new answer from the server: show its errors and keep (or, after a send, clear) the values.
  if (state.seq !== seenSeq) {
    setSeenSeq(state.seq);
    setStamp(state.stamp);
    setErrors(state.errors);
    if (state.status === 'sent') {
      setValues(emptyValues);
      setTouched(new Set());
      setSubmitted(false);
    } else {
      setValues({ ...emptyValues, ...state.values });
      setSubmitted(state.status === 'invalid');
    }
    setFocusTick((tick) => tick + 1);
  }

  // What the visitor typed before the page hydrated (its scripts start after the first paint) is
  // still in the fields: hydration leaves it there, but the first update would write the state
  // back. A field whose value is no longer its default (what was rendered, a link's prefill
  // included) was changed by the visitor: taken into the state before that update.
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: FormValues = {};
    for (const field of Object.keys(emptyValues)) {
      const element = form.elements.namedItem(field);
      const changed =
        element instanceof HTMLSelectElement
          ? Array.from(element.options).some((option) => option.selected !== option.defaultSelected)
          : (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
            element.value !== element.defaultValue;
      if (changed) typed[field] = (element as HTMLInputElement).value;
    }
    if (Object.keys(typed).length === 0) return;
    // The visitor started before this page could ask for a fresh stamp: the page's own, made when
    // it was rendered and so older than their start, is the honest one. A fresh stamp now would
    // call a person who typed the whole form before hydration "too fast" when they send it.
    stampRequested.current = true;
    // The fields are the outside source being read here, once, before React's first update.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues((current) => ({ ...current, ...typed }));
  }, [emptyValues]);

  useEffect(() => {
    if (focusTick > 0) summaryRef.current?.focus();
  }, [focusTick]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  /** Runs now when the schema is here; else once it is (in call order, so the last input wins). */
  const withSchema = (run: (loaded: S) => void) => {
    const loaded = schema.current();
    if (loaded) return run(loaded);
    // If it cannot load, the server action still validates on submit.
    schema.load().then(run, () => undefined);
  };

  // Handlers close over this render's values: each input event re-renders before the next one.
  const setValue = (field: string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    debouncer.run('validate', () => withSchema((loaded) => setErrors(validate(loaded, next).errors)));
  };

  const blur = (field: string) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    withSchema((loaded) => setErrors(validate(loaded, values).errors));
  };

  const onFocus = () => {
    requestStamp();
    withSchema(() => undefined);
  };

  const requestStamp = () => {
    if (!stampUrl || stampRequested.current) return;
    stampRequested.current = true;
    fetch(stampUrl, { cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ stamp?: unknown }>) : undefined))
      .then((body) => {
        if (typeof body?.stamp === 'string') setStamp(body.stamp);
      })
      .catch(() => undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    debouncer.cancel();
    setSubmitted(true);
    // Submitted before the schema arrived (it loads on first focus): the server validates.
    const loaded = schema.current();
    if (!loaded) return;
    const result = validate(loaded, values);
    setErrors(result.errors);
    if (!result.ok) {
      event.preventDefault();
      setFocusTick((tick) => tick + 1);
    }
  };

  const ui = { touched, submitted };
  const flags = formFlags({ errors, submitted, pending });
  const showIncomplete = submitted && flags.incomplete;
  const controller: Controller = {
    values,
    error: (field) => {
      const code = visibleError(field, errors, ui);
      return code ? text.errors[code] : undefined;
    },
    errorId: (field) => `${idPrefix}-${field}-error`,
    fieldId: (field) => `${idPrefix}-${field}`,
    setValue,
    blur,
    text,
    pending,
  };

  const resultMessage =
    state.status === 'sent' && !submitted
      ? { tone: 'success', title: text.sent, detail: text.sentDetail }
      : state.status === 'failed'
        ? { tone: 'error', title: text.failed }
        : state.status === 'rejected'
          ? { tone: 'error', title: text.rejected }
          : state.status === 'rateLimited'
            ? { tone: 'error', title: text.rateLimited }
            : state.status === 'tooFast'
              ? { tone: 'error', title: text.tooFast }
              : undefined;
  const invalidFields = [...new Set([...Object.keys(fieldLabels), ...Object.keys(errors)])].filter(
    (field) => errors[field],
  );

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={onSubmit}
      onFocus={onFocus}
      noValidate
      aria-label={name}
      aria-busy={pending}
      className={styles.form}
      data-hydrated={hydrated || undefined}
      data-state={[
        flags.submitted && 'submitted',
        flags.loading && 'loading',
        flags.incomplete ? 'incomplete' : 'valid',
        state.status,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <div ref={summaryRef} tabIndex={-1} className={styles.summaryAnchor}>
        {showIncomplete ? (
          <div role="alert" className={`${styles.message} ${styles.error}`} data-testid="form-summary">
            <p className={styles.messageTitle}>{text.incomplete}</p>
            <ul>
              {invalidFields.map((field) => (
                <li key={field}>
                  <a href={`#${controller.fieldId(field)}`}>
                    {fieldLabels[field] ? `${fieldLabels[field]}: ` : ''}
                    {controller.error(field)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : resultMessage ? (
          <div
            role={resultMessage.tone === 'success' ? 'status' : 'alert'}
            className={`${styles.message} ${resultMessage.tone === 'success' ? styles.success : styles.error}`}
            data-testid="form-result"
          >
            <p className={styles.messageTitle}>{resultMessage.title}</p>
            {resultMessage.detail ? <p>{resultMessage.detail}</p> : null}
          </div>
        ) : null}
      </div>
      <FormContext.Provider value={controller}>
        <div className={styles.fields}>{children}</div>
      </FormContext.Provider>
      {Object.entries(hidden ?? {}).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <input type="hidden" name="stamp" value={stamp} />
      {/* Bots fill every field; people never see this one. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${idPrefix}-${HONEYPOT}`}>{text.honeypot}</label>
        <input
          id={`${idPrefix}-${HONEYPOT}`}
          name={HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <button type="submit" className={styles.submit} disabled={pending}>
        {pending ? text.sending : submitLabel}
      </button>
    </form>
  );
}

type FieldProps = {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  wide?: boolean;
};

function FieldShell({
  name,
  label,
  required,
  hint,
  wide,
  children,
}: FieldProps & { children: (aria: Record<string, string | boolean | undefined>) => ReactNode }) {
  const c = useController();
  const error = c.error(name);
  const hintId = hint ? `${c.fieldId(name)}-hint` : undefined;
  const describedBy = [hintId, error ? c.errorId(name) : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`} data-invalid={error ? 'true' : undefined}>
      <label htmlFor={c.fieldId(name)} className={styles.label}>
        {label} <span className={styles.marker}>{required ? c.text.required : c.text.optional}</span>
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id: c.fieldId(name),
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {error ? (
        <p id={c.errorId(name)} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  min,
  max,
  ...props
}: FieldProps & {
  type?: 'text' | 'email' | 'tel' | 'number' | 'date';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  min?: string | number;
  max?: string | number;
}) {
  const c = useController();
  return (
    <FieldShell {...props}>
      {(aria) => (
        <input
          {...aria}
          type={type}
          className={styles.input}
          value={c.values[props.name] ?? ''}
          autoComplete={autoComplete}
          inputMode={inputMode}
          min={min}
          max={max}
          onChange={(event) => c.setValue(props.name, event.target.value)}
          onBlur={() => c.blur(props.name)}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({ rows = 5, maxLength, ...props }: FieldProps & { rows?: number; maxLength?: number }) {
  const c = useController();
  return (
    <FieldShell {...props} wide>
      {(aria) => (
        <textarea
          {...aria}
          rows={rows}
          maxLength={maxLength}
          className={styles.input}
          value={c.values[props.name] ?? ''}
          onChange={(event) => c.setValue(props.name, event.target.value)}
          onBlur={() => c.blur(props.name)}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: FieldProps & { options: { value: string; label: string }[]; placeholder?: string }) {
  const c = useController();
  return (
    <FieldShell {...props}>
      {(aria) => (
        <select
          {...aria}
          className={styles.input}
          value={c.values[props.name] ?? ''}
          onChange={(event) => c.setValue(props.name, event.target.value)}
          onBlur={() => c.blur(props.name)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
