import { describe, expect, it } from 'vitest';

import {
  ASK_CONSENT_CLASS,
  ASK_CONSENT_SCRIPT,
  CONSENT_COOKIE,
  EARLY_CHOICE_KEY,
  CONSENT_DAYS,
  consentCookie,
  readConsent,
} from './consent-cookie';

const NOW = Date.parse('2026-07-01T10:00:00Z');
/** The `name=value` part of a Set-Cookie-like string, as document.cookie would then read it. */
const stored = (cookie: string) => cookie.split('; ')[0]!;

describe('the consent cookie', () => {
  it('records a choice the way it is read back, for 6 months, on the whole site', () => {
    const cookie = consentCookie({ analytics: true, marketing: false }, 'fr', true, NOW);
    expect(readConsent(`other=1; ${stored(cookie)}`, NOW)).toEqual({ analytics: true, marketing: false });
    expect(cookie).toContain('; path=/; SameSite=Lax; Secure');
    const expires = Date.parse(/expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.round((expires - NOW) / 86_400_000)).toBe(CONSENT_DAYS);
    expect(consentCookie({ analytics: false, marketing: false }, 'fr', false, NOW)).not.toContain('Secure');
  });

  it("writes the consent library's own shape, so its preferences show the same choice", () => {
    const value = JSON.parse(
      decodeURIComponent(
        stored(consentCookie({ analytics: false, marketing: true }, 'ca', false, NOW)).slice(CONSENT_COOKIE.length + 1),
      ),
    );
    expect(value).toMatchObject({
      categories: ['necessary', 'marketing'],
      revision: 0,
      languageCode: 'ca',
      services: { necessary: [], analytics: [], marketing: [] },
      expirationTime: NOW + CONSENT_DAYS * 86_400_000,
    });
    expect(value.consentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('asks again when there is no choice, it is unreadable, from another revision or expired', () => {
    expect(readConsent('', NOW)).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=not-json`, NOW)).toBeNull();
    const cookie = stored(consentCookie({ analytics: true, marketing: true }, 'es', false, NOW));
    expect(readConsent(cookie, NOW + (CONSENT_DAYS + 1) * 86_400_000)).toBeNull();
    const other = encodeURIComponent(JSON.stringify({ categories: ['necessary'], revision: 1, consentId: 'x' }));
    expect(readConsent(`${CONSENT_COOKIE}=${other}`, NOW)).toBeNull();
  });
});

/** The pre-paint script run against a minimal document, as the browser runs it. */
function runScript(cookie: string, now: number) {
  const classes = new Set<string>();
  const listeners: { type: string; listener: (event: unknown) => void; capture: unknown }[] = [];
  const document = {
    cookie,
    documentElement: {
      classList: { add: (name: string) => classes.add(name), remove: (name: string) => classes.delete(name) },
    },
    addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) =>
      listeners.push({ type, listener, capture }),
  };
  const window: Record<string, unknown> = {};
  new Function('document', 'window', 'Date', ASK_CONSENT_SCRIPT)(document, window, { now: () => now });
  return { asks: classes.has(ASK_CONSENT_CLASS), classes, listeners, window };
}
const scriptAsks = (cookie: string, now: number) => runScript(cookie, now).asks;

describe('the pre-paint script that shows the bar', () => {
  const valid = stored(consentCookie({ analytics: true, marketing: false }, 'es', false, NOW));
  const withValue = (value: unknown) => `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;
  const cookies: [string, string][] = [
    ['no cookie at all', ''],
    ['other cookies only', 'NEXT_LOCALE=es; _ga=GA1.1.1'],
    ['a valid choice', valid],
    ['a valid choice among others', `NEXT_LOCALE=es; ${valid}; x=1`],
    [
      'a choice that has expired',
      stored(consentCookie({ analytics: true, marketing: true }, 'es', false, NOW - 200 * 86_400_000)),
    ],
    ['an older revision', withValue({ categories: ['necessary'], revision: 7, consentId: 'a' })],
    ['no consent id', withValue({ categories: ['necessary'], revision: 0 })],
    ['categories that are not a list', withValue({ categories: 'all', revision: 0, consentId: 'a' })],
    ['no expiry (kept as valid, like the library)', withValue({ categories: [], revision: 0, consentId: 'a' })],
    ['an unreadable value', `${CONSENT_COOKIE}=%7Bnot-json`],
    ['a name that only ends the same', `x${valid}`],
  ];

  it.each(cookies)('asks exactly when readConsent finds no choice: %s', (_, cookie) => {
    expect(scriptAsks(cookie, NOW)).toBe(readConsent(cookie, NOW) === null);
  });

  it('asks a first-time visitor and not one who has chosen', () => {
    expect(scriptAsks('', NOW)).toBe(true);
    expect(scriptAsks(valid, NOW)).toBe(false);
  });

  it("keeps a tap on the server's bar before the scripts run, puts the bar away, lets other clicks through", () => {
    const { listeners, window, classes } = runScript('', NOW);
    expect(listeners).toHaveLength(1);
    expect(listeners[0]).toMatchObject({ type: 'click', capture: true });
    const click = (found: { choice: string } | null) => {
      let prevented = false;
      const target = {
        closest: (selector: string) =>
          found && selector === '[data-arriving] button[data-choice]'
            ? { getAttribute: (name: string) => (name === 'data-choice' ? found.choice : null) }
            : null,
      };
      listeners[0]!.listener({ target, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect(click(null)).toBe(false);
    expect(window[EARLY_CHOICE_KEY]).toBeUndefined();
    expect(classes.has(ASK_CONSENT_CLASS)).toBe(true);
    expect(click({ choice: 'reject' })).toBe(true);
    expect(window[EARLY_CHOICE_KEY]).toBe('reject');
    // The bar goes away at once.
    expect(classes.has(ASK_CONSENT_CLASS)).toBe(false);
  });
});
