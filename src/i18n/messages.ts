import type { Locale } from './locales';

/**
 * Messages live in one folder per feature (`messages/<feature>/<locale>.json`) so that features
 * grow without editing each other's files; a locale's messages are all its feature files merged.
 * To add a feature: create its four files and add its name to `features` and to `Messages`.
 */
const features = [
  'site',
  'errors',
  'tickets',
  'shop',
  'today',
  'forms',
  'content',
  'consent',
  'security',
  'staff',
  'boarding',
  'notices',
  'invoices',
  'booking-invoice',
] as const;

export type Messages = typeof import('./messages/site/ca.json') &
  typeof import('./messages/errors/ca.json') &
  typeof import('./messages/tickets/ca.json') &
  typeof import('./messages/shop/ca.json') &
  typeof import('./messages/today/ca.json') &
  typeof import('./messages/forms/ca.json') &
  typeof import('./messages/content/ca.json') &
  typeof import('./messages/consent/ca.json') &
  typeof import('./messages/security/ca.json') &
  typeof import('./messages/staff/ca.json') &
  typeof import('./messages/boarding/ca.json') &
  typeof import('./messages/notices/ca.json') &
  typeof import('./messages/invoices/ca.json') &
  typeof import('./messages/booking-invoice/ca.json');

/**
 * Features of the back office (/admin), loaded by src/i18n/ops-messages.ts for the staff member's
 * language: the public site never ships them.
 */
export const backOfficeFeatures = ['ops', 'invoices-admin'] as const;

/** Loads one locale's messages; each locale's files are their own chunks. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(
    features.map((feature) => import(`./messages/${feature}/${locale}.json`) as Promise<{ default: object }>),
  );
  return Object.assign({}, ...parts.map((part) => part.default)) as Messages;
}
