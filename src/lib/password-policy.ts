import commonPasswords from 'fxa-common-password-list';

import { defaultLocale, isLocale, type Locale } from '@/i18n/locales';
import ca from '@/i18n/messages/staff/ca.json';
import en from '@/i18n/messages/staff/en.json';
import es from '@/i18n/messages/staff/es.json';
import fr from '@/i18n/messages/staff/fr.json';

/**
 * Staff passwords guard customers' personal data, so they follow NIST SP 800-63B: long rather
 * than "complex", and never one of the passwords attackers try first (Firefox Accounts' list of
 * the 10,000 most common ones that are long enough to pass a length rule, shipped in an npm
 * package so the check works offline). No 'server-only': the Users collection hook runs it in
 * the payload CLI too (admin:create, seed).
 */
export const MIN_PASSWORD_LENGTH = 12;

export type PasswordProblem = 'tooShort' | 'common';

export function passwordProblem(password: string): PasswordProblem | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'tooShort';
  const folded = password.trim().toLowerCase();
  if (commonPasswords.test(password) || commonPasswords.test(folded)) return 'common';
  return null;
}

const messages: Record<Locale, typeof en> = { ca, es, en, fr };

/** The problem in the staff member's admin language (Payload's i18n language), Catalan otherwise. */
export function passwordProblemMessage(problem: PasswordProblem, language: unknown): string {
  const locale = isLocale(language) ? language : defaultLocale;
  return messages[locale].staffPassword[problem].replace('{min}', String(MIN_PASSWORD_LENGTH));
}
