import type { CookieConsentConfig } from 'vanilla-cookieconsent';

import { CONSENT_COOKIE, CONSENT_DAYS, CONSENT_REVISION } from './consent-cookie';

export interface ConsentTexts {
  bannerLabel: string;
  title: string;
  description: string;
  policyLink: string;
  acceptAll: string;
  rejectAll: string;
  customise: string;
  preferencesTitle: string;
  preferencesIntro: string;
  save: string;
  close: string;
  necessaryTitle: string;
  necessaryDescription: string;
  analyticsTitle: string;
  analyticsDescription: string;
  marketingTitle: string;
  marketingDescription: string;
  moreTitle: string;
  moreDescription: string;
  reopen: string;
}

/** The library renders texts as HTML: ours are translations, but escape them all the same. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function consentConfig(locale: string, texts: ConsentTexts, cookiesPolicyPath: string): CookieConsentConfig {
  const e = escapeHtml;
  const policyLink = `<a href="${e(cookiesPolicyPath)}">${e(texts.policyLink)}</a>`;
  return {
    mode: 'opt-in',
    revision: CONSENT_REVISION,
    autoShow: true,
    // The library hides itself from headless browsers by default; every visitor must be asked.
    hideFromBots: false,
    disablePageInteraction: false,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: CONSENT_DAYS, sameSite: 'Lax' },
    guiOptions: {
      // A bar at the bottom; accept, reject and customise with equal weight (AEPD guidance).
      consentModal: { layout: 'bar inline', position: 'bottom', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: { autoClear: { cookies: [{ name: /^_ga(_|$)/ }, { name: '_gid' }, { name: /^_gat/ }] } },
      marketing: {},
    },
    language: {
      default: locale,
      translations: {
        [locale]: {
          consentModal: {
            label: texts.bannerLabel,
            title: e(texts.title),
            description: `${e(texts.description)} ${policyLink}`,
            acceptAllBtn: e(texts.acceptAll),
            acceptNecessaryBtn: e(texts.rejectAll),
            showPreferencesBtn: e(texts.customise),
            // No closeIconLabel: the first layer has no close button, only the three choices.
          },
          preferencesModal: {
            title: e(texts.preferencesTitle),
            acceptAllBtn: e(texts.acceptAll),
            acceptNecessaryBtn: e(texts.rejectAll),
            savePreferencesBtn: e(texts.save),
            closeIconLabel: texts.close,
            sections: [
              { description: e(texts.preferencesIntro) },
              {
                title: e(texts.necessaryTitle),
                description: e(texts.necessaryDescription),
                linkedCategory: 'necessary',
              },
              {
                title: e(texts.analyticsTitle),
                description: e(texts.analyticsDescription),
                linkedCategory: 'analytics',
              },
              {
                title: e(texts.marketingTitle),
                description: e(texts.marketingDescription),
                linkedCategory: 'marketing',
              },
              { title: e(texts.moreTitle), description: `${e(texts.moreDescription)} ${policyLink}.` },
            ],
          },
        },
      },
    },
  };
}
