import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { startsWithVowelSound, withArticle } from './catalan';
import { loadMessages } from './messages';
import { written } from './written';

describe('Catalan elision', () => {
  it.each([
    ['el', '1 de desembre', "l'1 de desembre"],
    ['el', '11 de maig', "l'11 de maig"],
    ['el', '3 de juliol', 'el 3 de juliol'],
    ['el', '10 de juliol', 'el 10 de juliol'],
    ['Del', '1 de novembre', "De l'1 de novembre"],
    ['del', '11 d’abril', "de l'11 d’abril"],
    ['al', '1 d’agost', "a l'1 d’agost"],
    ['pel', '11 d’octubre', "per l'11 d’octubre"],
    ['de', 'octubre', "d'octubre"],
    ['de', 'abril', "d'abril"],
    ['de', 'Horta', "d'Horta"],
    ['de', '11,00 €', "d'11,00 €"],
    ['de', '1,50 €', "d'1,50 €"],
    ['de', '1.000 €', 'de 1.000 €'],
    ['de', '100 €', 'de 100 €'],
    ['de', 'iogurt', 'de iogurt'],
    ['de', 'juliol', 'de juliol'],
    ['El', 'Èric', "L'Èric"],
  ])('%s + %s = %s', (word, phrase, expected) => {
    expect(withArticle(word, phrase)).toBe(expected);
  });

  it('knows the vowel sounds', () => {
    expect(startsWithVowelSound('1')).toBe(true);
    expect(startsWithVowelSound('11.000')).toBe(true);
    expect(startsWithVowelSound('8 de maig')).toBe(false);
    expect(startsWithVowelSound('úrsula')).toBe(true);
  });

  it('elides only before inserted values, in Catalan only, and keeps selectors as they are', () => {
    const messages = {
      a: 'El {date} · del {from} al {to} · {by, select, visitor {pel {date}} other {de {amount}}} · de octubre',
      b: '{count, plural, one {# plaça} other {# places}} de {count}',
    };
    const ca = written('ca', createTranslator({ locale: 'ca', messages }));
    expect(ca('a', { date: '1 de juny', from: '11 d’abril', to: '1 de maig', by: 'visitor', amount: '1 €' })).toBe(
      "L'1 de juny · de l'11 d’abril a l'1 de maig · per l'1 de juny · de octubre",
    );
    expect(ca('a', { date: '2 de juny', from: '3', to: '4', by: 'x', amount: '11 €' })).toBe(
      "El 2 de juny · del 3 al 4 · d'11 € · de octubre",
    );
    expect(ca('b', { count: 11 })).toBe('11 places de 11');
    const es = written('es', createTranslator({ locale: 'es', messages }));
    expect(es('a', { date: '1 de junio', from: '1', to: '1', by: 'x', amount: '1 €' })).toBe(
      'El 1 de junio · del 1 al 1 · de 1 € · de octubre',
    );
    expect(ca.raw('a')).toBe(messages.a);
  });

  it('writes the tour page season and the notices the way issue 43 asked', async () => {
    const messages = await loadMessages('ca');
    const day = (iso: string) =>
      new Intl.DateTimeFormat('ca-ES', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(iso));
    const timetable = written('ca', createTranslator({ locale: 'ca', messages, namespace: 'shop.timetable' }));
    expect(timetable('season', { from: day('2026-11-01'), to: day('2027-03-31') })).toBe(
      "De l'1 de novembre al 31 de març",
    );
    expect(timetable('oneDay', { date: day('2026-10-11') })).toBe("L'11 d’octubre");
    const notices = written('ca', createTranslator({ locale: 'ca', messages, namespace: 'notices' }));
    expect(notices('change.movedTitle', { date: day('2026-12-01'), time: '10:30' })).toContain("l'1 de desembre");
  });
});
