import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/consent/en.json';

import { consentConfig, escapeHtml } from './consent-config';
import { CONSENT_DAYS } from './consent-cookie';

describe('consentConfig', () => {
  const config = consentConfig('en', en.consent, '/en/politica-de-cookies');
  const texts = config.language.translations.en as Exclude<
    (typeof config.language.translations)[string],
    string | (() => unknown)
  >;

  it('asks before anything optional runs, for every visitor, and remembers for about 6 months', () => {
    expect(config.mode).toBe('opt-in');
    expect(config.hideFromBots).toBe(false);
    expect(config.cookie?.expiresAfterDays).toBe(CONSENT_DAYS);
    expect(CONSENT_DAYS).toBeGreaterThanOrEqual(180);
    expect(CONSENT_DAYS).toBeLessThanOrEqual(186);
  });

  it('offers accept, reject and customise with equal weight and no close button on the first layer', () => {
    expect(texts.consentModal?.acceptAllBtn).toBe('Accept all');
    expect(texts.consentModal?.acceptNecessaryBtn).toBe('Reject all');
    expect(texts.consentModal?.showPreferencesBtn).toBe('Customise');
    expect(texts.consentModal?.closeIconLabel).toBeUndefined();
    expect(config.guiOptions?.consentModal?.equalWeightButtons).toBe(true);
    expect(config.guiOptions?.consentModal?.position).toBe('bottom');
  });

  it('has necessary (always on), analytics and marketing, and clears GA cookies on withdrawal', () => {
    expect(config.categories.necessary).toEqual({ enabled: true, readOnly: true });
    expect(config.categories.analytics?.enabled).toBeUndefined();
    expect(config.categories.marketing?.enabled).toBeUndefined();
    const names = config.categories.analytics?.autoClear?.cookies.map((c) => c.name) ?? [];
    expect(names.some((n) => (n instanceof RegExp ? n.test('_ga') && n.test('_ga_E2E') : false))).toBe(true);
  });

  it('links the cookies policy in the page language', () => {
    expect(texts.consentModal?.description).toContain('href="/en/politica-de-cookies"');
  });
});

describe('escapeHtml', () => {
  it('neutralises markup in texts', () => {
    expect(escapeHtml(`<img src=x onerror="a">&'`)).toBe('&#60;img src=x onerror=&#34;a&#34;&#62;&#38;&#39;');
  });
});
