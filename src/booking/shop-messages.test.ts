import { describe, expect, it } from 'vitest';

import en from '../i18n/messages/shop/en.json';
import { bookingErrorKeys } from './booking-schema';

/** Every key the booking schema or the shop API can answer with has a message to show. */
const apiErrorKeys = [
  'incompleteForm',
  'capacityExhausted',
  'bookingClosed',
  'departureUnavailable',
  'departureNotFound',
  'notBookableOnline',
  'bookingNotFound',
  'holdExpired',
  'alreadyExtended',
  'alreadyPaid',
  'invalidRequest',
  'invalidMonth',
  'invalidLocale',
  'tourNotFound',
] as const;

describe('shop messages', () => {
  it.each([...bookingErrorKeys, ...apiErrorKeys])('has a message for the error key "%s"', (key) => {
    expect((en.shop.errors as Record<string, string>)[key]).toBeTruthy();
  });

  it('uses the spec’s wording for capacity and the incomplete form', () => {
    expect(en.shop.errors.capacityExhausted).toBe('Capacity exhausted. Reduce the number of tickets.');
    expect(en.shop.form.capacityExhausted).toBe('Capacity exhausted');
    expect(en.shop.errors.incompleteForm).toBe('Sorry, not all fields are filled out correctly');
    expect(en.shop.errors.atLeastOneAdult).toBe('At least one adult or retiree');
    expect(en.shop.success.processed).toBe('Reservation successfully processed');
  });
});
