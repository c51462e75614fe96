import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { locales } from '@/i18n/locales';
import { written } from '@/i18n/written';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';

import { staffTranslator } from './staff-text';

const catalogues = { ca, es, en, fr };

/** Every message of a namespace, by dotted key. */
function keys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix.slice(0, -1)];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => keys(value, `${prefix}${key}.`));
}

// Counts that pick each plural form in each language (a boat's people and a day's queue stay under a
// thousand: next-intl would group larger ones, 1.000.000), and values for every placeholder.
const values = (count: number) => ({
  count,
  boarded: 3,
  sold: 12,
  reference: 'GOL-ABC123',
  code: 'ABCDEF',
  result: 'Embarcat',
  time: '10:15',
  by: 'Crew 1',
  date: 'dg., 29 de nov.',
  tour: 'Port i litoral',
  partner: 'Museu',
  from: 'dg., 29 de nov.',
  until: 'dl., 30 de nov.',
  name: 'Núria',
});

describe('the staff app’s words without an ICU runtime', () => {
  for (const locale of locales) {
    for (const namespace of ['boarding', 'door', 'staffApp'] as const) {
      it(`says every ${namespace} message in ${locale} as next-intl does`, () => {
        const messages = catalogues[locale];
        const ours = staffTranslator(locale, messages[namespace]);
        const theirs = written(locale, createTranslator({ locale, messages, namespace }));
        for (const key of keys(messages[namespace])) {
          for (const count of [0, 1, 2, 21, 150]) {
            const expected = (theirs as unknown as (k: string, v: object) => string)(key, values(count));
            expect((ours as (k: string, v: object) => string)(key, values(count)), `${locale} ${key} ${count}`).toBe(
              expected,
            );
          }
        }
      });
    }
  }

  it('elides a Catalan "de" before a value that starts with a vowel, as every written text does', () => {
    const t = staffTranslator('ca', ca.door) as (key: string, values: object) => string;
    expect(t('partnerLine', { partner: 'Aquàrium de Barcelona' })).toBe("Entrades d'Aquàrium de Barcelona");
    expect(t('partnerLine', { partner: 'Museu de la Màgia' })).toBe('Entrades de Museu de la Màgia');
  });

  it('says a missing key as itself rather than nothing', () => {
    const t = staffTranslator('ca', ca.boarding) as (key: string) => string;
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
