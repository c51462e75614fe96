import { describe, expect, it } from 'vitest';

import { matchAcceptLanguage } from './locales';

describe('matchAcceptLanguage', () => {
  it('takes the highest-ranked supported language', () => {
    expect(matchAcceptLanguage('de-DE,de;q=0.9,fr;q=0.8,en;q=0.7')).toBe('fr');
    expect(matchAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(matchAcceptLanguage('es;q=0.5, en;q=0.9')).toBe('en');
  });
  it('returns nothing when no language is supported or the header is absent', () => {
    expect(matchAcceptLanguage('de,it;q=0.5')).toBeUndefined();
    expect(matchAcceptLanguage('')).toBeUndefined();
    expect(matchAcceptLanguage(undefined)).toBeUndefined();
  });
  it('ignores languages ranked q=0', () => {
    expect(matchAcceptLanguage('en;q=0, fr;q=0.1')).toBe('fr');
  });
});
