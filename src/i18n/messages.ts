import type { Locale } from './locales';

import ca from './messages/ca.json';

export type Messages = typeof ca;

/** Loads one locale's messages; each locale is its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'es':
      return (await import('./messages/es.json')).default;
    case 'en':
      return (await import('./messages/en.json')).default;
    case 'fr':
      return (await import('./messages/fr.json')).default;
    default:
      return ca;
  }
}
