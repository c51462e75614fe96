import { describe, expect, it } from 'vitest';

import { assertCents, formatEuros, isCents } from './money';

// Intl separates with no-break spaces (U+00A0, U+202F); tests compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuros', () => {
  it('formats in each locale', () => {
    expect(plain(formatEuros(1250, 'ca'))).toBe('12,50 €');
    expect(plain(formatEuros(1250, 'es'))).toBe('12,50 €');
    expect(plain(formatEuros(1250, 'en'))).toBe('€12.50');
    expect(plain(formatEuros(1250, 'fr'))).toBe('12,50 €');
  });

  it('formats the audio guide price and zero', () => {
    expect(plain(formatEuros(300, 'en'))).toBe('€3.00');
    expect(plain(formatEuros(0, 'ca'))).toBe('0,00 €');
    expect(plain(formatEuros(5, 'en'))).toBe('€0.05');
  });

  it('groups thousands the local way', () => {
    expect(plain(formatEuros(123_450, 'ca'))).toBe('1.234,50 €');
    expect(plain(formatEuros(123_450, 'en'))).toBe('€1,234.50');
    expect(plain(formatEuros(123_450, 'fr'))).toBe('1 234,50 €');
    expect(plain(formatEuros(1_234_500, 'es'))).toBe('12.345,00 €');
  });

  it('stays exact at the largest safe amount', () => {
    expect(plain(formatEuros(Number.MAX_SAFE_INTEGER, 'en'))).toBe('€90,071,992,547,409.91');
  });

  it('refuses amounts that are not whole, non-negative, safe cents', () => {
    expect(() => formatEuros(-1, 'en')).toThrow(RangeError);
    expect(() => formatEuros(12.5, 'en')).toThrow(RangeError);
    expect(() => formatEuros(Number.NaN, 'en')).toThrow(RangeError);
    expect(() => formatEuros(Number.POSITIVE_INFINITY, 'en')).toThrow(RangeError);
    expect(() => formatEuros(Number.MAX_SAFE_INTEGER + 1, 'en')).toThrow(RangeError);
  });
});

describe('isCents / assertCents', () => {
  it('accepts only safe non-negative integers', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(300)).toBe(true);
    expect(isCents(-0.5)).toBe(false);
    expect(isCents('300')).toBe(false);
    expect(() => assertCents(1.1, 'adult price')).toThrow(/adult price/);
  });
});
