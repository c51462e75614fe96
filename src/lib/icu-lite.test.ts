import { describe, expect, it } from 'vitest';

import { fill, plural } from './icu-lite';

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
});
