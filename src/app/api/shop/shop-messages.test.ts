import { describe, expect, it } from 'vitest';

import { bookingErrorKeys } from '@/shop/booking-schema';
import { locales } from '@/i18n/locales';
import ca from '@/i18n/messages/shop/ca.json';
import en from '@/i18n/messages/shop/en.json';
import es from '@/i18n/messages/shop/es.json';
import fr from '@/i18n/messages/shop/fr.json';

import { shopApiErrorKeys } from './responses';

const messages = { ca, es, en, fr };

describe('shop messages', () => {
  const keys = [...new Set([...bookingErrorKeys, ...shopApiErrorKeys])];
  it.each(locales.flatMap((locale) => keys.map((key) => [locale, key] as const)))(
    '%s has a message for the error key "%s"',
    (locale, key) => {
      expect((messages[locale].shop.errors as Record<string, string>)[key]).toBeTruthy();
    },
  );

  it('uses the spec’s wording for capacity and the incomplete form', () => {
    expect(en.shop.errors.capacityExhausted).toBe('Capacity exhausted. Reduce the number of tickets.');
    expect(en.shop.form.capacityExhausted).toBe('Capacity exhausted');
    expect(en.shop.errors.incompleteForm).toBe('Sorry, not all fields are filled out correctly');
    expect(en.shop.errors.atLeastOneAdult).toBe('At least one adult or retiree');
    expect(en.shop.success.processed).toBe('Reservation successfully processed');
  });
});
