'use client';

import styles from '../BookingForm.module.css';
import type { BookingFields } from './use-booking-fields';

type TextField = 'name' | 'surnames' | 'email' | 'phone' | 'mobilePhone';
type InvoiceField = 'invoiceName' | 'invoiceTaxId' | 'invoiceAddress';

/**
 * Step 4: who travels and how to reach them on the day, and, for a buyer who ticks "I need an
 * invoice", who the full invoice names (invoicing checks the tax id, here and on the server).
 */
export function DetailsStep({
  ids,
  text,
  invoiceText,
  fields,
}: {
  ids: string;
  /** messages.form */
  text: Record<string, string>;
  /** messages.invoice */
  invoiceText: Record<string, string>;
  fields: BookingFields;
}) {
  const t = text;
  const wantsInvoice = fields.values.invoice === 'on';
  const field = (name: TextField | InvoiceField, type: string, autoComplete: string, label = t[name]) => {
    const error = fields.shown(name);
    return (
      <div className={styles.field} key={name}>
        <label htmlFor={`${ids}-${name}`}>{label}</label>
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
      <div className={styles.check}>
        <label>
          <input
            type="checkbox"
            name="invoice"
            checked={wantsInvoice}
            // Only while the fields it shows exist: pointing at nothing is an invalid ARIA value (axe).
            aria-controls={wantsInvoice ? `${ids}-invoice` : undefined}
            onChange={(e) => fields.change('invoice', e.target.checked ? 'on' : '')}
          />{' '}
          {invoiceText.toggle}
        </label>
        {/* The server's "above the limit, a full invoice": the box is what answers it. */}
        {fields.shown('invoice') ? (
          <p id={`${ids}-invoice-error`} className={styles.error} role="alert">
            {fields.shown('invoice')}
          </p>
        ) : null}
      </div>
      {wantsInvoice ? (
        <div id={`${ids}-invoice`} role="group" aria-label={invoiceText.toggle}>
          <p className={styles.note}>{invoiceText.hint}</p>
          {field('invoiceName', 'text', 'organization', invoiceText.name)}
          {field('invoiceTaxId', 'text', 'off', invoiceText.taxId)}
          {field('invoiceAddress', 'text', 'street-address', invoiceText.address)}
        </div>
      ) : null}
    </fieldset>
  );
}
