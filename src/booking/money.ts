import type { Locale } from '../i18n/locales';
import { OPERATOR_CURRENCY } from '../lib/operator';

/**
 * Money is integer cents of EUR everywhere (docs/domain-rules.md#money): sums stay exact, and the
 * payment gateway takes cents too. Only the formatting at the edge turns them into euros.
 */
export type Cents = number;

export const CURRENCY = OPERATOR_CURRENCY;

const numberLocale: Record<Locale, string> = { ca: 'ca-ES', es: 'es-ES', en: 'en-GB', fr: 'fr-FR' };

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function assertCents(value: unknown, what = 'amount'): asserts value is Cents {
  if (!isCents(value)) {
    throw new RangeError(`The ${what} must be a non-negative whole number of cents, got ${String(value)}`);
  }
}

const formatters = new Map<Locale, Intl.NumberFormat>();

function formatterFor(locale: Locale): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocale[locale], { style: 'currency', currency: CURRENCY });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * "12,50 €" (ca, es, fr) or "€12.50" (en). The amount goes to Intl as a decimal string rather
 * than cents / 100, so no binary-fraction rounding can ever show a cent that is not there.
 */
export function formatEuros(cents: Cents, locale: Locale): string {
  assertCents(cents);
  const decimal = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` as `${number}`;
  return formatterFor(locale).format(decimal);
}

/** What a reseller owes us for `retail` cents: its commission off, rounded to the cent. */
export const resellerNetCents = (retail: number, commissionPercent: number): number =>
  Math.round(retail * (1 - commissionPercent / 100));
