import { describe, expect, it } from 'vitest';

import { parseRecipient } from './full-invoice';
import { recipientProblems } from './recipient-check';

/**
 * The booking page's form checks in the browser what the server checks when it issues the F3:
 * if the two disagreed, a visitor would see an error the server would not give, or none where
 * the server refuses.
 */
const cases: Record<string, unknown>[] = [
  { name: 'Ana Puig', taxId: '12345678Z', address: 'Carrer Major 3, Girona' },
  { name: 'Ana Puig', taxId: '12345678-z', address: 'Carrer Major 3, Girona' },
  { name: 'Ana Puig', taxId: '12345678A', address: 'x' },
  { name: 'Escola del Mar SL', taxId: 'B12345674', address: 'Carrer del Port 1' },
  { name: 'Escola del Mar SL', taxId: 'B12345675', address: 'Carrer del Port 1' },
  { name: 'Société', taxId: 'FR40303265045', address: 'Paris' },
  { name: 'Société', taxId: 'FR4030326504', address: 'Paris' },
  { name: 'Firma', taxId: 'NL 004.495.445.B01', address: 'Amsterdam' },
  { name: 'X', taxId: 'X1234567L', address: 'Y' },
  { name: 'X', taxId: 'hello', address: 'Y' },
  { name: '', taxId: '', address: '' },
  { name: '   ', taxId: ' \t', address: '\n' },
  { name: 'a'.repeat(120), taxId: '12345678Z', address: 'b'.repeat(200) },
  { name: 'a'.repeat(121), taxId: '1'.repeat(21), address: 'b'.repeat(201) },
  { name: `a${' '.repeat(300)}b`, taxId: '12345678Z', address: 'c\n\n\nd' },
  { name: 42, taxId: null, address: ['x'] },
  {},
];

describe('the browser check of a full invoice’s details', () => {
  it.each(cases)('gives the server’s answer for %j', (input) => {
    const server = parseRecipient(input);
    expect(recipientProblems(input)).toEqual(server.ok ? {} : server.problems);
  });
});
