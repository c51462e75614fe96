import { describe, expect, it } from 'vitest';

import { aeatDate, amountToCents, centsToAmount, madridTimestamp, timestampInstant } from './amounts';

describe('centsToAmount', () => {
  it.each([
    [1235, '12.35'],
    [-300, '-3.00'],
    [0, '0.00'],
    [-0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [12345, '123.45'],
    [100, '1.00'],
    [999_999_999_999, '9999999999.99'],
  ])('%d cents → %s', (cents, text) => {
    expect(centsToAmount(cents)).toBe(text);
  });

  it('refuses fractions of a cent and non-numbers', () => {
    expect(() => centsToAmount(1.5)).toThrow(RangeError);
    expect(() => centsToAmount(Number.NaN)).toThrow(RangeError);
    expect(() => centsToAmount(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('amountToCents', () => {
  it.each([
    ['12.35', 1235],
    ['-3.00', -300],
    ['0.00', 0],
    ['-0.00', 0],
    ['241.4', 24140],
    ['7', 700],
    ['-0.05', -5],
  ])('%s → %d cents', (text, cents) => {
    expect(amountToCents(text)).toBe(cents);
  });

  it.each(['12,35', '1.234', '1e3', '', ' 1.00', '+1.00', '.50', '1.'])('refuses %j', (text) => {
    expect(() => amountToCents(text)).toThrow(RangeError);
  });

  it('round-trips every amount from -100.00 to 100.00', () => {
    for (let cents = -10_000; cents <= 10_000; cents++) {
      expect(amountToCents(centsToAmount(cents))).toBe(cents);
    }
  });
});

describe('madridTimestamp', () => {
  it('writes winter time with +01:00', () => {
    expect(madridTimestamp(new Date('2027-01-01T18:20:30Z'))).toBe('2027-01-01T19:20:30+01:00');
  });

  it('writes summer time with +02:00', () => {
    expect(madridTimestamp(new Date('2027-07-15T10:00:00Z'))).toBe('2027-07-15T12:00:00+02:00');
  });

  it('reproduces the AEAT hash example timestamp', () => {
    expect(madridTimestamp(new Date('2024-01-01T18:20:30Z'))).toBe('2024-01-01T19:20:30+01:00');
  });

  it('jumps from 01:59:59+01:00 to 03:00:00+02:00 on 28 March 2027', () => {
    expect(madridTimestamp(new Date('2027-03-28T00:59:59Z'))).toBe('2027-03-28T01:59:59+01:00');
    expect(madridTimestamp(new Date('2027-03-28T01:00:00Z'))).toBe('2027-03-28T03:00:00+02:00');
  });

  it('tells the twice-lived hour of 31 October 2027 apart by its offset', () => {
    expect(madridTimestamp(new Date('2027-10-31T00:30:00Z'))).toBe('2027-10-31T02:30:00+02:00');
    expect(madridTimestamp(new Date('2027-10-31T01:30:00Z'))).toBe('2027-10-31T02:30:00+01:00');
  });

  it('drops milliseconds, which the XSD pattern has no room for', () => {
    expect(madridTimestamp(new Date('2027-01-01T18:20:30.999Z'))).toBe('2027-01-01T19:20:30+01:00');
  });

  it('names the same instant it was given', () => {
    for (const iso of [
      '2027-03-28T01:00:00Z',
      '2027-10-31T00:30:00Z',
      '2027-10-31T01:30:00Z',
      '2027-12-31T23:59:59Z',
    ]) {
      expect(timestampInstant(madridTimestamp(new Date(iso)))).toBe(Date.parse(iso));
    }
  });

  it('refuses an invalid Date', () => {
    expect(() => madridTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('aeatDate', () => {
  it('is the Madrid calendar date, dd-mm-yyyy', () => {
    expect(aeatDate(new Date('2027-01-01T12:00:00Z'))).toBe('01-01-2027');
  });

  it('has already turned the year in Madrid at 23:30 UTC on New Year’s Eve', () => {
    expect(aeatDate(new Date('2027-12-31T23:30:00Z'))).toBe('01-01-2028');
  });

  it('has already turned the day at 22:30 UTC in summer', () => {
    expect(aeatDate(new Date('2027-07-15T22:30:00Z'))).toBe('16-07-2027');
  });
});

describe('timestampInstant', () => {
  it('is NaN for a timestamp without offset or in UTC', () => {
    expect(timestampInstant('2027-01-01T19:20:30')).toBeNaN();
    expect(timestampInstant('2027-01-01T19:20:30Z')).toBeNaN();
  });
});
