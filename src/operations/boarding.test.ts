import { describe, expect, it } from 'vitest';

import { normalizeCode, offlineInstant } from './boarding-decision';

describe('boarding codes', () => {
  it('reads typed and scanned codes the way they are stored', () => {
    expect(normalizeCode('  abcd-efgh 2345 ')).toBe('ABCDEFGH2345');
    expect(normalizeCode('https://example.com/embarcament/K7Q2M9XW')).toBe('K7Q2M9XW');
    expect(normalizeCode('')).toBe('');
  });
});

describe('offline check-in times', () => {
  const now = new Date('2031-07-15T10:00:00Z');
  const opens = new Date('2031-07-15T09:00:00Z');
  it('keeps the moment the phone scanned, unless its clock cannot be right', () => {
    expect(offlineInstant('2031-07-15T09:55:00.000Z', now, opens)).toEqual({
      at: new Date('2031-07-15T09:55:00.000Z'),
      adjusted: null,
    });
    // Within the clock skew a phone a minute ahead is believed, but never after the server saw it.
    expect(offlineInstant('2031-07-15T10:01:00.000Z', now, opens)).toEqual({ at: now, adjusted: null });
    expect(offlineInstant('2031-07-15T10:30:00.000Z', now, opens)).toEqual({ at: now, adjusted: 'future' });
    expect(offlineInstant('2031-07-15T08:59:00.000Z', now, opens)).toEqual({ at: now, adjusted: 'beforeBoarding' });
    expect(offlineInstant('2031-07-13T10:00:00.000Z', now, opens)).toEqual({ at: now, adjusted: 'tooOld' });
    expect(offlineInstant('2031-07-13T10:00:00.000Z', now)).toEqual({ at: now, adjusted: 'tooOld' });
    expect(offlineInstant('not a date', now, opens)).toEqual({ at: now, adjusted: 'invalid' });
    expect(offlineInstant(undefined, now, opens)).toEqual({ at: now, adjusted: 'missing' });
  });
});
