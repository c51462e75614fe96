import { describe, expect, it } from 'vitest';

import { foldForSearch, foldSqlPostgres, foldSqliteSteps } from './search-fold';

describe('foldForSearch', () => {
  it('drops accents, case, the Catalan middle dot and splits ligatures', () => {
    expect(foldForSearch('García López')).toBe('garcia lopez');
    expect(foldForSearch('NÚRIA Paral·lel')).toBe('nuria parallel');
    expect(foldForSearch('Øster Straße Œuvre')).toBe('oster strasse oeuvre');
    // A decomposed accent (as some keyboards send it) folds like the composed one.
    expect(foldForSearch('Lo\u0301pez')).toBe('lopez');
  });

  it('leaves letters it has no pair for as typed, lower-cased', () => {
    expect(foldForSearch('Дмитрий 600-123')).toBe('дмитрий 600-123');
  });
});

describe('the SQL folding', () => {
  it('keeps each SQLite step within the nesting its parser takes', () => {
    const steps = foldSqliteSteps('x', 'search_text');
    expect(steps.length).toBeGreaterThan(1);
    for (const step of steps) expect(step.match(/replace\(/g)!.length).toBeLessThanOrEqual(25);
  });

  it('hands PostgreSQL one translate() whose two lists line up', () => {
    const [, from, to] = /translate\(lower\(x\), '([^']*)', '([^']*)'\)/.exec(foldSqlPostgres('x'))!;
    expect([...from!].length).toBeGreaterThan([...to!].length);
    expect([...to!].every((letter) => /[a-z]/.test(letter))).toBe(true);
  });
});
