import ca from './messages/ops/ca.json';
import en from './messages/ops/en.json';
import es from './messages/ops/es.json';
import fr from './messages/ops/fr.json';

import { isLocale, type Locale } from './locales';

/**
 * The back office's own texts (today board, bookings, manifest) in the staff member's admin
 * language. Payload keeps that language per user; anything else falls back to Catalan, the
 * admin's fallback language too. Small enough to import statically into the admin bundle.
 */
export type OpsMessages = typeof en.ops;

const all: Record<Locale, OpsMessages> = { ca: ca.ops, es: es.ops, en: en.ops, fr: fr.ops };

export function opsLanguage(language: unknown): Locale {
  return isLocale(language) ? language : 'ca';
}

export function opsMessages(language: unknown): OpsMessages {
  return all[opsLanguage(language)];
}
