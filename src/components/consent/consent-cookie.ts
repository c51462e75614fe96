/** The consent cookie's name and lifetime: 6 months, after which we ask again. */
export const CONSENT_COOKIE = 'cc_cookie';
export const CONSENT_DAYS = 182;
/** Bumping it asks every visitor again. */
export const CONSENT_REVISION = 0;

/** What the visitor allowed, beyond the strictly necessary cookies. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/**
 * The stored choice, read from the cookie the consent library writes (the shape of
 * vanilla-cookieconsent 3), or null when there is none, it is unreadable, out of date or expired.
 */
export function readConsent(cookieHeader: string, now = Date.now()): ConsentChoice | null {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw.slice(CONSENT_COOKIE.length + 1))) as {
      categories?: unknown;
      revision?: unknown;
      consentId?: unknown;
      expirationTime?: unknown;
    };
    if (
      !Array.isArray(value.categories) ||
      value.revision !== CONSENT_REVISION ||
      typeof value.consentId !== 'string'
    ) {
      return null;
    }
    if (typeof value.expirationTime === 'number' && value.expirationTime <= now) return null;
    return { analytics: value.categories.includes('analytics'), marketing: value.categories.includes('marketing') };
  } catch {
    return null;
  }
}

function newConsentId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (a LAN address in development) randomUUID is missing.
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The cookie (a `document.cookie` assignment) that records a choice in the library's own shape,
 * so the library, loaded later for the preferences, sees the same choice.
 */
export function consentCookie(choice: ConsentChoice, locale: string, secure: boolean, now = Date.now()): string {
  const at = new Date(now).toISOString();
  const categories = [
    'necessary',
    ...(choice.analytics ? ['analytics'] : []),
    ...(choice.marketing ? ['marketing'] : []),
  ];
  const expires = now + CONSENT_DAYS * 24 * 3600 * 1000;
  const value = {
    categories,
    revision: CONSENT_REVISION,
    data: null,
    consentTimestamp: at,
    consentId: newConsentId(),
    services: { necessary: [], analytics: [], marketing: [] },
    languageCode: locale,
    lastConsentTimestamp: at,
    expirationTime: expires,
  };
  return [
    `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`,
    `expires=${new Date(expires).toUTCString()}`,
    'path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The class the pre-paint script puts on `<html>` when the visitor has still to choose. */
export const ASK_CONSENT_CLASS = 'cc-ask';

/** A choice made in the bar before the page's scripts ran: the button's `data-choice`. */
export type EarlyChoice = 'accept' | 'reject' | 'customise';
/** Where the pre-paint script keeps that choice for the bar to act on once it is live. */
export const EARLY_CHOICE_KEY = '__consentEarlyChoice';

/**
 * Runs while the page is parsed, before its first paint and long before hydration: the bar is in
 * every page's HTML (pages are the same for every visitor), and this shows it only to a visitor
 * without a valid choice, so it is drawn with the page instead of popping up once the page's
 * scripts have run. Same test as readConsent (a unit test holds them to it). A tap on one of the
 * bar's buttons before the scripts have run puts the bar away at once and is kept; the bar acts
 * on it when it comes alive.
 * Plain ES5, inline, allowed by its hash (the same on every page: src/security/headers.ts names
 * it for nonce pages).
 */
export const ASK_CONSENT_SCRIPT =
  '(function(){var d=document;' +
  "d.addEventListener('click',function(e){" +
  "var b=e.target&&e.target.closest&&e.target.closest('[data-arriving] button[data-choice]');" +
  `if(b){e.preventDefault();window.${EARLY_CHOICE_KEY}=b.getAttribute('data-choice');` +
  `d.documentElement.classList.remove('${ASK_CONSENT_CLASS}')}},true);` +
  'try{' +
  `var m=/(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)/.exec(d.cookie),v=m&&JSON.parse(decodeURIComponent(m[1]));` +
  `if(v&&Array.isArray(v.categories)&&v.revision===${CONSENT_REVISION}&&typeof v.consentId==='string'&&` +
  "!(typeof v.expirationTime==='number'&&v.expirationTime<=Date.now()))return" +
  `}catch(e){}d.documentElement.classList.add('${ASK_CONSENT_CLASS}')})()`;
