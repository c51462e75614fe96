'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

import { applyConsent, configureAnalytics } from '@/lib/analytics';

import type { ConsentTexts } from './consent-config';
import {
  ASK_CONSENT_CLASS,
  consentCookie,
  EARLY_CHOICE_KEY,
  readConsent,
  type ConsentChoice,
  type EarlyChoice,
} from './consent-cookie';
import styles from './ConsentBanner.module.css';

const RESERVE_CLASS = 'cc-reserve-space';

// Whether this page has loaded the preferences (the library): only then is there one to reset.
let preferencesLoaded = false;

/**
 * While the bar is open, the page reserves its height at the bottom (scroll padding and body
 * padding), so keyboard focus moving through the page is never hidden behind it (WCAG 2.4.11).
 * The stylesheet reserves 30vh until the bar is measured. The observer measures it after the
 * browser's own layout (getBoundingClientRect here would lay out the whole page inside the
 * hydration task), and the height goes on the two elements that use it: a custom property on the
 * root would restyle every element of the page.
 */
function reserveSpaceFor(bar: HTMLElement | null): () => void {
  const root = document.documentElement;
  if (!bar) return () => {};
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const height = Math.ceil(entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height);
    root.style.scrollPaddingBottom = `calc(${height}px + 1rem)`;
    document.body.style.paddingBottom = `${height}px`;
  });
  root.classList.add(RESERVE_CLASS);
  observer.observe(bar);
  return () => {
    observer.disconnect();
    // The pre-paint script's class too: once the bar is put away, nothing is reserved any more.
    root.classList.remove(RESERVE_CLASS, ASK_CONSENT_CLASS);
    root.style.removeProperty('scroll-padding-bottom');
    document.body.style.removeProperty('padding-bottom');
  };
}

/**
 * 'arriving': the server's render and the first render in the browser, before the cookie is read:
 * the bar, shown only if the pre-paint script found no choice (ASK_CONSENT_SCRIPT in Consent.tsx).
 */
type View = 'arriving' | 'bar' | 'preferences' | 'reopen';

// The stored choice is read once, after hydration; later changes come from this component.
const noSubscription = () => () => {};
const viewOnArrival = (): View => (readConsent(document.cookie) ? 'reopen' : 'bar');
const viewOnServer = (): View => 'arriving';

/** The bar's button tapped before hydration, if any, taken once (ASK_CONSENT_SCRIPT keeps it). */
function takeEarlyChoice(): EarlyChoice | null {
  const store = window as unknown as Record<string, unknown>;
  const choice = store[EARLY_CHOICE_KEY];
  delete store[EARLY_CHOICE_KEY];
  return choice === 'accept' || choice === 'reject' || choice === 'customise' ? choice : null;
}

/**
 * The cookie choice. The first layer, a bar with Accept all / Reject all / Customise of equal
 * weight (AEPD guidance), is ours and weighs little; the per-purpose preferences come from
 * vanilla-cookieconsent, loaded only when a visitor asks for them (./cookieconsent.ts). Both
 * read and write the same cookie, so either sees a choice made in the other.
 */
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
  const arrival = useSyncExternalStore(noSubscription, viewOnArrival, viewOnServer);
  const [chosen, setView] = useState<View | null>(null);
  const view = chosen ?? arrival;
  const bar = useRef<HTMLDivElement | null>(null);
  const descriptionId = useId();

  // Before paint, so that a choice made on the server's bar (below) finds analytics configured.
  useLayoutEffect(() => {
    configureAnalytics({ measurementId, scriptUrl: gtagScriptUrl });
    const stored = readConsent(document.cookie);
    if (stored) applyConsent(stored);
  }, [measurementId, gtagScriptUrl]);

  // Switching language re-creates the preferences with the new texts; the stored choice stays.
  useEffect(
    () => () => {
      if (preferencesLoaded) void import('./cookieconsent').then(({ resetPreferences }) => resetPreferences());
    },
    [locale],
  );

  useEffect(() => {
    if (view !== 'bar') return;
    return reserveSpaceFor(bar.current);
  }, [view]);

  // The floating button sits over the bottom right corner: keep focused elements clear of it.
  useEffect(() => {
    document.documentElement.classList.toggle('cc-reopen-space', view === 'reopen');
    return () => document.documentElement.classList.remove('cc-reopen-space');
  }, [view]);

  // A visitor who answered the server's bar before the page's scripts ran gets that answer now,
  // before the bar could be drawn again.
  useLayoutEffect(() => {
    const early = takeEarlyChoice();
    if (early === 'accept') choose({ analytics: true, marketing: true });
    else if (early === 'reject') choose({ analytics: false, marketing: false });
    else if (early === 'customise') customise();
    // Once, on arrival: choose and customise only set state and read props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function choose(choice: ConsentChoice) {
    document.cookie = consentCookie(choice, locale, window.location.protocol === 'https:');
    applyConsent(choice);
    setView('reopen');
  }

  function customise() {
    setView('preferences');
    preferencesLoaded = true;
    import('./cookieconsent')
      .then(({ openPreferences }) =>
        openPreferences({
          locale,
          texts,
          cookiesPolicyPath,
          onChoice: (choice) => {
            applyConsent(choice);
            setView('reopen');
          },
          onClosed: (hasChoice) => setView(hasChoice ? 'reopen' : 'bar'),
        }),
      )
      // The preferences could not load (the connection dropped): the bar comes back, so the
      // visitor can still choose there or try again.
      .catch(() => setView('bar'));
  }

  if (view === 'reopen') {
    return (
      <button
        type="button"
        className={styles.reopen}
        aria-label={texts.reopen}
        title={texts.reopen}
        aria-haspopup="dialog"
        data-testid="cookie-settings"
        onClick={() => setView('bar')}
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
  if (view !== 'bar' && view !== 'arriving') return null;
  return (
    <>
      <div
        ref={bar}
        className={styles.bar}
        data-arriving={view === 'arriving' ? '' : undefined}
        role="dialog"
        aria-modal="false"
        aria-label={texts.bannerLabel}
        aria-describedby={descriptionId}
        data-testid="consent-bar"
      >
        <div className={styles.body}>
          <h2 className={styles.title}>{texts.title}</h2>
          <p id={descriptionId} className={styles.description}>
            {texts.description} <a href={cookiesPolicyPath}>{texts.policyLink}</a>
          </p>
        </div>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.button}
            data-choice="accept"
            onClick={() => choose({ analytics: true, marketing: true })}
          >
            {texts.acceptAll}
          </button>
          <button
            type="button"
            className={styles.button}
            data-choice="reject"
            onClick={() => choose({ analytics: false, marketing: false })}
          >
            {texts.rejectAll}
          </button>
          <button
            type="button"
            className={styles.button}
            aria-haspopup="dialog"
            data-choice="customise"
            onClick={customise}
          >
            {texts.customise}
          </button>
        </div>
      </div>
      {/* The end of the server's bar: the stylesheet draws the bar only once this has arrived. */}
      <span hidden data-consent-bar-end="" />
    </>
  );
}
