import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { locales, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';

/**
 * The words a notice inserts (why a departure was cancelled, who changed a booking, which fields)
 * are chosen inside each message with ICU `select`, so every language writes its own grammar
 * around them: Catalan contracts "per el" to "pel", French "de le" to "du". A sentence built by
 * pasting a translated noun into a translated frame cannot do that (issue 28).
 */

async function translator(locale: Locale) {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace: 'notices' });
}

const base = {
  name: 'Anna',
  tour: 'Port Olímpic',
  date: '3 de juliol',
  time: '11:00',
  reference: 'GOL-ABC123',
  amount: '45,00 €',
  brand: 'Golondrinas',
  url: 'https://example.test/r',
  // A combined tour's parts given back or kept (decision 181): none here.
  parts: '',
};

const reasons = ['wind', 'seaState', 'technical', 'timetable', 'closedDay', 'other', 'somethingNew'] as const;

// What each language must say for strong wind, in the e-mail and in the SMS.
const windCause: Record<Locale, string> = {
  ca: "s'ha cancel·lat pel vent fort",
  es: 'se ha cancelado por el viento fuerte',
  en: 'has been cancelled because of strong wind',
  fr: 'est annulé à cause du vent fort',
};
// Contractions a pasted noun phrase produces; none is grammatical.
const forbidden: Record<Locale, RegExp> = {
  ca: /\bper el\b|\bde el\b|\ba el\b/,
  es: /\bde el\b|\ba el\b/,
  en: /because of the strong wind|\(\s*strong wind\s*\)/,
  fr: /\bde le\b|\bà le\b|\bde les\b|\bà les\b/,
};

describe('notice grammar in the four languages', () => {
  it.each(locales)('%s: the cancellation reason reads as a sentence, for every reason', async (locale) => {
    const t = await translator(locale);
    expect(t('disruptionEmail', { ...base, reason: 'wind' })).toContain(windCause[locale]);
    for (const reason of reasons) {
      for (const key of ['disruptionEmail', 'disruptionSms', 'change.cancelled'] as const) {
        const text = t(key, { ...base, reason });
        expect(text, `${locale} ${key} ${reason}`).not.toMatch(forbidden[locale]);
        expect(text, `${locale} ${key} ${reason}`).not.toMatch(/[{}]|notices\./);
      }
    }
  });

  it('uses the contracted forms Catalan and French need', async () => {
    const ca = await translator('ca');
    const fr = await translator('fr');
    expect(ca('disruptionSms', { ...base, reason: 'wind' })).toContain("s'ha cancel·lat pel vent fort.");
    expect(ca('change.cancelled', { ...base, reason: 'seaState' })).toContain("per l'estat de la mar");
    expect(fr('disruptionSms', { ...base, reason: 'wind' })).toContain('est annulé à cause du vent fort.');
    expect(fr('change.cancelled', { ...base, reason: 'technical' })).toContain("à cause d'un problème technique");
  });

  it.each(locales)(
    '%s: who made a change is told apart, and an office change never reads as the visitor’s',
    async (locale) => {
      const t = await translator(locale);
      const values = {
        ...base,
        fromTour: 'Port Olímpic',
        fromDate: '2 de juliol',
        fromTime: '10:00',
        diff: '5,00 €',
        until: '20 de juliol',
        fields: 'x',
        attached: 'yes',
      };
      for (const key of [
        'booking.cancelledEmail',
        'booking.movedIntro',
        'booking.correctedEmail',
        'booking.refundedEmail',
      ] as const) {
        const visitor = t(key, { ...values, by: 'visitor', method: 'card', state: 'cancelled', difference: 'same' });
        const office = t(key, { ...values, by: 'office', method: 'card', state: 'cancelled', difference: 'same' });
        expect(visitor, `${locale} ${key}`).not.toEqual(office);
        expect(visitor + office, `${locale} ${key}`).not.toMatch(/[{}]/);
        expect(visitor + office, `${locale} ${key}`).not.toMatch(forbidden[locale]);
      }
    },
  );

  it.each(locales)(
    '%s: a move says what it cost or returned, and nothing when the price is the same',
    async (locale) => {
      const t = await translator(locale);
      const values = {
        ...base,
        by: 'office',
        fromTour: 'A',
        fromDate: 'd',
        fromTime: '10:00',
        diff: '5,00 €',
        attached: 'yes',
      };
      expect(t('booking.movedIntro', { ...values, difference: 'more' })).toContain('5,00 €');
      expect(t('booking.movedIntro', { ...values, difference: 'less' })).toContain('5,00 €');
      expect(t('booking.movedIntro', { ...values, difference: 'same' })).not.toContain('5,00 €');
    },
  );

  it.each(locales)('%s: a refund by card says when it reaches the card; otherwise how it goes back', async (locale) => {
    const t = await translator(locale);
    const values = { ...base, by: 'office', until: '20 de juliol', state: 'paid' };
    expect(t('booking.refundedEmail', { ...values, method: 'card' })).toContain('20 de juliol');
    expect(t('booking.refundedEmail', { ...values, method: 'cash' })).not.toContain('20 de juliol');
  });

  it.each(locales)('%s: corrected fields are named with their article', async (locale) => {
    const t = await translator(locale);
    const named = ['name', 'email', 'mobilePhone', 'unknown'].map((field) => t('booking.field', { field }));
    expect(new Set(named).size).toBe(4);
    for (const phrase of named) expect(phrase).not.toMatch(/[{}]/);
  });
});
