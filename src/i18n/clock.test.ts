import { describe, expect, it } from 'vitest';

import { madridClock } from './clock';
import { locales } from './locales';

describe('madridClock', () => {
  it('tells Madrid time on a 24-hour clock in every language, English included', () => {
    // 05:48 UTC in winter is 06:48 in Madrid; 21:05 UTC in summer is 23:05.
    for (const locale of locales) {
      expect(madridClock(locale).format(new Date('2031-01-15T05:48:00Z'))).toBe('06:48');
      expect(madridClock(locale).format(new Date('2031-07-15T21:05:00Z'))).toBe('23:05');
      expect(madridClock(locale).format(new Date('2031-07-14T22:00:00Z'))).toBe('00:00');
    }
  });
});
