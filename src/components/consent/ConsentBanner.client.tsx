'use client';

import { useEffect, useRef, useState } from 'react';

import { applyConsent, configureAnalytics } from '@/lib/analytics';

import { consentConfig, type ConsentTexts } from './consent-config';
import styles from './ConsentBanner.module.css';

type CookieConsentApi = (typeof import('./cookieconsent'))['CookieConsent'];

const RESERVE_CLASS = 'cc-reserve-space';

/**
 * While the bar is open, the page reserves its height at the bottom (scroll padding and body
 * padding), so keyboard focus moving through the page is never hidden behind it (WCAG 2.4.11).
 */
function reserveSpaceFor(bar: HTMLElement | null): () => void {
  const root = document.documentElement;
  if (!bar) return () => {};
  const apply = () => root.style.setProperty('--cc-bar-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  apply();
  root.classList.add(RESERVE_CLASS);
  const observer = new ResizeObserver(apply);
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.classList.remove(RESERVE_CLASS);
    root.style.removeProperty('--cc-bar-height');
  };
}

export function ConsentBanner({
  locale,
  texts,
  cookiesPolicyPath,
  measurementId,
  gtagScriptUrl,
}: {
  locale: string;
  texts: ConsentTexts;
  cookiesPolicyPath: string;
  measurementId: string | null;
  gtagScriptUrl: string;
}) {
  const api = useRef<CookieConsentApi | null>(null);
  const [reopenVisible, setReopenVisible] = useState(false);

  // A string key: a re-rendered layout passes equal texts in a new object, which must not
  // tear the banner down and build it again.
  const textsKey = JSON.stringify(texts);

  useEffect(() => {
    const currentTexts = JSON.parse(textsKey) as ConsentTexts;
    configureAnalytics({ measurementId, scriptUrl: gtagScriptUrl });
    let cancelled = false;
    let release = () => {};
    // Loaded after hydration, in its own chunk: nothing on the page waits for it.
    void import('./cookieconsent').then(async ({ CookieConsent: cc }) => {
      if (cancelled) return;
      api.current = cc;
      const consentShown = () => document.documentElement.classList.contains('show--consent');
      const sync = () => {
        applyConsent({ analytics: cc.acceptedCategory('analytics'), marketing: cc.acceptedCategory('marketing') });
        setReopenVisible(!consentShown());
      };
      await cc.run({
        ...consentConfig(locale, currentTexts, cookiesPolicyPath),
        onConsent: sync,
        onChange: sync,
        onModalShow: ({ modalName }) => {
          if (modalName !== 'consentModal') return;
          setReopenVisible(false);
          release();
          release = reserveSpaceFor(document.querySelector<HTMLElement>('#cc-main .cm'));
        },
        onModalHide: ({ modalName }) => {
          if (modalName === 'consentModal') release();
          // The library hides the modal before it records the choice: look once it has.
          setTimeout(() => setReopenVisible(cc.validConsent() && !consentShown()), 0);
        },
      });
      if (!cancelled) setReopenVisible(cc.validConsent() && !consentShown());
    });
    return () => {
      cancelled = true;
      release();
      // Switching language re-creates the banner with the new texts; the stored choice stays.
      api.current?.reset(false);
      api.current = null;
    };
  }, [locale, textsKey, cookiesPolicyPath, measurementId, gtagScriptUrl]);

  // The floating button sits over the bottom right corner: keep focused elements clear of it.
  useEffect(() => {
    document.documentElement.classList.toggle('cc-reopen-space', reopenVisible);
    return () => document.documentElement.classList.remove('cc-reopen-space');
  }, [reopenVisible]);

  if (!reopenVisible) return null;
  return (
    <button
      type="button"
      className={styles.reopen}
      aria-label={texts.reopen}
      title={texts.reopen}
      aria-haspopup="dialog"
      data-testid="cookie-settings"
      onClick={() => api.current?.show(true)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 10 10 1 1 0 0 0-1.2-1 3 3 0 0 1-3.5-3.3 1 1 0 0 0-1-1.1 3 3 0 0 1-3-3.4A1 1 0 0 0 12 2Zm-4 7.5A1.5 1.5 0 1 1 8 12.5a1.5 1.5 0 0 1 0-3Zm5 6A1.5 1.5 0 1 1 13 18.5a1.5 1.5 0 0 1 0-3Zm-5.5 1a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm8.5-4a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
        />
      </svg>
    </button>
  );
}
