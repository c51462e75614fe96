import 'server-only';

import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/locales';

import { errorCodes } from './error-codes';
import { formTextKeys, type FormText } from './text';

/** The form layer's strings in one locale, for a server component to hand to a client form. */
export async function formText(locale: Locale): Promise<FormText> {
  const t = await getTranslations({ locale, namespace: 'forms' });
  const errors = Object.fromEntries(errorCodes.map((code) => [code, t(`errors.${code}`)])) as FormText['errors'];
  const rest = Object.fromEntries(formTextKeys.map((key) => [key, t(key)])) as Omit<FormText, 'errors'>;
  return { errors, ...rest };
}
