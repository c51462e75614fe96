import { describe, expect, it } from 'vitest';

import { mobileE164, phoneForDisplay } from './phone';

describe('mobile numbers', () => {
  it('reads a Spanish mobile typed without prefix as +34', () => {
    expect(mobileE164('633444555')).toBe('+34633444555');
    expect(mobileE164('633 44 45 55')).toBe('+34633444555');
    expect(mobileE164('+34 633-444-555')).toBe('+34633444555');
    expect(mobileE164('0034 633 444 555')).toBe('+34633444555');
    expect(mobileE164('722 123 456')).toBe('+34722123456');
  });

  it('keeps the country a visitor typed', () => {
    expect(mobileE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(mobileE164('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(mobileE164('+44 7911 123456')).toBe('+447911123456');
    expect(mobileE164('+49 151 23456789')).toBe('+4915123456789');
  });

  it('refuses what cannot receive an SMS: landlines, short or made-up numbers', () => {
    expect(mobileE164('933 000 000')).toBeNull(); // a Barcelona landline
    expect(mobileE164('+33 1 23 45 67 89')).toBeNull(); // a Paris landline
    expect(mobileE164('63344455')).toBeNull(); // one digit short
    expect(mobileE164('600')).toBeNull();
    expect(mobileE164('not a phone')).toBeNull();
    expect(mobileE164('')).toBeNull();
  });
});

describe('a stored number as the crew read it', () => {
  it('groups a valid number in its country’s way and keeps anything else as stored', () => {
    expect(phoneForDisplay('+34600111222')).toBe('+34 600 11 12 22');
    expect(phoneForDisplay('600 111 222')).toBe('+34 600 11 12 22');
    expect(phoneForDisplay('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(phoneForDisplay('call the hotel')).toBe('call the hotel');
    expect(phoneForDisplay('')).toBe('');
  });
});
