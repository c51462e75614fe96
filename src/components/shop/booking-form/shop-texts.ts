import type { Locale } from '@/i18n/locales';

import type { ShopMessages } from './types';

type Loaded = { default: { shop: ShopMessages } };

// One chunk per language, fetched with the form's code when the visitor reaches for "Book" (the
// launcher warms both), never in the tour page's HTML: that must stay within the first round trip
// of a new connection (tests/e2e/js-budget.spec.ts), and the timetable's closed days alone move it
// by tens of bytes from one day to the next.
const load: Record<Locale, () => Promise<Loaded>> = {
  ca: () => import('@/i18n/messages/shop/ca.json') as Promise<Loaded>,
  es: () => import('@/i18n/messages/shop/es.json') as Promise<Loaded>,
  en: () => import('@/i18n/messages/shop/en.json') as Promise<Loaded>,
  fr: () => import('@/i18n/messages/shop/fr.json') as Promise<Loaded>,
};

const loading = new Map<Locale, Promise<ShopMessages>>();
const failedDownloads = new WeakSet<Promise<ShopMessages>>();

/**
 * The booking form's texts in `locale`, one promise per language for the page's life (React's
 * `use` needs the same promise on every render, and a failed one must stay failed there, or each
 * render would start a new download and wait on it for ever instead of showing the failure).
 * `retryFailed` is the visitor reaching for "Book" again: a failed download is fetched anew.
 */
export function shopTexts(locale: Locale, { retryFailed = false } = {}): Promise<ShopMessages> {
  const known = loading.get(locale);
  if (known && !(retryFailed && failedDownloads.has(known))) return known;
  const download = load[locale]().then(({ default: { shop } }) => ({
    errors: shop.errors,
    form: shop.form,
    review: shop.review,
    invoice: shop.invoice,
  }));
  download.catch(() => failedDownloads.add(download));
  loading.set(locale, download);
  return download;
}
