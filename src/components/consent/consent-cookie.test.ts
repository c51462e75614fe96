import { describe, expect, it } from 'vitest';

import { CONSENT_COOKIE, CONSENT_DAYS, consentCookie, readConsent } from './consent-cookie';

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
