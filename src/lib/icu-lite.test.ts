import { describe, expect, it } from 'vitest';

import { locales } from '@/i18n/locales';

import { fill, plural, pluralCategory } from './icu-lite';

describe('icu-lite', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(fill('Reserva {tour} a les {time}', { tour: 'Port', time: '11:30' })).toBe('Reserva Port a les 11:30');
    expect(fill('{missing}', {})).toBe('{missing}');
  });

  it('picks the plural branch by the language rules', () => {
    const fr = '{count, plural, one {# place restante} other {# places restantes}}';
    expect(plural(fr, 0, 'fr')).toBe('0 place restante');
    expect(plural(fr, 1, 'fr')).toBe('1 place restante');
    expect(plural(fr, 2, 'fr')).toBe('2 places restantes');
    const en = '{count, plural, one {# seat left} other {# seats left}}';
    expect(plural(en, 0, 'en')).toBe('0 seats left');
    expect(plural(en, 1, 'en')).toBe('1 seat left');
    expect(plural('{count, plural, =0 {none} other {#}}', 0, 'ca')).toBe('none');
  });

  it('knows each language’s plural category of a whole number as Intl does, without asking it', () => {
    const counts = [
      ...Array.from({ length: 2_000_001 }, (_, i) => i).filter((i) => i < 10_000 || i % 997 === 0),
      ...Array.from({ length: 50 }, (_, i) => (i + 1) * 1_000_000),
      -1,
      -2,
      -1_000_000,
    ];
    for (const locale of locales) {
      const rules = new Intl.PluralRules(locale);
      const differ = counts.filter((count) => pluralCategory(count, locale) !== rules.select(count));
      expect(differ, locale).toEqual([]);
    }
    expect(pluralCategory(1.5, 'en')).toBe('other');
    expect(pluralCategory(1_000_000, 'es')).toBe('many');
  });
});
