import { useEffect, useState } from 'react';

import type { Locale } from '@/i18n/locales';

import { lateErrors } from './late-texts';
import type { ShopMessages } from './types';

type Loaded = { default: { shop: { invoice: Record<string, string>; errors: Record<string, string> } } };

// One chunk per language, fetched when the form opens: the tour page's HTML (which carries the
// rest of the form's texts) stays within the first round trip (tests/e2e/js-budget.spec.ts).
const load: Record<Locale, () => Promise<Loaded>> = {
  ca: () => import('@/i18n/messages/shop/ca.json') as Promise<Loaded>,
  es: () => import('@/i18n/messages/shop/es.json') as Promise<Loaded>,
  en: () => import('@/i18n/messages/shop/en.json') as Promise<Loaded>,
  fr: () => import('@/i18n/messages/shop/fr.json') as Promise<Loaded>,
};

/**
 * The form's messages with the "I need an invoice" texts and the late errors (late-texts.ts) added
 * once they have arrived; until then the form shows everything else (the checkbox waits).
 */
export function useInvoiceTexts(locale: Locale, messages: ShopMessages): ShopMessages {
  const [loaded, setLoaded] = useState<Loaded['default']['shop'] | null>(null);
  useEffect(() => {
    let live = true;
    void load[locale]().then((module) => {
      if (live) setLoaded(module.default.shop);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  if (!loaded) return messages;
  return {
    ...messages,
    invoice: loaded.invoice,
    errors: { ...messages.errors, ...lateErrors(loaded.errors) },
  };
}
