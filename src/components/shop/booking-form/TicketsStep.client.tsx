'use client';

import { formatEuros } from '@/booking/money';
import { quantityFields, type PriceList } from '@/booking/pricing';
import type { Locale } from '@/i18n/locales';

import styles from '../BookingForm.module.css';
import type { BookingFields } from './use-booking-fields';
import type { Quantities } from './use-quantities';
import type { ShopMessages } from './types';

/** Step 3: trip type and tickets per category, each with its rule and unit price, and the live total. */
export function TicketsStep({
  ids,
  locale,
  messages,
  priceList,
  fields,
  quantities,
}: {
  ids: string;
  locale: Locale;
  messages: ShopMessages;
  priceList: PriceList | null;
  fields: BookingFields;
  quantities: Quantities;
}) {
  const t = messages;
  const { values } = fields;
  const { previewQuote, preview, people, tooMany } = quantities;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t.form.people}</legend>
      {priceList?.oneWay ? (
        <div role="radiogroup" aria-label={t.form.tripType} className={styles.row}>
          {(['roundTrip', 'oneWay'] as const).map((type) => (
            <label key={type} className={styles.option}>
              <input
                type="radio"
                name="tripType"
                value={type}
                checked={values.tripType === type}
                onChange={() => fields.change('tripType', type)}
              />
              {t.form[type]}
            </label>
          ))}
        </div>
      ) : null}
      <div className={styles.quantities}>
        {quantityFields.map((name) => {
          const error = fields.shown(name);
          const unit = quantities.unitOf(name);
          const rule = name === 'audioGuides' ? undefined : t.form[`${name}Rule`];
          const describedBy = [`${ids}-${name}-rule`, error ? `${ids}-${name}-error` : ''].filter(Boolean).join(' ');
          return (
            <div className={styles.field} key={name}>
              <label htmlFor={`${ids}-${name}`}>{t.form[name]}</label>
              <p id={`${ids}-${name}-rule`} className={styles.rule}>
                {rule ? <span>{rule}</span> : null}
                {unit !== null ? (
                  <span>
                    {unit === 0
                      ? t.form.free
                      : (t.form.each ?? '{price}').replace('{price}', formatEuros(unit, locale))}
                  </span>
                ) : null}
              </p>
              <input
                id={`${ids}-${name}`}
                name={name}
                type="number"
                inputMode="numeric"
                min={0}
                max={60}
                value={values[name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
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
        })}
      </div>
      <p className={styles.hint}>{t.form.audioGuidesHint}</p>
      {previewQuote && (previewQuote.lines.length > 0 || previewQuote.audioGuides.quantity > 0) ? (
        <table className={styles.lines}>
          <caption className={styles.hidden}>{t.form.lines}</caption>
          <tbody>
            {previewQuote.lines.map((line) => (
              <tr key={line.category}>
                <th scope="row">
                  {line.quantity} × {t.form[line.category]}
                </th>
                <td>
                  {line.unitCents === 0 ? t.form.free : `${line.quantity} × ${formatEuros(line.unitCents, locale)}`}
                </td>
                <td>{formatEuros(line.totalCents, locale)}</td>
              </tr>
            ))}
            {previewQuote.audioGuides.quantity > 0 ? (
              <tr>
                <th scope="row">
                  {previewQuote.audioGuides.quantity} × {t.form.audioGuideLine}
                </th>
                <td>
                  {previewQuote.audioGuides.quantity} × {formatEuros(previewQuote.audioGuides.unitCents, locale)}
                </td>
                <td>{formatEuros(previewQuote.audioGuides.totalCents, locale)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : null}
      <p aria-live="polite" className={styles.totals}>
        {t.form.people}: <strong>{people}</strong> · {t.form.total}:{' '}
        <strong>{preview === null ? '—' : formatEuros(preview, locale)}</strong>
      </p>
      {tooMany ? <p className={styles.error}>{t.errors.capacityExhausted}</p> : null}
    </fieldset>
  );
}
