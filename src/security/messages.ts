import ca from '@/i18n/messages/security/ca.json';
import en from '@/i18n/messages/security/en.json';
import es from '@/i18n/messages/security/es.json';
import fr from '@/i18n/messages/security/fr.json';
import { defaultLocale, isLocale, matchAcceptLanguage, type Locale } from '@/i18n/locales';

/**
 * Messages for answers given outside a page (API errors, the back office's first-user screen),
 * where next-intl has no request locale: the caller picks it from a locale hint or Accept-Language.
 */
const byLocale = { ca, es, en, fr } as const;

export type SecurityMessages = (typeof ca)['security'];
export type SecurityErrorKey = keyof SecurityMessages['errors'];

export function securityMessages(locale: Locale): SecurityMessages {
  return byLocale[locale].security;
}

/** The visitor's language: an explicit hint when it is one of ours, else their browser's. */
export function requestLocale(headers: Headers, hint?: string | null): Locale {
  if (isLocale(hint)) return hint;
  return matchAcceptLanguage(headers.get('accept-language')) ?? defaultLocale;
}

/** A JSON error in Payload's shape (`errors[].message`) and ours (`error` key), in the visitor's language. */
export function localizedError(status: number, key: SecurityErrorKey, headers: Headers, extra: HeadersInit = {}) {
  const message = securityMessages(requestLocale(headers)).errors[key];
  return Response.json(
    { ok: false, error: key, message, errors: [{ message }] },
    { status, headers: { 'Cache-Control': 'no-store', ...Object.fromEntries(new Headers(extra)) } },
  );
}
