import ca from './messages/invoices-admin/ca.json';
import en from './messages/invoices-admin/en.json';
import es from './messages/invoices-admin/es.json';
import fr from './messages/invoices-admin/fr.json';

import type { Locale } from './locales';
import { opsLanguage } from './ops-messages';

/**
 * The back office's invoice screens (the invoices list, the accountant's book, the today board's
 * alert, the reports' VAT) in the staff member's language, Catalan otherwise, as ops-messages.ts.
 */
export type InvoicesAdminMessages = typeof en.invoicesAdmin;

const all: Record<Locale, InvoicesAdminMessages> = {
  ca: ca.invoicesAdmin,
  es: es.invoicesAdmin,
  en: en.invoicesAdmin,
  fr: fr.invoicesAdmin,
};

export function invoicesAdminMessages(language: unknown): InvoicesAdminMessages {
  return all[opsLanguage(language)];
}
