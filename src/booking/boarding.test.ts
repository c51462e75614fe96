import { describe, expect, it } from 'vitest';

import { normalizeCode, offlineInstant } from './boarding';

describe('boarding codes', () => {
  it('reads typed and scanned codes the way they are stored', () => {
    expect(normalizeCode('  abcd-efgh 2345 ')).toBe('ABCDEFGH2345');
    expect(normalizeCode('https://example.com/embarcament/K7Q2M9XW')).toBe('K7Q2M9XW');
    expect(normalizeCode('')).toBe('');
  });
});

describe('offline check-in times', () => {
  const now = new Date('2031-07-15T10:00:00Z');
  it('keeps the moment the phone scanned, unless its clock cannot be right', () => {
    expect(offlineInstant('2031-07-15T09:55:00.000Z', now).toISOString()).toBe('2031-07-15T09:55:00.000Z');
    expect(offlineInstant('2031-07-15T10:30:00.000Z', now)).toEqual(now);
    expect(offlineInstant('2031-07-13T10:00:00.000Z', now)).toEqual(now);
    expect(offlineInstant('not a date', now)).toEqual(now);
    expect(offlineInstant(undefined, now)).toEqual(now);
  });
});
