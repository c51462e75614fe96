// The consent library and its stylesheet, loaded only when a visitor opens the preferences (the
// per-purpose switches): the first layer, Accept all / Reject all / Customise, is our own bar
// (ConsentBanner.client.tsx), so a first visit does not download ~9 KB of library for it.
import 'vanilla-cookieconsent/dist/cookieconsent.css';

import * as CookieConsent from 'vanilla-cookieconsent';

import { consentConfig, type ConsentTexts } from './consent-config';
import type { ConsentChoice } from './consent-cookie';

let running = false;

/**
 * Shows the library's preferences dialog. The library reads and writes the same cookie as our
 * bar; onChoice gets the visitor's choice when they save it, onClosed whether a choice is stored
 * once the dialog is gone.
 */
export async function openPreferences(options: {
  locale: string;
  texts: ConsentTexts;
  cookiesPolicyPath: string;
  onChoice: (choice: ConsentChoice) => void;
  onClosed: (hasChoice: boolean) => void;
}): Promise<void> {
  // Built afresh each time: the bar may have stored another choice since the library last read
  // the cookie, and the dialog must show the one stored now.
  resetPreferences();
  running = true;
  const choice = () => ({
    analytics: CookieConsent.acceptedCategory('analytics'),
    marketing: CookieConsent.acceptedCategory('marketing'),
  });
  await CookieConsent.run({
    ...consentConfig(options.locale, options.texts, options.cookiesPolicyPath),
    // Our bar is the first layer; the library only ever shows its preferences.
    autoShow: false,
    onConsent: () => options.onChoice(choice()),
    onChange: () => options.onChoice(choice()),
    onModalHide: ({ modalName }) => {
      // The library hides the dialog before it records a choice made in it: look once it has.
      if (modalName === 'preferencesModal') setTimeout(() => options.onClosed(CookieConsent.validConsent()), 0);
    },
  });
  CookieConsent.showPreferences();
}

/** Forgets the library's instance (language changed, or a new opening); the stored choice stays. */
export function resetPreferences(): void {
  if (!running) return;
  running = false;
  CookieConsent.reset(false);
}
