import type { OperatorCurrency } from './operator';

/**
 * Google Analytics 4 under Consent Mode v2, basic mode: gtag.js is not even requested until the
 * visitor consents to analytics, and `trackEvent` does nothing without that consent. The consent
 * banner (src/components/consent) is the only caller of grant/deny; features call `trackEvent`.
 * Browser-only module (no React): safe to import from any client component.
 */

type GtagArgs = [string, ...unknown[]];

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: GtagArgs) => void;
    [disable: `ga-disable-${string}`]: boolean | undefined;
  }
}

export interface AnalyticsConfig {
  measurementId: string | null;
  scriptUrl: string;
}

/** The booking funnel events the shop reports (GA4 recommended e-commerce names). */
export type AnalyticsEvent =
  | { name: 'view_item'; params: { item_id: string; item_name?: string; value?: number; currency?: OperatorCurrency } }
  | {
      name: 'begin_checkout';
      params: { item_id: string; value: number; currency: OperatorCurrency; quantity?: number };
    }
  | {
      name: 'purchase';
      params: { transaction_id: string; value: number; currency: OperatorCurrency; item_id?: string };
    };

const state: { config: AnalyticsConfig | null; granted: boolean; marketing: boolean; loaded: boolean } = {
  config: null,
  granted: false,
  marketing: false,
  loaded: false,
};

function gtag(..._args: GtagArgs): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js only reads Arguments objects from the data layer, not arrays.
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

function consentSignals(analytics: boolean, marketing: boolean) {
  const v = (on: boolean) => (on ? 'granted' : 'denied');
  return {
    analytics_storage: v(analytics),
    ad_storage: v(marketing),
    ad_user_data: v(marketing),
    ad_personalization: v(marketing),
  };
}

export function configureAnalytics(config: AnalyticsConfig): void {
  state.config = config;
}

export function analyticsGranted(): boolean {
  return state.granted && !!state.config?.measurementId;
}

/** Called by the banner with the visitor's current choice, on load and on every change. */
export function applyConsent(choice: { analytics: boolean; marketing: boolean }): void {
  const id = state.config?.measurementId;
  state.marketing = choice.marketing;
  if (!id) {
    state.granted = false;
    return;
  }
  if (choice.analytics) {
    state.granted = true;
    window[`ga-disable-${id}`] = false;
    if (!state.loaded) load(id, state.config!.scriptUrl, choice.marketing);
    else gtag('consent', 'update', consentSignals(true, choice.marketing));
    return;
  }
  const wasGranted = state.granted;
  state.granted = false;
  if (state.loaded) {
    gtag('consent', 'update', consentSignals(false, false));
    // Stops the already-loaded library from sending anything more on this page.
    window[`ga-disable-${id}`] = true;
  }
  if (wasGranted || hasAnalyticsCookies()) clearAnalyticsCookies();
}

/** Query parameters that carry a booking reference or the signature that opens it. */
const PRIVATE_PARAMS = ['reserva', 'firma'];

/**
 * A URL as analytics may see it: without the booking reference and the signed link's `firma`
 * (the thank-you page's query, the booking page's path). The signature opens a customer's tickets
 * and the reference identifies a booking; neither belongs in a third party's reports.
 */
export function analyticsSafeUrl(href: string): string {
  if (!href) return '';
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return '';
  }
  for (const name of PRIVATE_PARAMS) url.searchParams.delete(name);
  url.pathname = url.pathname.replace(/(^|\/)reserva\/[^/]+/, '$1reserva/_');
  url.hash = '';
  return url.href;
}

/** Page fields for every hit, so gtag.js never falls back to the raw address bar or referrer. */
function safePageFields() {
  return {
    page_location: analyticsSafeUrl(window.location.href),
    page_referrer: analyticsSafeUrl(document.referrer),
    page_path: new URL(analyticsSafeUrl(window.location.href)).pathname,
  };
}

let watchingNavigation = false;

/** Client-side navigations change the address bar: keep gtag's page fields in step first. */
function watchNavigation(): void {
  if (watchingNavigation) return;
  watchingNavigation = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      gtag('set', safePageFields());
    };
  }
  window.addEventListener('popstate', () => gtag('set', safePageFields()));
}

function load(id: string, scriptUrl: string, marketing: boolean): void {
  state.loaded = true;
  window.gtag = gtag;
  gtag('consent', 'default', { ...consentSignals(false, false), wait_for_update: 0 });
  gtag('consent', 'update', consentSignals(true, marketing));
  gtag('js', new Date());
  gtag('set', safePageFields());
  gtag('config', id, { anonymize_ip: true, ...safePageFields() });
  watchNavigation();
  const script = document.createElement('script');
  script.async = true;
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('id', id);
  script.src = url.href;
  document.head.appendChild(script);
}

export function trackEvent<E extends AnalyticsEvent>(name: E['name'], params: E['params']): void {
  if (!analyticsGranted() || typeof window === 'undefined') return;
  gtag('event', name, params);
}

const ANALYTICS_COOKIE = /^_ga(_|$)|^_gid$|^_gat/;

function hasAnalyticsCookies(): boolean {
  return document.cookie.split(/;\s*/).some((pair) => ANALYTICS_COOKIE.test(pair.split('=')[0] ?? ''));
}

/** GA sets its cookies on the widest domain it can: expire them on every parent domain too. */
export function clearAnalyticsCookies(): void {
  const names = document.cookie
    .split(/;\s*/)
    .map((pair) => pair.split('=')[0] ?? '')
    .filter((name) => ANALYTICS_COOKIE.test(name));
  const parts = window.location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < parts.length - 1; i += 1) domains.push(`; domain=.${parts.slice(i).join('.')}`);
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; path=/${domain}; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
    }
  }
}
