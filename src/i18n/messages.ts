import type { Locale } from './locales';

import errorsCa from './messages/errors/ca.json';
import siteCa from './messages/site/ca.json';
import ticketsCa from './messages/tickets/ca.json';

/**
 * Messages live in one folder per feature (`messages/<feature>/<locale>.json`) so that features
 * grow without editing each other's files; a locale's messages are all its feature files merged.
 * To add a feature: create its four files and add one line per locale below.
 */
export type Messages = typeof siteCa & typeof errorsCa & typeof ticketsCa;

const loaders: Record<Locale, () => Promise<{ default: object }[]>> = {
  ca: () =>
    Promise.all([
      import('./messages/site/ca.json'),
      import('./messages/errors/ca.json'),
      import('./messages/tickets/ca.json'),
    ]),
  es: () =>
    Promise.all([
      import('./messages/site/es.json'),
      import('./messages/errors/es.json'),
      import('./messages/tickets/es.json'),
    ]),
  en: () =>
    Promise.all([
      import('./messages/site/en.json'),
      import('./messages/errors/en.json'),
      import('./messages/tickets/en.json'),
    ]),
  fr: () =>
    Promise.all([
      import('./messages/site/fr.json'),
      import('./messages/errors/fr.json'),
      import('./messages/tickets/fr.json'),
    ]),
};

/** Loads one locale's messages; each locale is its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = await loaders[locale]();
  return Object.assign({}, ...parts.map((part) => part.default)) as Messages;
}
