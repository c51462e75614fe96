'use client';

import { FieldLabel, useField, useTranslation } from '@payloadcms/ui';
import type { DateFieldClientProps, DefaultCellComponentProps } from 'payload';
import { useId } from 'react';

import { dateTimeOf } from './format';

function madrid(value: unknown, language: string): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeOf(date.toISOString(), language);
}

/**
 * Payload's own date cell formats in the browser's time zone: a laptop set to another zone would
 * show a departure, a payment or a check-in at the wrong hour. Ours is always Barcelona's clock.
 */
export function MadridDateCell({ cellData }: DefaultCellComponentProps) {
  const { i18n } = useTranslation();
  return <span>{madrid(cellData, i18n.language)}</span>;
}

/** A read-only instant on an edit page, on Barcelona's clock, in the staff member's language. */
export function MadridDateField({ path, field }: DateFieldClientProps) {
  const { i18n } = useTranslation();
  const { value } = useField<string | null>({ path });
  const id = useId();
  return (
    <div className="field-type date-time-field read-only">
      <FieldLabel htmlFor={id} label={field.label} path={path} />
      <p id={id}>{madrid(value, i18n.language) || '—'}</p>
    </div>
  );
}
