import type { Locale } from '@/i18n/locales';

export function formatPrice(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
