import { describe, expect, it } from 'vitest';

import { fillWritten } from './written';

describe('values put into a written text (docs/decisions/172)', () => {
  it('French: "de" elides before a value that starts with a vowel, not before a consonant or an h', () => {
    expect(
      fillWritten('fr', 'Relevé de {partner}, {month}', { partner: 'Aquàrium de Barcelona', month: 'avril 2026' }),
    ).toBe('Relevé d’Aquàrium de Barcelona, avril 2026');
    expect(fillWritten('fr', 'Entrées de {partner}', { partner: 'Museu de la Màgia' })).toBe(
      'Entrées de Museu de la Màgia',
    );
    expect(fillWritten('fr', 'De {partner}', { partner: 'Il Mercante di Venezia' })).toBe('D’Il Mercante di Venezia');
    expect(fillWritten('fr', 'de {place}', { place: 'Hambourg' })).toBe('de Hambourg');
    // A "de" inside a word, or "de" not right before the value, is left alone.
    expect(fillWritten('fr', 'Monde {x}', { x: 'entier' })).toBe('Monde entier');
  });

  it('Catalan still elides; Spanish and English never do', () => {
    expect(fillWritten('ca', 'Liquidació de {month}', { month: 'abril del 2026' })).toBe("Liquidació d'abril del 2026");
    expect(fillWritten('es', 'Liquidación de {month}', { month: 'abril de 2026' })).toBe(
      'Liquidación de abril de 2026',
    );
    expect(fillWritten('en', 'Admissions of {partner}', { partner: 'Aquàrium' })).toBe('Admissions of Aquàrium');
  });
});
