import { describe, expect, it } from 'vitest';

import { recentMonths } from './format';

describe('recentMonths (the partner page’s settlement links)', () => {
  it('counts back from this Madrid month, across the new year', () => {
    expect(recentMonths(new Date('2027-02-10T10:00:00Z'), 4)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(recentMonths(new Date('2026-11-29T10:00:00Z'))).toHaveLength(12);
    expect(recentMonths(new Date('2026-11-29T10:00:00Z')).at(-1)).toBe('2025-12');
  });

  it('is already next month at 00:30 in Madrid, while UTC is still on the last day', () => {
    expect(recentMonths(new Date('2026-11-30T23:30:00Z'), 1)).toEqual(['2026-12']);
    expect(recentMonths(new Date('2026-06-30T22:30:00Z'), 1)).toEqual(['2026-07']);
  });
});
