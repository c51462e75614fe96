'use client';

import { FieldDescription, FieldError, FieldLabel, useField, useTranslation } from '@payloadcms/ui';
import type { DefaultCellComponentProps, NumberFieldClientProps } from 'payload';
import { useId, useState } from 'react';

import { opsLanguage, opsMessages } from '@/i18n/ops-messages';

import { parseEuros } from './euro-parse';
import { euros } from './format';

function plainEuros(cents: number | null | undefined, language: string): string {
  if (typeof cents !== 'number') return '';
  const decimal = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return opsLanguage(language) === 'en' ? decimal : decimal.replace('.', ',');
}

export function EuroCentsCell({ cellData }: DefaultCellComponentProps) {
  const { i18n } = useTranslation();
  return <span>{euros(typeof cellData === 'number' ? cellData : null, i18n.language)}</span>;
}

export function EuroCentsField({ path, field, readOnly }: NumberFieldClientProps) {
  const { i18n } = useTranslation();
  const { value, setValue, showError, errorMessage } = useField<number | null>({ path });
  const [text, setText] = useState(() => plainEuros(value, i18n.language));
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const disabled = readOnly || field.admin?.readOnly;

  // The form may load or reset the value after the first render: follow it, unless the text
  // being typed already says the same amount.
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    if (parseEuros(text) !== value) setText(plainEuros(value, i18n.language));
  }

  return (
    <div className="field-type number">
      <FieldLabel htmlFor={id} label={field.label} path={path} required={field.required} />
      <div className="field-type__wrap">
        <FieldError
          message={invalid ? opsMessages(i18n.language).money.invalid : errorMessage}
          path={path}
          showError={invalid || showError}
        />
        {disabled ? (
          <p id={id}>{euros(value, i18n.language)}</p>
        ) : (
          <input
            id={id}
            type="text"
            inputMode="decimal"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              const cents = parseEuros(event.target.value);
              setInvalid(cents === 'invalid');
              if (cents !== 'invalid') setValue(cents);
            }}
            aria-invalid={invalid || showError}
          />
        )}
        {field.admin?.description ? <FieldDescription description={field.admin.description} path={path} /> : null}
      </div>
    </div>
  );
}
