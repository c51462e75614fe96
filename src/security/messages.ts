import ca from '@/i18n/messages/security/ca.json';
import en from '@/i18n/messages/security/en.json';
import es from '@/i18n/messages/security/es.json';
import fr from '@/i18n/messages/security/fr.json';
import { defaultLocale, isLocale, matchAcceptLanguage, type Locale } from '@/i18n/locales';
import { fill, plural } from '@/lib/icu-lite';

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

/**
 * A staff member's language: the back-office language they chose (Payload keeps it in the
 * `payload-lng` cookie), else the hint, else their browser's.
 */
export function staffLocale(headers: Headers, hint?: string | null): Locale {
  const chosen = /(?:^|;\s*)payload-lng=([a-z]{2})/.exec(headers.get('cookie') ?? '')?.[1];
  return isLocale(chosen) ? chosen : requestLocale(headers, hint);
}

/** "Too many attempts. Try again in 2 minutes.": seconds under a minute, else whole minutes, rounded up. */
export function loginWaitMessage(locale: Locale, waitMs: number): string {
  const errors = securityMessages(locale).errors;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait =
    seconds < 60
      ? plural(errors.waitSeconds, seconds, locale)
      : plural(errors.waitMinutes, Math.ceil(seconds / 60), locale);
  return fill(errors.tooManyLogins, { wait });
}

/** A JSON error in Payload's shape (`errors[].message`) and ours (`error` key), in the visitor's language. */
export function localizedError(status: number, key: SecurityErrorKey, headers: Headers, extra: HeadersInit = {}) {
  const message = securityMessages(requestLocale(headers)).errors[key];
  return Response.json(
    { ok: false, error: key, message, errors: [{ message }] },
    { status, headers: { 'Cache-Control': 'no-store', ...Object.fromEntries(new Headers(extra)) } },
  );
}

/**
 * The same for the back office: in the language the staff member chose, with `{name}` values
 * filled in (the records that still use a document).
 */
export function staffError(
  status: number,
  key: SecurityErrorKey,
  headers: Headers,
  values: Record<string, string> = {},
) {
  const message = fill(securityMessages(staffLocale(headers)).errors[key], values);
  return Response.json(
    { ok: false, error: key, message, errors: [{ message }] },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );
}

/** A field's validation message in the admin's language (Payload's `req.i18n.language`). */
export function staffFieldMessage(language: string | undefined, key: SecurityErrorKey): string {
  return securityMessages(isLocale(language) ? language : defaultLocale).errors[key];
}
