import { describe, expect, it } from 'vitest';

import { parseEuros } from './euro-parse';

describe('parseEuros', () => {
  it('reads euros with a comma or a point into whole cents, without float rounding', () => {
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('12.5')).toBe(1250);
    expect(parseEuros('0,29')).toBe(29);
    expect(parseEuros('15 €')).toBe(1500);
    expect(parseEuros('1.005')).toBe('invalid');
  });
  it('leaves an empty field empty and refuses what is not an amount', () => {
    expect(parseEuros('')).toBeNull();
    expect(parseEuros('-3')).toBe('invalid');
    expect(parseEuros('abc')).toBe('invalid');
  });
});
