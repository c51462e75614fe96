'use client';

import styles from '../BookingForm.module.css';
import type { BookingFields } from './use-booking-fields';

type TextField = 'name' | 'surnames' | 'email' | 'phone' | 'mobilePhone';

/** Step 4: who travels and how to reach them on the day. */
export function DetailsStep({
  ids,
  text,
  fields,
}: {
  ids: string;
  /** messages.form */
  text: Record<string, string>;
  fields: BookingFields;
}) {
  const t = text;
  const field = (name: TextField, type: string, autoComplete: string) => {
    const error = fields.shown(name);
    return (
      <div className={styles.field} key={name}>
        <label htmlFor={`${ids}-${name}`}>{t[name]}</label>
        <input
          id={`${ids}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={fields.values[name]}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-${name}-error` : undefined}
          onChange={(e) => fields.change(name, e.target.value)}
          onBlur={() => fields.blur(name)}
        />
        {error ? (
          <p id={`${ids}-${name}-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t.details}</legend>
      {field('name', 'text', 'given-name')}
      {field('surnames', 'text', 'family-name')}
      {field('email', 'email', 'email')}
      {field('phone', 'tel', 'tel')}
      {field('mobilePhone', 'tel', 'tel')}
      <div className={styles.field}>
        <label htmlFor={`${ids}-comments`}>{t.comments}</label>
        <textarea
          id={`${ids}-comments`}
          name="comments"
          rows={3}
          value={fields.values.comments}
          onChange={(e) => fields.change('comments', e.target.value)}
        />
      </div>
    </fieldset>
  );
}
