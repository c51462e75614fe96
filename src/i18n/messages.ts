import type { Locale } from './locales';

import consentCa from './messages/consent/ca.json';
import siteCa from './messages/site/ca.json';

/**
 * Messages live in one folder per feature (`messages/<feature>/<locale>.json`) so that features
 * grow without editing each other's files; a locale's messages are all its feature files merged.
 * To add a feature: create its four files and add one line per locale below.
 */
export type Messages = typeof siteCa & typeof consentCa;

const loaders: Record<Locale, () => Promise<{ default: object }[]>> = {
  ca: () => Promise.all([import('./messages/site/ca.json'), import('./messages/consent/ca.json')]),
  es: () => Promise.all([import('./messages/site/es.json'), import('./messages/consent/es.json')]),
  en: () => Promise.all([import('./messages/site/en.json'), import('./messages/consent/en.json')]),
  fr: () => Promise.all([import('./messages/site/fr.json'), import('./messages/consent/fr.json')]),
};

/** Loads one locale's messages; each locale is its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = await loaders[locale]();
  return Object.assign({}, ...parts.map((part) => part.default)) as Messages;
}
