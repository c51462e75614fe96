import { describe, expect, it } from 'vitest';

import { locales } from '@/i18n/locales';
import { opsMessages } from '@/i18n/ops-messages';
import { plural } from '@/lib/icu-lite';

import { errorText, refundText } from './staff-actions';

/** Every error code the booking actions' endpoints answer (src/app/api/ops/bookings/[reference]/*). */
const CODES = [
  'notFound',
  'invalidRequest',
  'nothingToChange',
  'notMovable',
  'departureNotFound',
  'alreadyThere',
  'changed',
  'notSoldOnline',
  'full',
  'notCancellable',
  'invalidRefund',
  'notDisrupted',
  'notAnAlternative',
  'stillHeld',
  'network',
  'forbidden',
  'signInRequired',
];

describe('booking actions: messages for the API answers', () => {
  it.each(locales)('gives each error code its own message in %s', (locale) => {
    const t = opsMessages(locale);
    const unknown = errorText('somethingNew', t);
    expect(unknown).toContain('somethingNew');
    const texts = CODES.map((code) => errorText(code, t));
    for (const text of texts) {
      expect(text).not.toBe(unknown);
      expect(text.trim()).not.toBe('');
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('says how much went back, or why not, with the bank code', () => {
    const t = opsMessages('en');
    expect(refundText({ id: 1, status: 'succeeded', amountCents: 4600 }, t, 'en')).toEqual({
      kind: 'ok',
      text: '€46.00 refunded.',
    });
    const failed = refundText(
      { id: 2, status: 'failed', amountCents: 1250, error: 'failed', gatewayCode: 'SIS0057' },
      t,
      'en',
    );
    expect(failed.kind).toBe('error');
    expect(failed.text).toContain('€12.50');
    expect(failed.text).toContain('SIS0057');
    expect(refundText({ id: null, status: 'notRefunded', amountCents: 0, error: 'exceedsPaid' }, t, 'en').text).toBe(
      t.bookingActions.refundTooMuch,
    );
    const ca = refundText({ id: 3, status: 'succeeded', amountCents: 4600 }, opsMessages('ca'), 'ca');
    expect(ca.text).toContain('46,00');
  });
});

describe('booking actions: the move list heading', () => {
  it.each(locales)('counts the people to seat in %s', (locale) => {
    const heading = plural(opsMessages(locale).bookingActions.moveDepartures, 2, locale);
    expect(heading).toContain('2');
    expect(heading).not.toContain('{');
  });
});
